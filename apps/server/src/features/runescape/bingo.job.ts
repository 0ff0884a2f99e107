import { competitionGameOf } from '@smm/shared/runescape/competition-metrics';
import { createBackgroundJob } from '../../lib/background-job';
import { boardMetrics, reachedTiles, toBoard } from './bingo.board';
import { queueBingoPost } from './bingo.discord';
import * as repo from './bingo.repo';
import { loadBoard } from './bingo.service';
import { findGroup } from './competitions.repo';
import * as contest from './contest.job';

const LEASE_NAME = 'bingo';
/** Bingos advanced per pass; the rest wait for the next one. */
const BATCH = 50;

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
 * hiscores queue (behind anyone waiting on a page), marks XP and kill-count tiles done for the teams
 * whose gains reached the goal, and posts the final table once it ends. Only the holder of the
 * 'bingo' lease works; every snapshot, completion and post is settled by a conditional write, so
 * each happens once even with several instances.
 */
export function createBingoJob(deps: contest.ContestJobDeps<BingoJobOptions>) {
  const { db, clock, queue, snapshots, changes, log, publicUrl, discordBot, onPostQueued } = deps;
  const { instanceId, settings, lease, backoff } = contest.contestJobBasics(deps, LEASE_NAME, defaultBingoJobOptions);

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

  async function startPass(row: repo.BingoRow, gameName: string) {
    await fixAccounts(row);
    const metrics = boardMetrics(await repo.listTiles(db, row.id), competitionGameOf(gameName));
    const due = await repo.listDueAtStart(db, row.id, clock.now());
    let taken = 0;
    let failed = 0;
    for (const m of due) {
      if (!m.player_id || !m.player_name || !m.game_mode) {
        if (await repo.settleStart(db, row.id, m.user_id, { start_status: 'failed' })) failed += 1;
        continue;
      }
      if (!(await lease.renew())) break;
      const fail = async () => {
        const now = clock.now();
        const attempts = m.start_attempts + 1;
        const giveUp = now >= row.starts_at + settings.boundaryDeadlineMs;
        await repo.settleStart(db, row.id, m.user_id, {
          start_attempts: attempts,
          start_next_at: now + backoff(attempts),
          ...(giveUp ? { start_status: 'failed' as const } : {}),
        });
        if (giveUp) failed += 1;
      };
      try {
        const values = await contest.boundaryValues(
          queue,
          snapshots,
          { player_id: m.player_id, player_name: m.player_name, game_mode: m.game_mode },
          metrics,
        );
        if (values === null) {
          await fail();
          continue;
        }
        const stored = await repo.settleStart(db, row.id, m.user_id, {
          start_status: 'taken',
          start_taken_at: clock.now(),
          start_values: values,
        });
        if (stored) taken += 1;
      } catch (error) {
        log.warn({ bingoId: row.id, userId: m.user_id, err: error }, 'bingo snapshot failed');
        await fail();
      }
    }
    if ((await repo.countPendingAtStart(db, row.id)) === 0) await repo.markOnce(db, row.id, 'start_done_at', clock.now());
    return { taken, failed };
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

  /** The final table, once, when the bingo has ended. */
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
    const before = { ...result };
    if (row.start_done_at === null) {
      const start = await startPass(row, group.game_name);
      result.taken += start.taken;
      result.failed += start.failed;
    }
    let current = (await repo.findBingo(db, row.id)) ?? row;
    const now = clock.now();
    if (contest.refreshDue(current, now, settings.refreshEveryMs)) result.refreshed += await refreshPass(current);
    current = (await repo.findBingo(db, row.id)) ?? current;
    const completion = await completePass(current, group);
    result.completed += completion.completed;
    result.posted += completion.posted;
    if (now >= current.ends_at && (current.start_done_at !== null || now >= current.starts_at + settings.boundaryDeadlineMs))
      result.posted += await endPass(current, group);
    const changed =
      result.taken + result.failed + result.refreshed + result.completed !==
      before.taken + before.failed + before.refreshed + before.completed;
    if (changed || now >= current.ends_at) changes.publish({ groupId: row.group_id, topic: 'bingo', action: 'changed' });
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
