import Card from 'react-bootstrap/Card';
import type { PlayerHistory } from '@smm/shared/runescape/clan-schemas';
import { RUNESCAPE_SKILL_IDS } from '@smm/shared/runescape/skills';
import { skillsOfGame } from '@smm/shared/runescape/tracked-skills';
import { HiscoresTable } from '../../runescape/components/HiscoresTable';
import { StatsCard } from '../../runescape/components/StatsCard';
import { useReadTime } from '../../runescape/read-time';
import { formatStat, skillIconUrl } from '../../runescape/skill-format';

const WITH_ICON = new Set<string>(RUNESCAPE_SKILL_IDS);

/**
 * The Skills table of a linked account from the clan's latest snapshot: Skill, Level, Rank, Exp in
 * the account's game's own order and names (RuneScape 3's 29, Summoning to Necromancy), Overall as the summary.
 */
export function LatestSkillsCard({ history }: { history: PlayerHistory }) {
  const latest = history.latest;
  const readTime = useReadTime();
  return (
    <Card>
      <Card.Header className="d-flex flex-wrap align-items-baseline gap-2">
        <h3 id="skills-heading" className="h5 mb-0 me-auto">
          Skills
        </h3>
        {latest && (
          <span className="small text-body-secondary">
            Combat level {latest.combatLevel} · read {readTime(latest.takenAt)}
          </span>
        )}
      </Card.Header>
      {latest ? (
        <HiscoresTable
          labelledBy="skills-heading"
          className="skills-table align-middle"
          hover
          columns={['Skill', 'Level', 'Rank', 'Exp']}
          rows={skillsOfGame(history.game).map((skill) => {
            const stats = latest.skills[skill.id];
            return {
              key: skill.id,
              skill: skill.id,
              name: (
                <>
                  {/* Decorative: the skill's name is written next to it. */}
                  {WITH_ICON.has(skill.id) ? (
                    <img
                      src={skillIconUrl(skill.id as (typeof RUNESCAPE_SKILL_IDS)[number])}
                      alt=""
                      width={24}
                      height={24}
                      className="skill-icon me-2"
                    />
                  ) : (
                    <span className="skill-icon-spacer me-2" aria-hidden="true" />
                  )}
                  {skill.label}
                </>
              ),
              values: [formatStat(stats?.level), formatStat(stats?.rank), formatStat(stats?.experience)],
            };
          })}
          summary={{
            key: 'overall',
            className: 'skills-overall',
            name: (
              <>
                <span className="skill-icon-spacer me-2" aria-hidden="true" />
                Overall
              </>
            ),
            values: [formatStat(latest.overall.level), formatStat(latest.overall.rank), formatStat(latest.overall.experience)],
          }}
        />
      ) : (
        <Card.Body className="text-body-secondary">No snapshot of {history.playerName} yet.</Card.Body>
      )}
    </Card>
  );
}

/** The activities the account is ranked in at the latest snapshot (RuneScore, clue scrolls, minigames), in the hiscores' order. */
export function LatestActivitiesCard({ history }: { history: PlayerHistory }) {
  const activities = history.latest?.activities ?? [];
  const ranked = activities.filter((a) => a.score !== null);
  const unranked = activities.length - ranked.length;
  return (
    <StatsCard
      headingId="activities-heading"
      title="Activities"
      empty="Not ranked in any activity."
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
  );
}
