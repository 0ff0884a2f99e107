import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { GAME_NAME_MAX, LOBBY_LINK_MAX, type GameDto, type GameMemberDto } from '@smm/shared/civilization/games-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { FieldError } from '../../../lib/ui/FieldError';
import { FormDialogFooter } from '../../../lib/ui/FormDialogFooter';
import { TextField } from '../../../lib/ui/TextField';
import { useToast } from '../../../lib/ui/toasts';
import { useUpdateGame } from '../api/update-game';
import { activeMembers } from '../game-state';
import { useOpenedResult } from '../use-opened-result';
import { ResultConflict } from './ResultConflict';

interface Props {
  game: GameDto;
  /** Managers also name who records the results; players edit only the name and the lobby link. */
  canChangeHost: boolean;
  onHide: () => void;
}

/**
 * The choices for who records the results: the one who does now first when an elimination took them
 * out of the active players (or nobody is named), then the active players, who alone can be named.
 */
function recorderOptions(game: GameDto, current: GameMemberDto | undefined): { userID: string; label: string }[] {
  const kept = !current
    ? [{ userID: '', label: 'Nobody named' }]
    : current.isActive
      ? []
      : [{ userID: current.userID, label: `${current.username} (eliminated)` }];
  // Once the lobby has passed to someone else, say who holds it: naming them is how the right follows.
  const lobby = (userID: string) => (userID === game.host && userID !== current?.userID ? ' (hosts the lobby)' : '');
  return [...kept, ...activeMembers(game).map((member) => ({ userID: member.userID, label: member.username + lobby(member.userID) }))];
}

const recorderOf = (game: GameDto) => game.members.find((member) => member.userID === game.chosenHost);

/**
 * Game Name, Lobby Link and who records the results. Naming a player there names the host too (spec 4:
 * the host is always an active member); an elimination passes the lobby on but not the recording.
 * Who records is part of the result: naming someone is refused (409) if another manager changed the
 * result since the dialog opened, and Reload shows the newer one.
 */
export function EditGameModal({ game, canChangeHost, onHide }: Props) {
  const [gameName, setGameName] = useState(game.gameName);
  const [lobbyLink, setLobbyLink] = useState(game.lobbyLink);
  const [recorder, setRecorder] = useState(recorderOf(game)?.userID ?? '');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const result = useOpenedResult(game, (fresh) => {
    setRecorder(recorderOf(fresh)?.userID ?? '');
    setFields({});
    setMessage(null);
  });
  const current = recorderOf(result.opened);
  const recording = current?.userID ?? '';
  const recorders = recorderOptions(result.opened, current);
  const update = useUpdateGame(game.groupID);
  const toast = useToast();

  function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    result.clear();
    // The host only when another recorder is chosen here: naming a host names who records the results,
    // so it goes with the version of the result the dialog shows. The name and the lobby link alone do not.
    const naming = canChangeHost && recorder && recorder !== recording;
    update.mutate(
      { gameID: game._id, gameName, lobbyLink, ...(naming ? { host: recorder, expectedResultVersion: result.expectedResultVersion } : {}) },
      {
        onSuccess: () => {
          toast({ title: 'Success!', body: 'Saved the game', variant: 'success' });
          onHide();
        },
        onError: (error) => {
          if (result.caught(error)) return;
          const body = errorBodyOf(error);
          setFields(body.fields ?? {});
          setMessage(body.message);
        },
      },
    );
  }

  return (
    <Modal show onHide={onHide} backdrop="static" keyboard={false} aria-labelledby="edit-game-title">
      <Form onSubmit={submit} noValidate aria-busy={update.isPending}>
        <Modal.Header>
          <Modal.Title id="edit-game-title">Edit Game</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {message && (
            <Alert variant="danger" role="alert">
              {message}
            </Alert>
          )}
          <TextField
            id="edit-game-name"
            label="Game Name"
            value={gameName}
            onChange={setGameName}
            maxLength={GAME_NAME_MAX}
            error={fields.gameName}
          />
          <TextField
            id="edit-game-lobby"
            label="Lobby Link"
            value={lobbyLink}
            onChange={setLobbyLink}
            maxLength={LOBBY_LINK_MAX}
            required={false}
            error={fields.lobbyLink}
          />
          {canChangeHost && (
            <Form.Group controlId="edit-game-host">
              <Form.Label>Records the results</Form.Label>
              <Form.Select
                value={recorder}
                onChange={(e) => setRecorder(e.target.value)}
                isInvalid={Boolean(fields.host)}
                aria-describedby={fields.host ? 'edit-game-host-error' : 'edit-game-host-help'}
                disabled={!result.opened.members.some((member) => member.isActive)}
              >
                {recorders.map((option) => (
                  <option key={option.userID} value={option.userID}>
                    {option.label}
                  </option>
                ))}
              </Form.Select>
              <Form.Text id="edit-game-host-help">
                Only active players can be named, and the player named also hosts the lobby. If they are eliminated, the lobby passes to the
                next player but the right to record the results stays with them.
              </Form.Text>
              <FieldError id="edit-game-host-error" message={fields.host} />
            </Form.Group>
          )}
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
