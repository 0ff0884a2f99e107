import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { GameDto } from '@smm/shared/civilization/games-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { FormDialogFooter } from '../../../lib/ui/FormDialogFooter';
import { useToast } from '../../../lib/ui/toasts';
import { useUpdateGame } from '../api/update-game';
import { sidesOf, type Side } from '../game-state';
import { useOpenedResult } from '../use-opened-result';
import { PlacementInputs, placementDraftOf, placementsFrom } from './PlacementInputs';
import { ResultConflict } from './ResultConflict';

export const PLACEMENT_RULES =
  'The winner stays 1st. Give tied players (or teams) the same place. Only players eliminated together can be put in another order.';

const placedSides = (game: GameDto): Side[] => [...sidesOf(game)].sort((a, b) => (a.placement ?? 99) - (b.placement ?? 99));

/**
 * A manager sets the finishing order of a finished game, from the order it had when the dialog opened;
 * the server refuses an order that breaks the rules, saying why, and one sent after someone else
 * changed the result (409), which Reload then shows here.
 */
export function EditPlacementsModal({ game, onHide }: { game: GameDto; onHide: () => void }) {
  const [draft, setDraft] = useState(() => placementDraftOf(placedSides(game)));
  const [message, setMessage] = useState<string | null>(null);
  const result = useOpenedResult(game, (fresh) => {
    setDraft(placementDraftOf(placedSides(fresh)));
    setMessage(null);
  });
  const sides = placedSides(result.opened);
  const update = useUpdateGame(game.groupID);
  const toast = useToast();

  function submit(e: FormEvent) {
    e.preventDefault();
    const order = placementsFrom(sides, draft);
    if ('missing' in order) {
      setMessage(`Give ${order.missing.label} a place from 1 to ${sides.length}`);
      return;
    }
    setMessage(null);
    result.clear();
    update.mutate(
      { gameID: game._id, placements: order.placements, expectedResultVersion: result.expectedResultVersion },
      {
        onSuccess: () => {
          toast({ title: 'Success!', body: 'Saved the placements', variant: 'success' });
          onHide();
        },
        onError: (error) => {
          if (result.caught(error)) return;
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
            <PlacementInputs
              idPrefix="edit-placement"
              sides={sides}
              draft={draft}
              onChange={setDraft}
              disabled={update.isPending || result.reloading}
            />
          </fieldset>
          <Form.Text id="edit-placements-help">{PLACEMENT_RULES}</Form.Text>
        </Modal.Body>
        <FormDialogFooter
          onCancel={onHide}
          working={update.isPending || result.reloading}
          label="Save"
          workingLabel="Saving…"
          cancelDisabled={update.isPending}
          beside={<ResultConflict result={result} />}
        />
      </Form>
    </Modal>
  );
}
