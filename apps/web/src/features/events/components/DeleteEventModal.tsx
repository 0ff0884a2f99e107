import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { DELETE_EVENT_QUESTION } from '@smm/shared/events/messages';
import type { EventDto, SeriesScope } from '@smm/shared/events/schemas';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { useErrorToast } from '../../../lib/ui/use-error-toast';
import { useDeleteEvent } from '../api/delete-event';

interface Props {
  groupID: string;
  event: EventDto;
  onHide: () => void;
  onDeleted: () => void;
}

/** Asks before deleting; a refused delete is told in the server's words and the list reloads either way. */
export function DeleteEventModal({ groupID, event, onHide, onDeleted }: Props) {
  const remove = useDeleteEvent(groupID);
  const showError = useErrorToast();
  const [scope, setScope] = useState<SeriesScope>('this');

  function confirm() {
    remove.mutate(event.seriesID ? { eventID: event._id, scope } : { eventID: event._id }, {
      onSuccess: onDeleted,
      onError: (error) => {
        showError(error);
        onHide();
      },
    });
  }

  return (
    <ConfirmDialog
      title={`Delete ${event.eventName}`}
      question={DELETE_EVENT_QUESTION}
      working={remove.isPending}
      workingLabel="Deleting…"
      confirmLabel="Delete"
      closeButton={false}
      cancelDisabled={remove.isPending}
      onConfirm={confirm}
      onHide={onHide}
    >
      {event.seriesID && (
        <fieldset className="mt-3">
          <legend className="form-label fs-6">This event repeats weekly. Delete</legend>
          <Form.Check
            id="delete-scope-this"
            type="radio"
            name="delete-scope"
            label="This event"
            checked={scope === 'this'}
            onChange={() => setScope('this')}
          />
          <Form.Check
            id="delete-scope-series"
            type="radio"
            name="delete-scope"
            label="All events in the series"
            checked={scope === 'series'}
            onChange={() => setScope('series')}
          />
        </fieldset>
      )}
    </ConfirmDialog>
  );
}
