import { DELETE_EVENT_QUESTION } from '@smm/shared/events/messages';
import type { EventDto } from '@smm/shared/events/schemas';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { useDeleteEvent } from '../api/delete-event';

interface Props {
  groupID: string;
  event: EventDto;
  onHide: () => void;
  onDeleted: () => void;
}

/** Asks before deleting; a failed delete is only logged (spec 8) and the list reloads either way. */
export function DeleteEventModal({ groupID, event, onHide, onDeleted }: Props) {
  const remove = useDeleteEvent(groupID);

  function confirm() {
    remove.mutate(event._id, {
      onSuccess: onDeleted,
      onError: (error) => {
        console.error('Deleting the event failed', error);
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
    />
  );
}
