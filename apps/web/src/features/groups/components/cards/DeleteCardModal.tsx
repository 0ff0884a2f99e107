import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { GroupCardDto } from '@smm/shared/components/schemas';
import { useToast } from '../../../../lib/ui/toasts';
import { useRemoveGroupCard } from '../../api/remove-group-card';

interface Props {
  groupID: string;
  card: GroupCardDto | null;
  onHide: () => void;
}

/** Confirms a card's deletion; Submit stays disabled while it is being deleted. */
export function DeleteCardModal({ groupID, card, onHide }: Props) {
  const remove = useRemoveGroupCard(groupID);
  const toast = useToast();

  function submit() {
    if (!card) return;
    remove.mutate(
      { _id: card._id, groupID },
      {
        onSuccess: () => {
          toast({ title: 'Success!', body: 'Successfully removed card', variant: 'success' });
          onHide();
        },
        onError: () =>
          toast({ title: 'Error!', body: 'Unexpected error deleting card. Please submit issue in contact us.', variant: 'danger' }),
      },
    );
  }

  return (
    <Modal show={card !== null} onHide={onHide} backdrop="static" keyboard={false} aria-labelledby="delete-card-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="delete-card-title">Delete Card</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-1">Are you sure you wish to permanently delete this card?</p>
        {card && <p className="fw-semibold mb-0">{card.title}</p>}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          Cancel
        </Button>
        <Button variant="danger" onClick={submit} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting…' : 'Submit'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
