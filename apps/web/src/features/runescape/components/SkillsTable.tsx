import type { OsrsDetails } from '@smm/shared/runescape/schemas';
import { overallRow, skillRows } from '../skill-format';
import { HiscoresTable } from './HiscoresTable';

/** The Skills table: Skill, Level, Rank, Exp; one row per skill in the spec's order, Overall as the summary; a skill the answer lacked is marked. */
export function SkillsTable({ details }: { details: OsrsDetails }) {
  const overall = overallRow(details);
  // Skills the hiscores answer lacked (renamed or withdrawn): marked, never shown as unranked.
  const missing = new Set<string>(details.missingSkills);
  return (
    <HiscoresTable
      labelledBy="skills-heading"
      className="skills-table align-middle"
      hover
      columns={['Skill', 'Level', 'Rank', 'Exp']}
      rows={skillRows(details).map((row) => ({
        key: row.id,
        skill: row.id,
        className: missing.has(row.id) ? 'skill-missing' : undefined,
        name: (
          <>
            {/* Decorative: the skill's name is written next to it. */}
            <img src={row.icon} alt="" width={24} height={24} className="skill-icon me-2" />
            {row.label}
          </>
        ),
        values: [row.level, row.rank, row.experience],
        note: missing.has(row.id) ? 'Not in the hiscores answer' : undefined,
      }))}
      summary={{
        key: 'overall',
        className: 'skills-overall',
        name: (
          <>
            <span className="skill-icon-spacer me-2" aria-hidden="true" />
            Overall
          </>
        ),
        values: [overall.level, overall.rank, overall.experience],
      }}
    />
  );
}
