import { competitionMetric, type CompetitionGame, type CompetitionMetric } from '@smm/shared/runescape/competition-metrics';
import type {
  BingoBonuses,
  BingoClaim,
  BingoClaimDecision,
  BingoClaimStatus,
  BingoStatus,
  BingoSummary,
  BingoTeam,
  BingoTile,
  BingoTileKind,
  BingoTileState,
} from '@smm/shared/runescape/bingo-schemas';
import { scoreBingo } from '@smm/shared/runescape/bingo-scoring';
import { toIso } from '../../lib/iso-time';
import type { BingoRow, ClaimViewRow, DecisionViewRow, MemberViewRow, TeamRow, TileRow } from './bingo.repo';
import { metricGain, metricValues, rank, type MetricValues } from './competitions.standings';
import { parseSnapshot } from './snapshots';

export const statusOf = (row: Pick<BingoRow, 'starts_at' | 'ends_at'>, now: number): BingoStatus =>
  now < row.starts_at ? 'upcoming' : now < row.ends_at ? 'ongoing' : 'finished';

export const bonusesOf = (row: Pick<BingoRow, 'bonuses'>): BingoBonuses => JSON.parse(row.bonuses) as BingoBonuses;

export function toSummary(row: BingoRow, now: number, teamCount: number): BingoSummary {
  return {
    bingoID: row.id,
    groupID: row.group_id,
    name: row.name,
    startsAt: toIso(row.starts_at),
    endsAt: toIso(row.ends_at),
    size: row.size,
    bonuses: bonusesOf(row),
    status: statusOf(row, now),
    finalAt: row.posted_end_at === null ? null : toIso(row.posted_end_at),
    teamCount,
    createdBy: row.created_by,
    createdAt: toIso(row.created_at),
    updatedAt: row.updated_at,
  };
}

/** The metrics the board's XP and kill-count tiles measure, as this game names them. */
export function boardMetrics(tiles: readonly TileRow[], game: CompetitionGame): CompetitionMetric[] {
  const ids = [...new Set(tiles.flatMap((t) => (t.kind !== 'task' && t.metric ? [t.metric] : [])))];
  return ids.flatMap((id) => competitionMetric(game, id) ?? []);
}

/**
 * The member's values the gains run to: their end values once taken (or, for a failed end, the last
 * snapshot known by the end), so nothing after the end counts however often they are looked up
 * again; before that their latest snapshot, if taken between their start and `until`.
 */
function currentValues(member: MemberViewRow, metrics: readonly CompetitionMetric[], until: number): MetricValues | null {
  if (member.end_values !== null) return JSON.parse(member.end_values) as MetricValues;
  if (!member.latest_data || member.latest_taken_at === null) return null;
  if (member.latest_taken_at > until || member.latest_taken_at < (member.start_taken_at ?? 0)) return null;
  return metricValues(parseSnapshot(member.latest_data), metrics);
}

/**
 * Each team's gain per metric since the start: the sum of its members' known gains, from their start
 * values to their end values, or before those are taken to their latest snapshot taken by `until`
 * (members without start values count nothing).
 */
export function teamGains(
  metrics: readonly CompetitionMetric[],
  members: readonly MemberViewRow[],
  until: number,
): Map<string, Record<string, number>> {
  const gains = new Map<string, Record<string, number>>();
  for (const member of members) {
    const team = gains.get(member.team_id) ?? Object.fromEntries(metrics.map((m) => [m.id, 0]));
    gains.set(member.team_id, team);
    if (member.start_status !== 'taken' || !member.start_values) continue;
    const current = currentValues(member, metrics, until);
    if (!current) continue;
    const start = JSON.parse(member.start_values) as MetricValues;
    for (const metric of metrics)
      team[metric.id] = (team[metric.id] ?? 0) + (metricGain(metric, start[metric.id], current[metric.id]) ?? 0);
  }
  return gains;
}

/** The XP and kill-count tiles each team has reached the goal of, as (tile, team) pairs. */
export function reachedTiles(tiles: readonly TileRow[], teams: readonly TeamRow[], gains: Map<string, Record<string, number>>) {
  return tiles.flatMap((tile) =>
    tile.kind === 'task' || !tile.metric || tile.goal === null
      ? []
      : teams.filter((team) => (gains.get(team.id)?.[tile.metric!] ?? 0) >= tile.goal!).map((team) => ({ tile, team })),
  );
}

export interface BoardInput {
  row: BingoRow;
  tiles: readonly TileRow[];
  teams: readonly TeamRow[];
  members: readonly MemberViewRow[];
  completions: readonly { tile_id: string; team_id: string }[];
  gains: Map<string, Record<string, number>>;
  /** The caller's team and its claims waiting for a decision; null for a caller on no team. */
  myTeamId: string | null;
  myWaiting: ReadonlyMap<string, 'pending' | 'held'>;
}

/** The tiles as the caller sees them and the points table of every team, rank order. */
export function toBoard({ row, tiles, teams, members, completions, gains, myTeamId, myWaiting }: BoardInput): {
  tiles: BingoTile[];
  teams: BingoTeam[];
} {
  const doneBy = new Map<string, string[]>();
  for (const c of completions) doneBy.set(c.tile_id, [...(doneBy.get(c.tile_id) ?? []), c.team_id]);
  const teamOrder = new Map(teams.map((t, i) => [t.id, i]));
  const outTiles: BingoTile[] = tiles.map((tile) => {
    const done = (doneBy.get(tile.id) ?? []).sort((a, b) => (teamOrder.get(a) ?? 0) - (teamOrder.get(b) ?? 0));
    let state: BingoTileState | null = null;
    if (myTeamId !== null) state = done.includes(myTeamId) ? 'done' : (myWaiting.get(tile.id) ?? 'open');
    return {
      tileID: tile.id,
      index: tile.position,
      row: Math.floor(tile.position / row.size),
      column: tile.position % row.size,
      kind: tile.kind as BingoTileKind,
      title: tile.title,
      description: tile.description,
      metric: tile.metric,
      goal: tile.goal,
      points: tile.points,
      doneBy: done,
      progress:
        tile.kind === 'task' || !tile.metric ? {} : Object.fromEntries(teams.map((t) => [t.id, gains.get(t.id)?.[tile.metric!] ?? 0])),
      state,
    };
  });
  const bonuses = bonusesOf(row);
  const points = tiles.map((t) => t.points);
  const scored = teams.map((team) => {
    const done = tiles.map((t) => (doneBy.get(t.id) ?? []).includes(team.id));
    const score = scoreBingo(row.size, points, done, bonuses);
    return {
      teamID: team.id,
      name: team.name,
      position: team.position,
      members: members
        .filter((m) => m.team_id === team.id)
        .map((m) => ({ userID: m.user_id, username: m.username, playerName: m.player_name })),
      points: score.points,
      tilePoints: score.tilePoints,
      bonusPoints: score.bonusPoints,
      doneTiles: score.doneTiles,
      rows: score.rows,
      columns: score.columns,
      diagonals: score.diagonals,
      board: score.board,
      total: score.points,
    };
  });
  const ranked = rank(scored, (a, b) => a.position - b.position);
  return { tiles: outTiles, teams: ranked.map(({ total: _total, position: _position, ...team }) => team) };
}

export function toClaim(row: ClaimViewRow, groupId: string, history: DecisionViewRow[]): BingoClaim {
  return {
    claimID: row.id,
    bingoID: row.bingo_id,
    tileID: row.tile_id,
    tileTitle: row.tile_title,
    teamID: row.team_id,
    teamName: row.team_name,
    userID: row.user_id,
    username: row.username,
    note: row.note,
    status: row.status as BingoClaimStatus,
    reason: row.reason,
    decidedBy: row.decided_by,
    decidedByUsername: row.decided_by === null ? null : row.decided_by_username,
    decidedAt: row.decided_at === null ? null : toIso(row.decided_at),
    createdAt: toIso(row.created_at),
    proofUrl: `/api/runescape/getBingoProof?${new URLSearchParams({ groupID: groupId, claimID: row.id })}`,
    proofType: row.proof_type as BingoClaim['proofType'],
    proofWidth: row.proof_width,
    proofHeight: row.proof_height,
    history: history.map((d) => ({
      decision: d.decision as BingoClaimDecision['decision'],
      reason: d.reason,
      decidedBy: d.decided_by,
      decidedByUsername: d.decided_by === null ? null : d.decided_by_username,
      decidedAt: toIso(d.decided_at),
    })),
  };
}
