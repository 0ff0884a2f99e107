import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import type { OsrsDetails } from '@smm/shared/runescape/schemas';
import { formatStat } from '../skill-format';

/** Skills beyond the spec's 23 (such as Sailing), and the bosses and activities the player is ranked in. */
export function MoreStats({ details }: { details: OsrsDetails }) {
  const others = details.otherSkills;
  const ranked = details.activities.filter((a) => a.score !== null);
  const unranked = details.activities.length - ranked.length;
  return (
    <>
      {others.length > 0 && (
        <Card className="mt-3">
          <Card.Header>
            <h2 id="other-levels-heading" className="h5 mb-0">
              Other Levels
            </h2>
          </Card.Header>
          <Table responsive striped size="sm" className="mb-0 skills-table" aria-labelledby="other-levels-heading">
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
              {others.map((skill) => (
                <tr key={skill.name}>
                  <th scope="row" className="fw-normal">
                    {skill.name}
                  </th>
                  <td className="text-end">{formatStat(skill.level)}</td>
                  <td className="text-end">{formatStat(skill.rank)}</td>
                  <td className="text-end">{formatStat(skill.experience)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Card>
      )}
      <Card className="mt-3">
        <Card.Header>
          <h2 id="activities-heading" className="h5 mb-0">
            Bosses and Activities
          </h2>
        </Card.Header>
        {ranked.length === 0 ? (
          <Card.Body className="text-body-secondary">Not ranked in any boss or activity.</Card.Body>
        ) : (
          <Table responsive striped size="sm" className="mb-0 skills-table" aria-labelledby="activities-heading">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="text-end">
                  Rank
                </th>
                <th scope="col" className="text-end">
                  Score
                </th>
              </tr>
            </thead>
            <tbody>
              {ranked.map((activity) => (
                <tr key={activity.name}>
                  <th scope="row" className="fw-normal">
                    {activity.name}
                  </th>
                  <td className="text-end">{formatStat(activity.rank)}</td>
                  <td className="text-end">{formatStat(activity.score)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        {ranked.length > 0 && unranked > 0 && (
          <Card.Footer className="small text-body-secondary">{unranked} more without a rank are not listed.</Card.Footer>
        )}
      </Card>
    </>
  );
}
