import { BINGO_REVIEW_HOURS } from '@smm/shared/runescape/bingo-schemas';
import { competitionGameOf, type CompetitionMetric } from '@smm/shared/runescape/competition-metrics';
import { createBackgroundJob } from '../../lib/background-job';
import { boardMetrics, reachedTiles, toBoard } from './bingo.board';
import { queueBingoPost } from './bingo.discord';
import { loadBoard } from './bingo.detail';
import * as repo from './bingo.repo';
import { findGroup } from './competitions.repo';
import { metricValues } from './competitions.standings';
import * as contest from './contest.job';
import { findSnapshotAsOf } from './runescape.repo';
import { parseSnapshot } from './snapshots';

const LEASE_NAME = 'bingo';
/** Bingos advanced per pass; the rest wait for the next one. */
const BATCH = 50;
/** After the end, the final table waits this long at most for claims still waiting for a decision. */
export const BINGO_REVIEW_MS = BINGO_REVIEW_HOURS * 60 * 60_000;

export type BingoJobOptions = contest.ContestJobOptions;
export const defaultBingoJobOptions: BingoJobOptions = contest.defaultContestJobOptions;

export interface BingoTickResult {
  leader: boolean;
  taken: number;
  failed: number;
  refreshed: number;
  /** XP and kill-count tiles completed by teams in this pass. */
  completed: number;
  posted: number;
}

/**
 * Takes each bingo's start snapshots of its team members, refreshes them while it runs through the
 * hiscores queue (behind anyone waiting on a page), takes their values at the end, marks XP and
 * kill-count tiles done for the teams whose gains reached the goal, and posts the final table once
 * the end values are settled and no claim waits for a decision (or the review window after the end
 * has passed). Only the holder of the 'bingo' lease works; every snapshot, completion and post is
 * settled by a conditional write, so each happens once even with several instances.
 */
export function createBingoJob(deps: contest.ContestJobDeps<BingoJobOptions>) {
  const { db, clock, queue, snapshots, changes, log, publicUrl, discordBot, onPostQueued } = deps;
  const { instanceId, settings, lease, takeBoundary } = contest.contestJobBasics(deps, LEASE_NAME, defaultBingoJobOptions);

  /** The members' accounts at the start: their current links (someone who unlinked has nothing to measure). */
  async function fixAccounts(row: repo.BingoRow) {
    const pending = (await repo.listMembers(db, row.id)).filter((m) => m.start_status === 'pending' && m.start_attempts === 0);
    if (pending.length === 0) return;
    const links = await repo.listLinkedPlayers(
      db,
      row.group_id,
      pending.map((m) => m.user_id),
    );
    for (const m of pending) {
      const playerId = links.get(m.user_id) ?? null;
      if (playerId !== m.player_id) await repo.updateMember(db, row.id, m.user_id, { player_id: playerId });
    }
  }

  /**
   * Each member's values at the start (their account as linked then), or at the end (those measured
   * from the start; the others have nothing to measure). An end given up after its deadline keeps
   * the last snapshot known by the end, so a later lookup changes nothing there either.
   */
  async function boundaryPass(row: repo.BingoRow, metrics: readonly CompetitionMetric[], boundary: contest.Boundary) {
    if (boundary === 'start') await fixAccounts(row);
    const result = await takeBoundary({
      boundary,
      metrics,
      due: await repo.listDueAtBoundary(db, row.id, boundary, clock.now()),
      at: () => (boundary === 'start' ? row.starts_at : row.ends_at),
      settle: (m, fields) => repo.settleBoundary(db, row.id, m.user_id, boundary, fields),
      measured: (m) => boundary === 'start' || m.start_status === 'taken',
      onGiveUp: (m) => (boundary === 'end' ? lastKnownBy(m, row.ends_at, metrics) : Promise.resolve({})),
      onError: (m, error) => log.warn({ bingoId: row.id, userId: m.user_id, boundary, err: error }, 'bingo snapshot failed'),
    });
    if ((await repo.countPendingAtBoundary(db, row.id, boundary)) === 0)
      await repo.markOnce(db, row.id, boundary === 'start' ? 'start_done_at' : 'end_done_at', clock.now());
    return result;
  }

  /** The member's values in the last snapshot of their account taken by `at`; nothing when there is none. */
  async function lastKnownBy(m: repo.MemberRow, at: number, metrics: readonly CompetitionMetric[]): Promise<contest.BoundaryFields> {
    const snapshot = m.player_id ? await findSnapshotAsOf(db, m.player_id, at) : undefined;
    if (!snapshot) return {};
    return { taken_at: snapshot.taken_at, values: JSON.stringify(metricValues(parseSnapshot(snapshot.data), metrics)) };
  }

  /** Looks the members up again, skipping those checked moments ago. */
  async function refreshPass(row: repo.BingoRow): Promise<number> {
    if (!(await repo.markRefreshed(db, row.id, row.refreshed_at, clock.now()))) return 0;
    const now = clock.now();
    const stale = contest.staleMembers(await repo.listMembers(db, row.id), now, settings.freshMs);
    let refreshed = 0;
    for (const m of stale) {
      if (!(await lease.renew())) break;
      try {
        if (await contest.lookUpAgain(queue, snapshots, m)) refreshed += 1;
      } catch (error) {
        log.warn({ bingoId: row.id, userId: m.user_id, err: error }, 'bingo refresh failed');
      }
    }
    return refreshed;
  }

  /** Marks done the XP and kill-count tiles whose goal a team's gains (by the end) have reached, each posted once. */
  async function completePass(
    row: repo.BingoRow,
    group: { group_name: string; game_name: string },
  ): Promise<{ completed: number; posted: number }> {
    const until = Math.min(clock.now(), row.ends_at);
    const board = await loadBoard(db, row, group.game_name, until);
    const done = new Set(board.completions.map((c) => `${c.tile_id}:${c.team_id}`));
    let completed = 0;
    let posted = 0;
    for (const { tile, team } of reachedTiles(board.tiles, board.teams, board.gains)) {
      if (done.has(`${tile.id}:${team.id}`)) continue;
      const queued = await db.transaction().execute(async (tx) => {
        const inserted = await repo.insertCompletion(tx, {
          tile_id: tile.id,
          team_id: team.id,
          bingo_id: row.id,
          claim_id: null,
          completed_at: until,
        });
        if (!inserted) return null;
        const after = await loadBoard(tx, row, group.game_name, until);
        const { teams } = toBoard({ row, ...after, myTeamId: null, myWaiting: new Map() });
        return queueBingoPost(
          tx,
          { kind: 'tile', tileId: tile.id, tileTitle: tile.title, points: tile.points, teamId: team.id, teamName: team.name },
          { id: row.id, groupId: row.group_id, groupName: group.group_name, name: row.name, teams },
          { publicUrl, bot: discordBot, now: clock.now() },
        );
      });
      if (queued === null) continue;
      completed += 1;
      if (queued) posted += 1;
    }
    return { completed, posted };
  }

  /**
   * Whether the final table may be settled: the bingo has ended, every member's end values are taken
   * or given up, and no claim waits for a decision any more, or the review window after the end has passed.
   */
  async function finalDue(row: repo.BingoRow, now: number): Promise<boolean> {
    if (now < row.ends_at || row.end_done_at === null) return false;
    return now >= row.ends_at + BINGO_REVIEW_MS || (await repo.countWaitingClaims(db, row.id)) === 0;
  }

  /** The final table, once: posted, and from then on no claim can be decided (the decision locks the same row). */
  async function endPass(row: repo.BingoRow, group: { group_name: string; game_name: string }): Promise<number> {
    const queued = await db.transaction().execute(async (tx) => {
      if (!(await repo.markOnce(tx, row.id, 'posted_end_at', clock.now()))) return false;
      const board = await loadBoard(tx, row, group.game_name, row.ends_at);
      const { teams } = toBoard({ row, ...board, myTeamId: null, myWaiting: new Map() });
      return queueBingoPost(
        tx,
        { kind: 'end' },
        { id: row.id, groupId: row.group_id, groupName: group.group_name, name: row.name, teams },
        { publicUrl, bot: discordBot, now: clock.now() },
      );
    });
    await repo.markOnce(db, row.id, 'closed_at', clock.now());
    return queued ? 1 : 0;
  }

  async function advance(row: repo.BingoRow, result: BingoTickResult): Promise<void> {
    const group = await findGroup(db, row.group_id);
    if (!group) return;
    const metrics = async () => boardMetrics(await repo.listTiles(db, row.id), competitionGameOf(group.game_name));
    const before = { ...result };
    if (row.start_done_at === null) {
      const start = await boundaryPass(row, await metrics(), 'start');
      result.taken += start.taken;
      result.failed += start.failed;
    }
    let current = (await repo.findBingo(db, row.id)) ?? row;
    const now = clock.now();
    if (contest.refreshDue(current, now, settings.refreshEveryMs)) result.refreshed += await refreshPass(current);
    if (now >= current.ends_at && current.start_done_at !== null && current.end_done_at === null) {
      const end = await boundaryPass(current, await metrics(), 'end');
      result.taken += end.taken;
      result.failed += end.failed;
    }
    current = (await repo.findBingo(db, row.id)) ?? current;
    const completion = await completePass(current, group);
    result.completed += completion.completed;
    result.posted += completion.posted;
    let closed = false;
    if (await finalDue(current, now)) {
      result.posted += await endPass(current, group);
      closed = true;
    }
    const changed =
      result.taken + result.failed + result.refreshed + result.completed !==
      before.taken + before.failed + before.refreshed + before.completed;
    if (changed || closed) changes.publish({ groupId: row.group_id, topic: 'bingo', action: 'changed' });
  }

  async function runTick(): Promise<BingoTickResult> {
    const result: BingoTickResult = { leader: false, taken: 0, failed: 0, refreshed: 0, completed: 0, posted: 0 };
    if (!(await lease.hold())) return result;
    result.leader = true;
    for (const row of await repo.listOpen(db, clock.now(), BATCH)) await advance(row, result);
    if (result.posted > 0) onPostQueued?.();
    if (result.taken + result.failed + result.refreshed + result.completed + result.posted > 0)
      log.info({ instanceId, ...result }, 'bingo');
    return result;
  }

  return { instanceId, ...createBackgroundJob({ run: runTick, log, failureMessage: 'bingo job failed', lease }) };
}
export type BingoJob = ReturnType<typeof createBingoJob>;
