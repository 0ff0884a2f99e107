import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { GameDto } from '@smm/shared/civilization/games-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { FormDialogFooter } from '../../../lib/ui/FormDialogFooter';
import { useToast } from '../../../lib/ui/toasts';
import { useUpdateGame } from '../api/update-game';
import { sidesOf } from '../game-state';
import { PlacementInputs, placementDraftOf, placementsFrom } from './PlacementInputs';

export const PLACEMENT_RULES =
  'The winner stays 1st. Give tied players (or teams) the same place. Only players eliminated together can be put in another order.';

/** A manager sets the finishing order of a finished game; the server refuses an order that breaks the rules, saying why. */
export function EditPlacementsModal({ game, onHide }: { game: GameDto; onHide: () => void }) {
  const sides = [...sidesOf(game)].sort((a, b) => (a.placement ?? 99) - (b.placement ?? 99));
  const [draft, setDraft] = useState(() => placementDraftOf(sides));
  const [message, setMessage] = useState<string | null>(null);
  const update = useUpdateGame(game.groupID);
  const toast = useToast();

  function submit(e: FormEvent) {
    e.preventDefault();
    const result = placementsFrom(sides, draft);
    if ('missing' in result) {
      setMessage(`Give ${result.missing.label} a place from 1 to ${sides.length}`);
      return;
    }
    setMessage(null);
    update.mutate(
      { gameID: game._id, placements: result.placements },
      {
        onSuccess: () => {
          toast({ title: 'Success!', body: 'Saved the placements', variant: 'success' });
          onHide();
        },
        onError: (error) => {
          const body = errorBodyOf(error);
          setMessage(body.fields?.placements ?? body.message);
        },
      },
    );
  }

  return (
    <Modal show onHide={onHide} backdrop="static" keyboard={false} aria-labelledby="edit-placements-title">
      <Form onSubmit={submit} noValidate aria-busy={update.isPending}>
        <Modal.Header>
          <Modal.Title id="edit-placements-title">Edit placements</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {message && (
            <Alert variant="danger" role="alert">
              {message}
            </Alert>
          )}
          <fieldset aria-describedby="edit-placements-help">
            <legend className="h6">Place</legend>
            <PlacementInputs idPrefix="edit-placement" sides={sides} draft={draft} onChange={setDraft} disabled={update.isPending} />
          </fieldset>
          <Form.Text id="edit-placements-help">{PLACEMENT_RULES}</Form.Text>
        </Modal.Body>
        <FormDialogFooter
          onCancel={onHide}
          working={update.isPending}
          label="Save"
          workingLabel="Saving…"
          cancelDisabled={update.isPending}
        />
      </Form>
    </Modal>
  );
}
