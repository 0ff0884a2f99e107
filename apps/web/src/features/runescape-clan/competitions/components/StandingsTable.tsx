import Table from 'react-bootstrap/Table';
import type { CompetitionGame } from '@smm/shared/runescape/competition-metrics';
import type { CompetitionDetail } from '@smm/shared/runescape/competition-schemas';
import { formatGain, metricLabel, metricUnit, snapshotNote } from '../competition-view';

interface Props {
  detail: CompetitionDetail;
  game: CompetitionGame;
  /** The viewer, whose row is marked. */
  userID: string;
}

/**
 * Every participant in rank order: member, account, team, the gain in each metric and the total.
 * Wide competitions scroll sideways inside their own labelled region, never the page.
 */
export function StandingsTable({ detail, game, userID }: Props) {
  const { competition, participants } = detail;
  const teams = competition.kind === 'teams';
  return (
    <div className="table-responsive" role="region" aria-labelledby="standings-title" tabIndex={0}>
      <Table striped size="sm" className="align-middle mb-0" aria-labelledby="standings-title">
        <thead>
          <tr>
            <th scope="col" className="text-end">
              Rank
            </th>
            <th scope="col">Member</th>
            <th scope="col">Account</th>
            {teams && <th scope="col">Team</th>}
            {competition.metrics.map((m) => (
              <th key={m} scope="col" className="text-end text-nowrap">
                {metricLabel(game, m)} <span className="fw-normal small text-body-secondary">({metricUnit(game, m)})</span>
              </th>
            ))}
            <th scope="col" className="text-end">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {participants.map((p) => {
            const note = snapshotNote(p, competition.status);
            return (
              <tr key={p.userID} data-player={p.playerName ?? p.username}>
                <td className="text-end">{p.rank}</td>
                <th scope="row" className="fw-normal">
                  {p.username}
                  {p.userID === userID && ' (you)'}
                </th>
                <td>
                  {p.playerName ?? '-'}
                  {note && <div className="small text-body-secondary">{note}</div>}
                </td>
                {teams && <td>{p.team ?? 'No team'}</td>}
                {competition.metrics.map((m) => (
                  <td key={m} className="text-end">
                    {formatGain(p.gains[m])}
                  </td>
                ))}
                <td className="text-end fw-semibold">{formatGain(p.total)}</td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}

/** The teams in rank order: each metric summed over the team's members, and the team's total. */
export function TeamTotalsTable({ detail, game }: Omit<Props, 'userID'>) {
  const { competition, teams, participants } = detail;
  const names = new Map(participants.map((p) => [p.userID, p.playerName ?? p.username]));
  return (
    <div className="table-responsive" role="region" aria-labelledby="team-totals-title" tabIndex={0}>
      <Table striped size="sm" className="align-middle mb-0" aria-labelledby="team-totals-title">
        <thead>
          <tr>
            <th scope="col" className="text-end">
              Rank
            </th>
            <th scope="col">Team</th>
            {competition.metrics.map((m) => (
              <th key={m} scope="col" className="text-end">
                {metricLabel(game, m)}
              </th>
            ))}
            <th scope="col" className="text-end">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {teams.map((t) => (
            <tr key={t.name} data-team={t.name}>
              <td className="text-end">{t.rank}</td>
              <th scope="row" className="fw-normal">
                {t.name}
                <div className="small text-body-secondary">{t.members.map((id) => names.get(id) ?? id).join(', ') || 'No members yet'}</div>
              </th>
              {competition.metrics.map((m) => (
                <td key={m} className="text-end">
                  {formatGain(t.gains[m])}
                </td>
              ))}
              <td className="text-end fw-semibold">{formatGain(t.total)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
