import Table from 'react-bootstrap/Table';
import type { OsrsDetails } from '@smm/shared/runescape/schemas';
import { overallRow, skillRows } from '../skill-format';

/** The Skills table: Skill, Level, Rank, Exp; one row per skill in the spec's order, Overall as the summary; a skill the answer lacked is marked. */
export function SkillsTable({ details }: { details: OsrsDetails }) {
  const overall = overallRow(details);
  // Skills the hiscores answer lacked (renamed or withdrawn): marked, never shown as unranked.
  const missing = new Set<string>(details.missingSkills);
  // Responsive: on screens narrower than a phone the table scrolls inside its card, not the page.
  return (
    <Table responsive striped hover size="sm" className="skills-table align-middle mb-0" aria-labelledby="skills-heading">
      <thead>
        <tr>
          <th scope="col">Skill</th>
          <th scope="col" className="text-end">
            Level
          </th>
          <th scope="col" className="text-end">
            Rank
          </th>
          <th scope="col" className="text-end">
            Exp
          </th>
        </tr>
      </thead>
      <tbody>
        {skillRows(details).map((row) => (
          <tr key={row.id} data-skill={row.id} className={missing.has(row.id) ? 'skill-missing' : undefined}>
            <th scope="row" className="fw-normal">
              {/* Decorative: the skill's name is written next to it. */}
              <img src={row.icon} alt="" width={24} height={24} className="skill-icon me-2" />
              {row.label}
            </th>
            {missing.has(row.id) ? (
              <td colSpan={3} className="text-end fst-italic">
                Not in the hiscores answer
              </td>
            ) : (
              <>
                <td className="text-end">{row.level}</td>
                <td className="text-end">{row.rank}</td>
                <td className="text-end">{row.experience}</td>
              </>
            )}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="skills-overall">
          <th scope="row">
            <span className="skill-icon-spacer me-2" aria-hidden="true" />
            Overall
          </th>
          <td className="text-end">{overall.level}</td>
          <td className="text-end">{overall.rank}</td>
          <td className="text-end">{overall.experience}</td>
        </tr>
      </tfoot>
    </Table>
  );
}
