import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { DELETE_EVENT_QUESTION } from '@smm/shared/events/messages';
import type { EventDto } from '@smm/shared/events/schemas';
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
    <Modal show onHide={onHide} backdrop="static" keyboard={false} aria-labelledby="delete-event-title">
      <Modal.Header>
        <Modal.Title id="delete-event-title">Delete {event.eventName}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{DELETE_EVENT_QUESTION}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting…' : 'Delete'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
