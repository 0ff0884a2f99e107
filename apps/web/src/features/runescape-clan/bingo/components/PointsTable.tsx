import Table from 'react-bootstrap/Table';
import type { BingoTeam } from '@smm/shared/runescape/bingo-schemas';

interface Props {
  teams: readonly BingoTeam[];
  /** The viewer's team, whose row is marked. */
  teamID: string | null;
  /** Id of the heading that names the table. */
  labelledBy: string;
}

/** Every team in rank order: tiles done, complete lines, tile and bonus points and the total. */
export function PointsTable({ teams, teamID, labelledBy }: Props) {
  return (
    <div className="table-responsive" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <Table striped size="sm" className="align-middle mb-0" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col" className="text-end">
              Rank
            </th>
            <th scope="col">Team</th>
            <th scope="col" className="text-end">
              Tiles
            </th>
            <th scope="col" className="text-end">
              Lines
            </th>
            <th scope="col" className="text-end">
              Bonus
            </th>
            <th scope="col" className="text-end">
              Points
            </th>
          </tr>
        </thead>
        <tbody>
          {teams.map((team) => (
            <tr key={team.teamID} data-team={team.name}>
              <td className="text-end">{team.rank}</td>
              <th scope="row" className="fw-normal">
                {team.name}
                {team.teamID === teamID && ' (your team)'}
              </th>
              <td className="text-end">{team.doneTiles}</td>
              <td className="text-end">
                {team.rows + team.columns + team.diagonals}
                {team.board && ' + board'}
              </td>
              <td className="text-end">{team.bonusPoints}</td>
              <td className="text-end fw-semibold">{team.points}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
