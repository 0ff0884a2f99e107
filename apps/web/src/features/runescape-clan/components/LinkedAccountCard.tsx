import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { hiscoresModeById, modesForGame, type ClanGameMode } from '@smm/shared/runescape/rs3';
import { playerName as playerNameSchema } from '@smm/shared/runescape/schemas';
import { ApiError, errorBodyOf } from '../../../lib/api-client';
import { FieldError } from '../../../lib/ui/FieldError';
import { Loading } from '../../../lib/ui/Loading';
import { useToast } from '../../../lib/ui/toasts';
import type { LookupErrors } from '../../runescape/components/OsrsLookupForm';
import { useGroupArea } from '../../groups/components/area/group-area';
import { useLinkAccount, useLinkedAccount, useRenameAccount } from '../api/linked-account';

/** A clan member's in-game name and game mode, checked on the hiscores when saved; one per member per clan. */
/** The name and mode as the server will read them, or what is wrong with each. */
function validateLink(
  values: { playerName: string; gameMode: string },
  modes: { id: string }[],
): { params: { playerName: string; gameMode: ClanGameMode } } | { errors: LookupErrors } {
  const name = playerNameSchema.safeParse(values.playerName);
  const modeOk = modes.some((m) => m.id === values.gameMode);
  if (name.success && modeOk) return { params: { playerName: name.data, gameMode: values.gameMode as ClanGameMode } };
  const errors: LookupErrors = {};
  if (!name.success) errors.playerName = name.error.issues[0]?.message;
  if (!modeOk) errors.gameMode = 'Pick a game mode from the list';
  return { errors };
}

export function LinkedAccountCard({ groupID }: { groupID: string }) {
  const modes = modesForGame(useGroupArea().group.gameName);
  const account = useLinkedAccount(groupID);
  const save = useLinkAccount(groupID);
  const rename = useRenameAccount(groupID);
  const toast = useToast();
  const [playerName, setPlayerName] = useState<string | null>(null);
  const [gameMode, setGameMode] = useState<string | null>(null);
  const [errors, setErrors] = useState<LookupErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const linked = account.data?.account ?? null;
  const name = playerName ?? linked?.playerName ?? '';
  const mode = gameMode ?? linked?.gameMode ?? modes[0]!.id;
  // A new name on the same mode is a rename: the account's history carries over to it.
  const renaming = linked !== null && mode === linked.gameMode && name.trim() !== '' && name.trim() !== linked.playerName;
  const pending = save.isPending || rename.isPending;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const checked = validateLink({ playerName: name, gameMode: mode }, modes);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const onError = (error: Error) => {
      const body = errorBodyOf(error);
      if (error instanceof ApiError && body.fields?.playerName) setErrors({ playerName: body.fields.playerName });
      else setFailure(body.message);
    };
    const onSuccess = (verb: string) => (data: { account: { playerName: string } | null }) => {
      setPlayerName(null);
      setGameMode(null);
      toast({ title: 'Success!', body: `${data.account?.playerName ?? ''} is ${verb} in this clan`, variant: 'success' });
    };
    if (renaming) {
      rename.mutate({ playerName: checked.params.playerName }, { onSuccess: onSuccess('your linked account now, with its history,'), onError });
      return;
    }
    save.mutate(checked.params, { onSuccess: onSuccess('linked to your account'), onError });
  }

  function unlink() {
    save.mutate(null, {
      onSuccess: () => {
        setPlayerName('');
        toast({ title: 'Success!', body: 'Your account is no longer linked in this clan', variant: 'success' });
      },
      onError: (error) => setFailure(errorBodyOf(error).message),
    });
  }

  return (
    <Card className="h-100">
      <Card.Header>
        <h3 className="h5 mb-0">RuneScape Account</h3>
      </Card.Header>
      <Card.Body>
        {account.isPending ? (
          <Loading label="Loading account…" />
        ) : account.isError ? (
          <Alert variant="danger">{account.error.message}</Alert>
        ) : (
          <Form noValidate onSubmit={submit} aria-label="Linked RuneScape account">
            <p className="text-body-secondary small">
              {linked
                ? `Linked: ${linked.playerName} (${hiscoresModeById(linked.gameMode).label}). The clan's stats follow this account. Renamed in game? Enter the new name: the history carries over.`
                : 'Link your in-game name so the clan stats follow your progress.'}
            </p>
            <Form.Group controlId="linked-player-name" className="mb-2">
              <Form.Label>In-game Name</Form.Label>
              <Form.Control
                value={name}
                onChange={(e) => setPlayerName(e.target.value)}
                autoComplete="off"
                spellCheck={false}
                isInvalid={Boolean(errors.playerName)}
                aria-invalid={errors.playerName ? true : undefined}
                aria-describedby={errors.playerName ? 'linked-player-name-error' : undefined}
              />
              <FieldError id="linked-player-name-error" message={errors.playerName} />
            </Form.Group>
            <Form.Group controlId="linked-game-mode" className="mb-3">
              <Form.Label>Game Mode</Form.Label>
              <Form.Select
                value={mode}
                onChange={(e) => setGameMode(e.target.value)}
                isInvalid={Boolean(errors.gameMode)}
                aria-describedby={errors.gameMode ? 'linked-game-mode-error' : undefined}
              >
                {modes.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.label}
                  </option>
                ))}
              </Form.Select>
              <FieldError id="linked-game-mode-error" message={errors.gameMode} />
            </Form.Group>
            {failure && (
              <Alert variant="danger" className="py-2">
                {failure}
              </Alert>
            )}
            <div className="d-flex gap-2 flex-wrap">
              <Button type="submit" disabled={pending}>
                {pending ? 'Checking the hiscores…' : renaming ? 'Rename Account' : 'Save Account'}
              </Button>
              {linked && (
                <Button variant="outline-secondary" onClick={unlink} disabled={pending}>
                  Unlink
                </Button>
              )}
            </div>
          </Form>
        )}
      </Card.Body>
    </Card>
  );
}
