import type { GroupCardDto } from '@smm/shared/components/schemas';
import { ConfirmDialog } from '../../../../lib/ui/ConfirmDialog';
import { useToast } from '../../../../lib/ui/toasts';
import { useErrorToast } from '../../../../lib/ui/use-error-toast';
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
  const showError = useErrorToast();

  function submit() {
    if (!card) return;
    remove.mutate(
      { _id: card._id, groupID },
      {
        onSuccess: () => {
          toast({ title: 'Success!', body: 'Successfully removed card', variant: 'success' });
          onHide();
        },
        // A refusal in the server's words; anything else with the spec's text.
        onError: (error) => showError(error, 'Unexpected error deleting card. Please submit issue in contact us.'),
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
      // Spec 5 names this button Submit.
      confirmLabel="Submit"
      onConfirm={submit}
      onHide={onHide}
    >
      {card && <p className="fw-semibold mb-0">{card.title}</p>}
    </ConfirmDialog>
  );
}
