import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { useErrorToast } from '../../../lib/ui/use-error-toast';

interface Props {
  contestID: string;
  name: string;
  /** What deleting takes with it. */
  question: string;
  /** The contest's delete mutation; its id is the contest's. */
  remove: { isPending: boolean; mutate: (contestID: string, options: { onSuccess: () => void; onError: (error: Error) => void }) => void };
  /** Where the viewer lands once it is deleted: the contest's list. */
  listPath: string;
  onHide: () => void;
}

/** Delete a competition or bingo (Administrators), after a yes-or-no question; a refusal is told in a toast. */
export function DeleteContestDialog({ contestID, name, question, remove, listPath, onHide }: Props) {
  const showError = useErrorToast();
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      title={`Delete ${name}`}
      question={question}
      working={remove.isPending}
      workingLabel="Deleting…"
      confirmLabel="Delete"
      closeButton={false}
      cancelDisabled={remove.isPending}
      onHide={onHide}
      onConfirm={() =>
        remove.mutate(contestID, {
          onSuccess: () => void navigate(listPath),
          onError: (error) => {
            showError(error);
            onHide();
          },
        })
      }
    />
  );
}
