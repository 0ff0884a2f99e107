import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { GAME_NAME_MAX, LOBBY_LINK_MAX, type GameDto } from '@smm/shared/civilization/games-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { FieldError } from '../../../lib/ui/FieldError';
import { FormDialogFooter } from '../../../lib/ui/FormDialogFooter';
import { TextField } from '../../../lib/ui/TextField';
import { useToast } from '../../../lib/ui/toasts';
import { useUpdateGame } from '../api/update-game';
import { activeMembers } from '../game-state';

interface Props {
  game: GameDto;
  /** Managers also choose the host; players edit only the name and the lobby link. */
  canChangeHost: boolean;
  onHide: () => void;
}

/** Game Name, Lobby Link and Host (spec 4: the host is always an active member). */
export function EditGameModal({ game, canChangeHost, onHide }: Props) {
  const hosts = activeMembers(game);
  const [gameName, setGameName] = useState(game.gameName);
  const [lobbyLink, setLobbyLink] = useState(game.lobbyLink);
  const [host, setHost] = useState(game.host ?? hosts[0]?.userID ?? '');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const update = useUpdateGame(game.groupID);
  const toast = useToast();

  function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    update.mutate(
      // The host only when chosen here: naming a host also names who records the results.
      { gameID: game._id, gameName, lobbyLink, ...(canChangeHost && host && host !== game.host ? { host } : {}) },
      {
        onSuccess: () => {
          toast({ title: 'Success!', body: 'Saved the game', variant: 'success' });
          onHide();
        },
        onError: (error) => {
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
              <Form.Label>Host</Form.Label>
              <Form.Select
                value={host}
                onChange={(e) => setHost(e.target.value)}
                isInvalid={Boolean(fields.host)}
                aria-describedby={fields.host ? 'edit-game-host-error' : 'edit-game-host-help'}
                disabled={hosts.length === 0}
              >
                {hosts.map((member) => (
                  <option key={member.userID} value={member.userID}>
                    {member.username}
                  </option>
                ))}
              </Form.Select>
              <Form.Text id="edit-game-host-help">Only active members can host.</Form.Text>
              <FieldError id="edit-game-host-error" message={fields.host} />
            </Form.Group>
          )}
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
