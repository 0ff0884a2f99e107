import type { GroupCardDto } from '@smm/shared/components/schemas';
import { ConfirmDialog } from '../../../../lib/ui/ConfirmDialog';
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
    <ConfirmDialog
      show={card !== null}
      title="Delete Card"
      question="Are you sure you wish to permanently delete this card?"
      working={remove.isPending}
      workingLabel="Deleting…"
      onConfirm={submit}
      onHide={onHide}
    >
      {card && <p className="fw-semibold mb-0">{card.title}</p>}
    </ConfirmDialog>
  );
}
