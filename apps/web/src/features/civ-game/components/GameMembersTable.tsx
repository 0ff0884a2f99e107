import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { GameDto, GameMemberDto } from '@smm/shared/civilization/games-schemas';
import { canEliminate, isWinner, leaderText } from '../game-state';

export const HIDDEN_CHOICES_TEXT = 'Hidden until the game is finished';

interface Props {
  game: GameDto;
  /** Null when the viewer may not change who is still in the game (a finished game). */
  onToggle: ((member: GameMemberDto) => void) | null;
  /** The member whose change is being saved. */
  pendingUserID: string | null;
}

function CivChoices({ member }: { member: GameMemberDto }) {
  if (member.civChoicesHidden) return <span className="text-body-secondary fst-italic">{HIDDEN_CHOICES_TEXT}</span>;
  if (member.civChoices.length === 0) return <span className="text-body-secondary">None</span>;
  return (
    <ul className="list-unstyled mb-0">
      {member.civChoices.map((choice) => (
        <li key={choice.civID}>{leaderText(choice)}</li>
      ))}
    </ul>
  );
}

/** The game's players: team, civ choices (withheld in anonymous mode) and Active/Eliminated, with the toggle. */
export function GameMembersTable({ game, onToggle, pendingUserID }: Props) {
  const teams = game.gameType === 'team';
  const members = teams ? [...game.members].sort((a, b) => (a.team ?? 99) - (b.team ?? 99)) : game.members;
  return (
    <Table responsive className="mb-0 align-middle civ-game-members" aria-label="Members">
      <thead>
        <tr>
          <th scope="col">Member</th>
          {teams && <th scope="col">Team</th>}
          <th scope="col">Civ Choices</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {members.map((member) => (
          <tr key={member.userID} className={member.isActive ? undefined : 'is-eliminated'}>
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
            </td>
            <td>
              <div className="civ-game-status">
                <Badge bg={member.isActive ? 'success' : 'secondary'}>{member.isActive ? 'Active' : 'Eliminated'}</Badge>
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
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
