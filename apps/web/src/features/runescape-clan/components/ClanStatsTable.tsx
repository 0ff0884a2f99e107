import { useState } from 'react';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { ClanMemberStats, ClanPeriod } from '@smm/shared/runescape/clan-schemas';
import { skillsOfGame, type ClanGame } from '@smm/shared/runescape/tracked-skills';
import { formatStat } from '../../runescape/skill-format';
import { playerPagePath } from '../player-path';
import { sortMembers, type ClanColumn, type SortDirection } from '../clan-sort';
import { useReadTime } from '../../runescape/read-time';
import { formatGain, formatUpdated } from '../format';

const FIXED_COLUMNS: { column: ClanColumn; label: string }[] = [
  { column: 'member', label: 'Member' },
  { column: 'combatLevel', label: 'Combat' },
  { column: 'totalLevel', label: 'Total Level' },
  { column: 'totalExperience', label: 'Total XP' },
  { column: 'gained', label: 'Gained' },
];

interface Props {
  groupID: string;
  /** The clan's game: its own skills, in its hiscores' order and under its names, are the columns. */
  game: ClanGame;
  period: ClanPeriod;
  members: readonly ClanMemberStats[];
}

/** Members with totals, combat level and every skill of the game (level, and experience gained in the period); every column sorts. */
export function ClanStatsTable({ groupID, game, period, members }: Props) {
  const skills = skillsOfGame(game);
  const readTime = useReadTime();
  const [sort, setSort] = useState<{ column: ClanColumn; direction: SortDirection }>({ column: 'totalExperience', direction: 'descending' });
  const rows = sortMembers(members, sort.column, sort.direction);

  function sortBy(column: ClanColumn) {
    setSort((current) =>
      current.column === column
        ? { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { column, direction: column === 'member' ? 'ascending' : 'descending' },
    );
  }

  const header = (column: ClanColumn, label: string, className = '') => (
    <th key={column} scope="col" className={className} aria-sort={sort.column === column ? sort.direction : undefined}>
      <button type="button" className="clan-sort-button" onClick={() => sortBy(column)}>
        {label}
        <span aria-hidden="true">{sort.column === column ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  );

  return (
    <Table responsive striped hover size="sm" className="clan-stats-table align-middle mb-0" aria-labelledby="clan-table-title">
      <thead>
        <tr>
          {FIXED_COLUMNS.map(({ column, label }) =>
            header(column, column === 'gained' ? `Gained (${period})` : label, column === 'member' ? 'clan-member-col' : 'text-end'),
          )}
          <th scope="col">Last Updated</th>
          {skills.map((skill) => header(skill.id, skill.label, 'text-end'))}
        </tr>
      </thead>
      <tbody>
        {rows.map((m) => (
          <tr key={m.userID} data-player={m.playerName}>
            <th scope="row" className="clan-member-col fw-normal">
              <Link to={playerPagePath(groupID, m)}>{m.playerName}</Link>
              <div className="small text-body-secondary">{m.username}</div>
            </th>
            <td className="text-end">{formatStat(m.combatLevel)}</td>
            <td className="text-end">{formatStat(m.totalLevel)}</td>
            <td className="text-end">{formatStat(m.totalExperience)}</td>
            <td className="text-end">{formatGain(m.gained.overall)}</td>
            <td className="text-nowrap small">{formatUpdated(m.lastUpdated, readTime)}</td>
            {skills.map((skill) => (
              <td key={skill.id} className="text-end" title={`${formatStat(m.skills[skill.id]?.experience)} XP`}>
                {formatStat(m.skills[skill.id]?.level)}
                <div className="small text-body-secondary">{formatGain(m.gained.skills[skill.id] ?? null)}</div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
