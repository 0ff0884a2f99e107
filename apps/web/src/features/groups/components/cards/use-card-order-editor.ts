import { useState } from 'react';
import type { GroupCardDto } from '@smm/shared/components/schemas';
import { useToast } from '../../../../lib/ui/toasts';
import { useErrorToast } from '../../../../lib/ui/use-error-toast';
import { useSaveCardOrder } from '../../api/save-card-order';
import { cardOrderBody } from './card-order';

/** The order being edited, kept locally until Save sends it; the toasts are the spec's. */
export function useCardOrderEditor(groupID: string, cards: readonly GroupCardDto[], onSaved: () => void) {
  const [order, setOrder] = useState<readonly GroupCardDto[]>(cards);
  const save = useSaveCardOrder(groupID);
  const toast = useToast();
  const showError = useErrorToast();

  function submit() {
    save.mutate(cardOrderBody(order), {
      onSuccess: () => {
        toast({ title: 'Success!', body: 'Successfully card order', variant: 'success' });
        onSaved();
      },
      // A refusal in the server's words; anything else with the spec's text.
      onError: (error) => showError(error, 'Unexpected error while saving card order. Please submit issue in contact us.'),
    });
  }

  return { order, setOrder, submit, saving: save.isPending };
}
