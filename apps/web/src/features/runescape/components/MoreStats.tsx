import type { OsrsDetails } from '@smm/shared/runescape/schemas';
import { formatStat } from '../skill-format';
import { HiscoresTable } from './HiscoresTable';
import { StatsCard } from './StatsCard';

/** Skills beyond the spec's 23 (such as Sailing), and the bosses and activities the player is ranked in. */
export function MoreStats({ details }: { details: OsrsDetails }) {
  const others = details.otherSkills;
  const ranked = details.activities.filter((a) => a.score !== null);
  const unranked = details.activities.length - ranked.length;
  return (
    <>
      {others.length > 0 && (
        <StatsCard headingId="other-levels-heading" title="Other Levels">
          <HiscoresTable
            labelledBy="other-levels-heading"
            className="skills-table"
            columns={['Skill', 'Level', 'Rank', 'Exp']}
            rows={others.map((skill) => ({
              key: skill.name,
              name: skill.name,
              values: [formatStat(skill.level), formatStat(skill.rank), formatStat(skill.experience)],
            }))}
          />
        </StatsCard>
      )}
      <StatsCard
        headingId="activities-heading"
        title="Bosses and Activities"
        empty="Not ranked in any boss or activity."
        footer={ranked.length > 0 && unranked > 0 && `${unranked} more without a rank are not listed.`}
      >
        {ranked.length > 0 ? (
          <HiscoresTable
            labelledBy="activities-heading"
            className="skills-table"
            columns={['Name', 'Rank', 'Score']}
            rows={ranked.map((activity) => ({
              key: activity.name,
              name: activity.name,
              values: [formatStat(activity.rank), formatStat(activity.score)],
            }))}
          />
        ) : undefined}
      </StatsCard>
    </>
  );
}
