import type { CompetitionMetric } from '@smm/shared/runescape/competition-metrics';
import type { TeamSplit } from '@smm/shared/runescape/clan-contest-schemas';
import { gainBetween } from '@smm/shared/runescape/gains';
import { OVERALL_HISCORES_NAME } from '@smm/shared/runescape/skills';
import type { SnapshotData } from './snapshots';

/** Each metric's value at one moment: experience (skills, overall), kills (bosses) or score; null = unranked or absent. */
export type MetricValues = Record<string, number | null>;

/** The total level and experience in a snapshot; null when unranked. */
export function overallOf(data: SnapshotData): { level: number; xp: number } | null {
  const line = data.skills.find((l) => l.name.toLowerCase() === OVERALL_HISCORES_NAME.toLowerCase());
  return line && line.rank >= 1 && line.xp >= 0 ? { level: line.level, xp: line.xp } : null;
}

/** The values of the competition's metrics in a snapshot, read by the hiscores' names. */
export function metricValues(data: SnapshotData, metrics: readonly CompetitionMetric[]): MetricValues {
  const skills = new Map(data.skills.map((line) => [line.name.toLowerCase(), line]));
  const activities = new Map(data.activities.map((line) => [line.name.toLowerCase(), line]));
  return Object.fromEntries(
    metrics.map((metric) => {
      const key = metric.hiscoresName.toLowerCase();
      if (metric.kind === 'skill' || metric.kind === 'overall') {
        const line = skills.get(key);
        return [metric.id, line && line.rank >= 1 && line.xp >= 0 ? line.xp : null];
      }
      const line = activities.get(key);
      return [metric.id, line && line.rank >= 1 && line.score >= 0 ? line.score : null];
    }),
  );
}

/**
 * What was gained in one metric. A boss or activity unranked at the start counts from 0 once it is
 * ranked (kills below the hiscores' threshold are not known); a skill unranked at either end is unknown.
 */
export function metricGain(metric: CompetitionMetric, start: number | null | undefined, end: number | null | undefined): number | null {
  if (
    (metric.kind === 'boss' || metric.kind === 'activity') &&
    (start === null || start === undefined) &&
    end !== null &&
    end !== undefined
  )
    return Math.max(0, end);
  return gainBetween(start, end);
}

export function gainsOf(metrics: readonly CompetitionMetric[], start: MetricValues | null, end: MetricValues | null): MetricValues {
  return Object.fromEntries(metrics.map((m) => [m.id, start && end ? metricGain(m, start[m.id], end[m.id]) : null]));
}

/** The sum of the known gains. */
export const totalOf = (gains: MetricValues) => Object.values(gains).reduce<number>((sum, gain) => sum + (gain ?? 0), 0);

/** Competition ranking: by total, largest first; equal totals share a rank and the next rank skips (1, 1, 3). */
export function rank<T extends { total: number }>(rows: readonly T[], tieBreak: (a: T, b: T) => number): (T & { rank: number })[] {
  const sorted = [...rows].sort((a, b) => b.total - a.total || tieBreak(a, b));
  let previous: { total: number; rank: number } | undefined;
  return sorted.map((row, index) => {
    const rankOf = previous && previous.total === row.total ? previous.rank : index + 1;
    previous = { total: row.total, rank: rankOf };
    return { ...row, rank: rankOf };
  });
}

export interface TeamMember {
  userID: string;
  team: string | null;
  gains: MetricValues;
  total: number;
}

/** Each team's gains per metric (unknown gains count 0) and total: the sums of its members'. Ranked as participants are. */
export function teamStandings<T extends TeamMember>(
  metrics: readonly CompetitionMetric[],
  teamNames: readonly string[],
  rankedMembers: readonly T[],
) {
  const teams = teamNames.map((name) => {
    const members = rankedMembers.filter((m) => m.team === name);
    const gains = Object.fromEntries(metrics.map((metric) => [metric.id, members.reduce((sum, m) => sum + (m.gains[metric.id] ?? 0), 0)]));
    return { name, gains, total: members.reduce((sum, m) => sum + m.total, 0), members: members.map((m) => m.userID) };
  });
  return rank(teams, (a, b) => a.name.localeCompare(b.name));
}

/**
 * Splits people into `count` teams as evenly as possible: sizes differ by at most one, and each
 * person, strongest first, goes to the team (with room) of the smallest sum so far.
 */
export function splitEvenly<T extends { userID: string; value: number }>(people: readonly T[], count: number): string[][] {
  const sorted = [...people].sort((a, b) => b.value - a.value || a.userID.localeCompare(b.userID));
  const base = Math.floor(sorted.length / count);
  const extra = sorted.length % count;
  const teams = Array.from({ length: count }, (_, i) => ({ ids: [] as string[], sum: 0, size: base + (i < extra ? 1 : 0) }));
  for (const person of sorted) {
    let best: (typeof teams)[number] | undefined;
    for (const team of teams) {
      if (team.ids.length >= team.size) continue;
      if (!best || team.sum < best.sum || (team.sum === best.sum && team.ids.length < best.ids.length)) best = team;
    }
    best!.ids.push(person.userID);
    best!.sum += person.value;
  }
  return teams.map((team) => team.ids);
}

/**
 * Teams 'Team 1' to 'Team n' of an even split by total level or experience, as of each person's
 * latest snapshot (someone with none counts 0).
 */
export function splitByOverall(
  people: readonly { userID: string; latest: SnapshotData | null }[],
  split: { teams: number; by: TeamSplit },
): { name: string; userIDs: string[] }[] {
  const values = people.map((p) => {
    const overall = p.latest ? overallOf(p.latest) : null;
    return { userID: p.userID, value: (split.by === 'level' ? overall?.level : overall?.xp) ?? 0 };
  });
  return splitEvenly(values, split.teams).map((userIDs, i) => ({ name: `Team ${i + 1}`, userIDs }));
}
