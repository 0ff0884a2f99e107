import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { can } from '@smm/shared/groups/policy';
import { hiscoresModeById, modesForGame, type ClanGameMode } from '@smm/shared/runescape/rs3';
import { parseRoster, ROSTER_MAX_CHARS } from '@smm/shared/runescape/roster';
import { errorBodyOf } from '../../../lib/api-client';
import { FieldError } from '../../../lib/ui/FieldError';
import { Loading } from '../../../lib/ui/Loading';
import { useToast } from '../../../lib/ui/toasts';
import { useGroupArea } from '../../groups/components/area/group-area';
import { useClaimInvitation, useImportRoster, useRoster } from '../api/roster';

function ImportForm({ groupID, gameName }: { groupID: string; gameName: string }) {
  const modes = modesForGame(gameName);
  const importRoster = useImportRoster(groupID);
  const [roster, setRoster] = useState('');
  const [gameMode, setGameMode] = useState<string>(modes[0]!.id);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setResult(null);
    const { names, problems } = parseRoster(roster);
    if (problems.length > 0) return setError(`These lines hold no valid player name: ${problems.slice(0, 5).join(', ')}`);
    if (names.length === 0) return setError('Paste at least one name');
    setError(null);
    importRoster.mutate(
      { roster, gameMode: gameMode as ClanGameMode },
      {
        onSuccess: ({ added, skipped }) => {
          setRoster('');
          setResult(
            `Added ${added} name${added === 1 ? '' : 's'}.` + (skipped > 0 ? ` ${skipped} already invited were left as they were.` : ''),
          );
        },
        onError: (e) => setError(errorBodyOf(e).fields?.roster ?? errorBodyOf(e).message),
      },
    );
  }

  return (
    <Form noValidate onSubmit={submit} aria-label="Import a roster" className="mb-3">
      <Form.Group controlId="roster-names" className="mb-2">
        <Form.Label>Names (one per line, or CSV with a Name column)</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          value={roster}
          maxLength={ROSTER_MAX_CHARS}
          onChange={(e) => setRoster(e.target.value)}
          spellCheck={false}
          isInvalid={Boolean(error)}
          aria-describedby={error ? 'roster-names-error' : undefined}
        />
        <FieldError id="roster-names-error" message={error ?? undefined} />
      </Form.Group>
      <div className="d-flex flex-wrap align-items-end gap-2">
        <Form.Group controlId="roster-game-mode">
          <Form.Label>Game Mode</Form.Label>
          <Form.Select value={gameMode} onChange={(e) => setGameMode(e.target.value)}>
            {modes.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button type="submit" disabled={importRoster.isPending}>
          {importRoster.isPending ? 'Importing…' : 'Import Roster'}
        </Button>
      </div>
      {result && (
        <Alert variant="success" className="py-2 mt-2 mb-0" role="status">
          {result}
        </Alert>
      )}
    </Form>
  );
}

/** The clan's imported roster: Administrators paste names; a member claims theirs, which links it. */
export function RosterCard() {
  const { groupID, context, user, group } = useGroupArea();
  const roster = useRoster(groupID);
  const claim = useClaimInvitation(groupID);
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const canImport = can('importClanRoster', context);
  const invitations = roster.data?.invitations ?? [];
  if (!canImport && roster.isSuccess && invitations.length === 0) return null;

  function claimName(invitationID: string, playerName: string) {
    setFailure(null);
    claim.mutate(invitationID, {
      onSuccess: () => toast({ title: 'Success!', body: `${playerName} is linked to your account in this clan`, variant: 'success' }),
      onError: (e) => setFailure(errorBodyOf(e).fields?.playerName ?? errorBodyOf(e).message),
    });
  }

  return (
    <Card className="mt-3">
      <Card.Header>
        <h3 id="roster-title" className="h5 mb-0">
          Roster
        </h3>
      </Card.Header>
      <Card.Body>
        {canImport && <ImportForm groupID={groupID} gameName={group.gameName} />}
        {failure && (
          <Alert variant="danger" className="py-2" role="alert">
            {failure}
          </Alert>
        )}
        {roster.isPending ? (
          <Loading label="Loading roster…" />
        ) : roster.isError ? (
          <Alert variant="danger">{roster.error.message}</Alert>
        ) : invitations.length === 0 ? (
          <p className="text-body-secondary mb-0">No roster imported yet.</p>
        ) : (
          <div className="table-responsive">
            <Table size="sm" className="mb-0 align-middle" aria-labelledby="roster-title">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Game Mode</th>
                  <th scope="col">Claimed by</th>
                </tr>
              </thead>
              <tbody>
                {invitations.map((invitation) => (
                  <tr key={invitation.invitationID}>
                    <td>{invitation.playerName}</td>
                    <td>{hiscoresModeById(invitation.gameMode).label}</td>
                    <td>
                      {invitation.claimedBy ? (
                        invitation.claimedBy.userID === user.id ? (
                          'You'
                        ) : (
                          invitation.claimedBy.username
                        )
                      ) : (
                        <Button
                          size="sm"
                          variant="outline-primary"
                          disabled={claim.isPending}
                          onClick={() => claimName(invitation.invitationID, invitation.playerName)}
                          aria-label={`Claim ${invitation.playerName}`}
                        >
                          {claim.isPending && claim.variables === invitation.invitationID ? 'Checking…' : 'Claim'}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
