import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router';
import type { ApiErrorBody } from '@smm/shared/errors';
import { GROUP_NAME_MAX } from '@smm/shared/groups/schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { FieldError } from '../../../lib/ui/FieldError';
import { TextField } from '../../../lib/ui/TextField';
import { useToast } from '../../../lib/ui/toasts';
import { useCreateGroup } from '../api/create-group';
import '../../../styles/page-styles';
import { useGames } from '../api/get-games';
import { FormDialogFooter } from '../../../lib/ui/FormDialogFooter';
import { welcomePath } from './GroupCard';

const empty = { groupName: '', gameName: '', isPrivate: true };

/**
 * 'Create New group': group name, game and 'Private group' (checked by default); server errors under
 * each field. The new group opens at once, with its invite link at hand.
 */
export function CreateGroupModal({ userID, onHide }: { userID: string; onHide: () => void }) {
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const games = useGames();
  const create = useCreateGroup(userID);
  const toast = useToast();
  const navigate = useNavigate();

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    create.mutate(
      { userID, groupOwner: userID, groupName: form.groupName, gameName: form.gameName, isPrivate: form.isPrivate },
      {
        onSuccess: (group) => {
          toast({ title: 'Success!', body: `Created ${group.groupName}`, variant: 'success' });
          onHide();
          void navigate(welcomePath(group), { state: { newGroup: true } });
        },
        onError: (e) => setError(errorBodyOf(e)),
      },
    );
  }

  const gameError = error?.fields?.gameName;
  return (
    <Modal show onHide={onHide} backdrop="static" keyboard={false} aria-labelledby="create-group-title">
      <Form onSubmit={submit} noValidate aria-busy={create.isPending}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="create-group-title">Create New group</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && !error.fields && <Alert variant="danger">{error.message}</Alert>}
          <TextField
            id="group-name"
            label="Group Name"
            value={form.groupName}
            onChange={(groupName) => setForm({ ...form, groupName })}
            maxLength={GROUP_NAME_MAX}
            error={error?.fields?.groupName}
          />
          <Form.Group className="mb-3" controlId="group-game">
            <Form.Label>Game</Form.Label>
            <Form.Select
              value={form.gameName}
              onChange={(e) => setForm({ ...form, gameName: e.target.value })}
              isInvalid={Boolean(gameError)}
              aria-describedby={gameError ? 'group-game-error' : undefined}
              disabled={games.isPending}
              required
            >
              <option value="">{games.isPending ? 'Loading games…' : 'Choose a game'}</option>
              {games.data?.map((game) => (
                <option key={game.gameName} value={game.gameName}>
                  {game.gameName}
                </option>
              ))}
            </Form.Select>
            <FieldError id="group-game-error" message={gameError ?? (games.isError ? games.error.message : undefined)} />
          </Form.Group>
          <Form.Check
            id="group-private"
            type="checkbox"
            label="Private group"
            checked={form.isPrivate}
            onChange={(e) => setForm({ ...form, isPrivate: e.target.checked })}
          />
        </Modal.Body>
        <FormDialogFooter onCancel={onHide} working={create.isPending} label="Submit" workingLabel="Submitting…" />
      </Form>
    </Modal>
  );
}
