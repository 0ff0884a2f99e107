import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { GameDto, GameMemberDto } from '@smm/shared/civilization/games-schemas';
import { ordinal, ratingDeltaText } from '../format';
import { canEliminate, isWinner, leaderText, placementText } from '../game-state';

export const HIDDEN_CHOICES_TEXT = 'Hidden until the game is finished';

interface Props {
  game: GameDto;
  /** Null when the viewer may not change who is still in the game (a finished game, or not a manager). */
  onToggle: ((member: GameMemberDto) => void) | null;
  /** The member whose change is being saved. */
  pendingUserID: string | null;
  /** Null for members whose leader the viewer may not set (managers set anyone's, players their own). */
  onSetLeader: ((member: GameMemberDto) => void) | null;
  canSetLeader: (member: GameMemberDto) => boolean;
}

function CivChoices({ member }: { member: GameMemberDto }) {
  if (member.civChoicesHidden) return <span className="text-body-secondary fst-italic">{HIDDEN_CHOICES_TEXT}</span>;
  const played = member.civPlayed;
  const playedElsewhere = played && !member.civChoices.some((choice) => choice.civID === played.civID);
  return (
    <>
      {member.civChoices.length === 0 && !played && <span className="text-body-secondary">None</span>}
      {member.civChoices.length > 0 && (
        <ul className="list-unstyled mb-0">
          {member.civChoices.map((choice) => (
            <li key={choice.civID}>
              {leaderText(choice)}
              {played?.civID === choice.civID && (
                <Badge bg="primary" className="ms-1">
                  Played
                </Badge>
              )}
            </li>
          ))}
        </ul>
      )}
      {playedElsewhere && (
        <p className="mb-0">
          Played: <span className="fw-semibold">{leaderText(played)}</span>
        </p>
      )}
    </>
  );
}

function RatingChange({ member }: { member: GameMemberDto }) {
  const change = member.ratingChange;
  if (!change) return <span className="text-body-secondary">—</span>;
  const tone = change.delta > 0.05 ? 'text-success' : change.delta < -0.05 ? 'text-danger' : 'text-body-secondary';
  return (
    <span className={`fw-semibold text-nowrap ${tone}`} title={`Rating ${change.before.toFixed(1)} → ${change.after.toFixed(1)}`}>
      {ratingDeltaText(change.delta)}
    </span>
  );
}

function Status({ game, member, onToggle, pendingUserID }: Pick<Props, 'game' | 'onToggle' | 'pendingUserID'> & { member: GameMemberDto }) {
  return (
    <div className="civ-game-status">
      <span>
        <Badge bg={member.isActive ? 'success' : 'secondary'}>{member.isActive ? 'Active' : 'Eliminated'}</Badge>
        {!member.isActive && member.eliminationStep !== null && (
          <span className="small text-body-secondary text-nowrap ms-1">{ordinal(member.eliminationStep)} out</span>
        )}
      </span>
      {onToggle && (
        <Button
          size="sm"
          variant={member.isActive ? 'outline-danger' : 'outline-success'}
          onClick={() => onToggle(member)}
          disabled={pendingUserID !== null || !canEliminate(game, member)}
          aria-busy={pendingUserID === member.userID}
        >
          {member.isActive ? 'Eliminate' : 'Reactivate'}
          <span className="visually-hidden"> {member.username}</span>
        </Button>
      )}
    </div>
  );
}

/**
 * The game's players: team, civ choices (withheld in anonymous mode) with the leader played, and
 * Active/Eliminated with the elimination order while the game runs, or the place and rating change
 * once it is finished.
 */
export function GameMembersTable({ game, onToggle, pendingUserID, onSetLeader, canSetLeader }: Props) {
  const teams = game.gameType === 'team';
  const finished = game.isFinished;
  const byPlace = (a: GameMemberDto, b: GameMemberDto) => (a.placement ?? 99) - (b.placement ?? 99);
  const byTeam = (a: GameMemberDto, b: GameMemberDto) => (a.team ?? 99) - (b.team ?? 99);
  const members = finished ? [...game.members].sort(byPlace) : teams ? [...game.members].sort(byTeam) : game.members;
  const rated = finished && game.members.some((member) => member.ratingChange !== null);
  return (
    <Table responsive className="mb-0 align-middle civ-game-members" aria-label="Members">
      <thead>
        <tr>
          {finished && <th scope="col">Place</th>}
          <th scope="col">Member</th>
          {teams && <th scope="col">Team</th>}
          <th scope="col">Civ Choices</th>
          {finished ? rated && <th scope="col">Rating</th> : <th scope="col">Status</th>}
        </tr>
      </thead>
      <tbody>
        {members.map((member) => (
          <tr key={member.userID} className={member.isActive || finished ? undefined : 'is-eliminated'}>
            {finished && <td className="fw-semibold text-nowrap">{placementText(game, member) ?? '—'}</td>}
            <th scope="row" className="fw-normal text-break">
              {member.username}
              {member.userID === game.host && (
                <Badge bg="dark" className="ms-2">
                  Host
                </Badge>
              )}
              {isWinner(game, member) && (
                <Badge bg="warning" text="dark" className="ms-2">
                  Winner
                </Badge>
              )}
            </th>
            {teams && <td>{member.team ?? '—'}</td>}
            <td className="civ-game-choices">
              <CivChoices member={member} />
              {onSetLeader && canSetLeader(member) && (
                <Button size="sm" variant="link" className="p-0 mt-1" onClick={() => onSetLeader(member)}>
                  {member.civPlayed ? 'Change leader played' : 'Set leader played'}
                  <span className="visually-hidden"> by {member.username}</span>
                </Button>
              )}
            </td>
            {finished ? (
              rated && (
                <td>
                  <RatingChange member={member} />
                </td>
              )
            ) : (
              <td>
                <Status game={game} member={member} onToggle={onToggle} pendingUserID={pendingUserID} />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
