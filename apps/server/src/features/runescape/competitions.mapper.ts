import { competitionMetric, type CompetitionGame, type CompetitionMetric } from '@smm/shared/runescape/competition-metrics';
import {
  COMPETITION_CHART_TOP,
  type CompetitionChartSeries,
  type CompetitionKind,
  type CompetitionParticipant,
  type CompetitionParticipation,
  type CompetitionStatus,
  type CompetitionSummary,
} from '@smm/shared/runescape/competition-schemas';
import type { ClanGameMode } from '@smm/shared/runescape/rs3';
import { toIso } from '../../lib/iso-time';
import type { BoundaryStatus } from './competitions.tables';
import type { CompetitionRow } from './competitions.repo';
import { gainsOf, metricValues, rank, teamStandings, totalOf, type MetricValues } from './competitions.standings';
import { parseSnapshot } from './snapshots';

export const statusOf = (row: Pick<CompetitionRow, 'starts_at' | 'ends_at'>, now: number): CompetitionStatus =>
  now < row.starts_at ? 'upcoming' : now < row.ends_at ? 'ongoing' : 'finished';

export const metricIdsOf = (row: Pick<CompetitionRow, 'metrics'>): string[] => JSON.parse(row.metrics) as string[];

/** The competition's metrics, as this game names them (ids of another game are left out). */
export const metricsOf = (row: Pick<CompetitionRow, 'metrics'>, game: CompetitionGame): CompetitionMetric[] =>
  metricIdsOf(row).flatMap((id) => competitionMetric(game, id) ?? []);

export function toSummary(row: CompetitionRow, now: number, counts: { participants: number; teams: number }): CompetitionSummary {
  return {
    competitionID: row.id,
    groupID: row.group_id,
    name: row.name,
    startsAt: toIso(row.starts_at),
    endsAt: toIso(row.ends_at),
    metrics: metricIdsOf(row),
    kind: row.kind as CompetitionKind,
    participation: row.participation as CompetitionParticipation,
    eventID: row.event_id,
    status: statusOf(row, now),
    participantCount: counts.participants,
    teamCount: counts.teams,
    createdBy: row.created_by,
    createdAt: toIso(row.created_at),
    updatedAt: row.updated_at,
  };
}

/** One participant as the standings need them, whether stored or (before the start) who would take part. */
export interface ParticipantInput {
  userID: string;
  username: string;
  playerId: string | null;
  playerName: string | null;
  gameMode: string | null;
  team: string | null;
  startStatus: BoundaryStatus;
  endStatus: BoundaryStatus;
  startTakenAt: number | null;
  startValues: string | null;
  endTakenAt: number | null;
  endValues: string | null;
  latestData: string | null;
}

export interface ChartSnapshot {
  player_id: string;
  taken_at: number;
  data: string;
}

/**
 * Points at most on one line of the chart: the start, one per slice of the competition's time, and
 * the end. Enough for a smooth line at any width; a 90-day competition refreshed hourly would
 * otherwise send some 2,000 points per participant.
 */
export const CHART_POINTS = 120;
/** The slices of the competition's time the chart keeps one snapshot of (the start and end points aside). */
export const CHART_SLICES = CHART_POINTS - 2;

const parseValues = (text: string | null): MetricValues | null => (text === null ? null : (JSON.parse(text) as MetricValues));

/**
 * The standings: before the start nobody has gained; during it gains run from the start snapshot
 * to the latest one; once finished only the end snapshots count, so later snapshots change nothing.
 */
export function toStandings(
  row: CompetitionRow,
  metrics: readonly CompetitionMetric[],
  participants: readonly ParticipantInput[],
  now: number,
) {
  const status = statusOf(row, now);
  const measured = participants.map((p) => {
    const start = status === 'upcoming' ? null : parseValues(p.startValues);
    let end: MetricValues | null = null;
    if (status === 'finished') end = parseValues(p.endValues);
    else if (status === 'ongoing' && p.latestData) end = metricValues(parseSnapshot(p.latestData), metrics);
    const gains = gainsOf(metrics, start, end);
    return { input: p, gains, total: totalOf(gains) };
  });
  const ranked = rank(measured, (a, b) => a.input.username.localeCompare(b.input.username) || a.input.userID.localeCompare(b.input.userID));
  const rows: CompetitionParticipant[] = ranked.map(({ input, gains, total, rank: place }) => ({
    userID: input.userID,
    username: input.username,
    playerName: input.playerName,
    gameMode: input.gameMode as ClanGameMode | null,
    team: input.team,
    gains: Object.fromEntries(Object.entries(gains)),
    total,
    rank: place,
    startSnapshot: input.startStatus,
    endSnapshot: input.endStatus,
  }));
  const teamNames = [...new Set(rows.flatMap((p) => (p.team === null ? [] : [p.team])))].sort((a, b) => a.localeCompare(b));
  const teams = row.kind === 'teams' ? teamStandings(metrics, teamNames, rows) : [];
  return { status, participants: rows, teams };
}

/**
 * The top participants' total gained at each of their snapshots within the competition (to now,
 * or to their end snapshot once finished), starting from 0 at their start snapshot. `snapshots`
 * come thinned to one per slice of time, so a line holds at most CHART_POINTS points.
 */
export function toChart(
  metrics: readonly CompetitionMetric[],
  top: readonly CompetitionParticipant[],
  inputs: ReadonlyMap<string, ParticipantInput>,
  snapshots: readonly ChartSnapshot[],
  finished: boolean,
  now: number,
): CompetitionChartSeries[] {
  return top.slice(0, COMPETITION_CHART_TOP).map((p) => {
    const input = inputs.get(p.userID)!;
    const start = parseValues(input.startValues);
    const points: { at: number; total: number }[] = [];
    if (start && input.startTakenAt !== null) {
      points.push({ at: input.startTakenAt, total: 0 });
      const until = finished ? (input.endTakenAt ?? input.startTakenAt) : now;
      for (const snapshot of snapshots) {
        if (snapshot.player_id !== input.playerId || snapshot.taken_at <= input.startTakenAt || snapshot.taken_at > until) continue;
        // Two snapshots of one moment are one point.
        if (points.at(-1)!.at === snapshot.taken_at) continue;
        points.push({
          at: snapshot.taken_at,
          total: totalOf(gainsOf(metrics, start, metricValues(parseSnapshot(snapshot.data), metrics))),
        });
      }
      const end = parseValues(input.endValues);
      if (finished && end && input.endTakenAt !== null) {
        const last = { at: input.endTakenAt, total: totalOf(gainsOf(metrics, start, end)) };
        if (points.at(-1)!.at === last.at) points[points.length - 1] = last;
        else points.push(last);
      }
    }
    return {
      userID: p.userID,
      username: p.username,
      playerName: p.playerName,
      points: points.map((pt) => ({ at: toIso(pt.at), total: pt.total })),
    };
  });
}
