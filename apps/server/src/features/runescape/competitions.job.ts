import { competitionGameOf, type CompetitionMetric } from '@smm/shared/runescape/competition-metrics';
import { createBackgroundJob } from '../../lib/background-job';
import { loadParticipants } from './competitions.detail';
import { queueCompetitionPost, type CompetitionPost } from './competitions.discord';
import { metricsOf, toStandings } from './competitions.mapper';
import * as repo from './competitions.repo';
import * as contest from './contest.job';

const LEASE_NAME = 'competitions';
/** Competitions advanced per pass; the rest wait for the next one. */
const BATCH = 50;
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export type CompetitionJobOptions = contest.ContestJobOptions;
export const defaultCompetitionJobOptions: CompetitionJobOptions = contest.defaultContestJobOptions;

export interface CompetitionTickResult {
  leader: boolean;
  /** Boundary snapshots stored, and marked failed after their deadline, in this pass. */
  taken: number;
  failed: number;
  refreshed: number;
  posted: number;
}

/**
 * Takes each competition's boundary snapshots, refreshes its participants while it runs, and posts
 * its Discord announcements. Several instances may share one PostgreSQL database: only the holder
 * of the 'competitions' lease works, renewing it before each lookup, and each boundary row and post
 * is settled by a conditional update, so every snapshot and post happens once.
 */
export function createCompetitionsJob(deps: contest.ContestJobDeps<CompetitionJobOptions>) {
  const { db, clock, queue, snapshots, changes, log, publicUrl, discordBot, onPostQueued } = deps;
  const { instanceId, settings, lease, takeBoundary } = contest.contestJobBasics(deps, LEASE_NAME, defaultCompetitionJobOptions);

  /** Fixes who takes part at the start: the clan's linked members (or the event's attendees), or those who joined with their current link. */
  async function fixParticipants(row: repo.CompetitionRow): Promise<void> {
    await db.transaction().execute(async (tx) => {
      const current = await repo.lockCompetition(tx, row.id);
      if (!current || current.participants_fixed_at !== null) return;
      const now = clock.now();
      if (current.participation === 'join') {
        for (const p of await repo.listParticipants(tx, current.id)) {
          const playerId = (await repo.findLinkedPlayer(tx, current.group_id, p.user_id)) ?? null;
          // Someone who unlinked (or left the clan) keeps their row, with nothing to measure.
          await repo.updateParticipant(
            tx,
            current.id,
            p.user_id,
            playerId ? { player_id: playerId } : { player_id: null, start_status: 'failed', end_status: 'failed' },
          );
        }
      } else {
        const eligible =
          current.participation === 'event' && current.event_id === null
            ? []
            : await repo.listEligible(tx, current.group_id, current.participation === 'event' ? current.event_id : null);
        await repo.deleteParticipantsExcept(
          tx,
          current.id,
          eligible.map((e) => e.user_id),
        );
        for (const e of eligible) {
          await repo.insertParticipant(tx, repo.newParticipant(current.id, e.user_id, e.player_id, null, current.starts_at));
          await repo.updateParticipant(tx, current.id, e.user_id, { player_id: e.player_id });
        }
      }
      await repo.markOnce(tx, current.id, 'participants_fixed_at', now);
    });
  }

  async function boundaryPass(row: repo.CompetitionRow, metrics: readonly CompetitionMetric[], boundary: 'start' | 'end') {
    const result = await takeBoundary({
      boundary,
      metrics,
      due: await repo.listDueAtBoundary(db, row.id, boundary, clock.now()),
      at: (p) => (boundary === 'start' ? Math.max(row.starts_at, p.joined_at) : row.ends_at),
      settle: (p, fields) => repo.settleBoundary(db, row.id, p.user_id, boundary, fields),
      onError: (p, error) => log.warn({ competitionId: row.id, userId: p.user_id, boundary, err: error }, 'competition snapshot failed'),
    });
    if ((await repo.countPendingAtBoundary(db, row.id, boundary)) === 0) {
      await repo.markOnce(db, row.id, boundary === 'start' ? 'start_done_at' : 'end_done_at', clock.now());
    }
    return result;
  }

  /** Looks the participants up again, behind anyone waiting on a page, skipping those checked moments ago. */
  async function refreshPass(row: repo.CompetitionRow): Promise<number> {
    if (!(await repo.markRefreshed(db, row.id, row.refreshed_at, clock.now()))) return 0;
    const now = clock.now();
    const stale = contest.staleMembers(await repo.listParticipants(db, row.id), now, settings.freshMs);
    const outcomes = await Promise.all(
      stale.map(async (p) => {
        if (!(await lease.renew())) return false;
        try {
          return await contest.lookUpAgain(queue, snapshots, p);
        } catch (error) {
          log.warn({ competitionId: row.id, userId: p.user_id, err: error }, 'competition refresh failed');
          return false;
        }
      }),
    );
    return outcomes.filter(Boolean).length;
  }

  /** The moments due now; a moment missed by too much (the job was down, or the competition is too short for it) is marked without a post. */
  function duePosts(row: repo.CompetitionRow, now: number): { post: CompetitionPost; send: boolean }[] {
    const due: { post: CompetitionPost; send: boolean }[] = [];
    if (row.posted_start_at === null && row.participants_fixed_at !== null) due.push({ post: 'start', send: now < row.ends_at });
    if (row.posted_day_at === null && now >= row.ends_at - DAY)
      due.push({ post: 'day', send: row.ends_at - DAY > row.starts_at && now < row.ends_at - HOUR });
    if (row.posted_hour_at === null && now >= row.ends_at - HOUR)
      due.push({ post: 'hour', send: row.ends_at - HOUR > row.starts_at && now < row.ends_at });
    if (row.posted_end_at === null && row.end_done_at !== null) due.push({ post: 'end', send: true });
    return due;
  }

  const POSTED_COLUMN = { start: 'posted_start_at', day: 'posted_day_at', hour: 'posted_hour_at', end: 'posted_end_at' } as const;

  async function postPass(row: repo.CompetitionRow, metrics: readonly CompetitionMetric[], group: { group_name: string }): Promise<number> {
    const due = duePosts(row, clock.now());
    if (due.length === 0) return 0;
    const { participants, teams } = toStandings(row, metrics, await loadParticipants(db, row), clock.now());
    let posted = 0;
    for (const { post, send } of due) {
      const queued = await db.transaction().execute(async (tx) => {
        if (!(await repo.markOnce(tx, row.id, POSTED_COLUMN[post], clock.now()))) return false;
        if (!send) return false;
        const competition = {
          id: row.id,
          groupId: row.group_id,
          groupName: group.group_name,
          name: row.name,
          startsAt: row.starts_at,
          endsAt: row.ends_at,
          metricLabels: metrics.map((m) => m.label),
          participants,
          teams,
        };
        return queueCompetitionPost(tx, post, competition, {
          publicUrl,
          bot: discordBot,
          now: clock.now(),
          keySuffix: post === 'start' ? '' : `:${row.ends_at}`,
        });
      });
      if (queued) posted += 1;
    }
    return posted;
  }

  async function advance(row: repo.CompetitionRow, result: CompetitionTickResult): Promise<void> {
    const group = await repo.findGroup(db, row.group_id);
    if (!group) return;
    const metrics = metricsOf(row, competitionGameOf(group.game_name));
    const before = { ...result };
    if (row.participants_fixed_at === null) await fixParticipants(row);
    const start = await boundaryPass(row, metrics, 'start');
    result.taken += start.taken;
    result.failed += start.failed;
    let current = (await repo.findCompetition(db, row.id)) ?? row;
    const now = clock.now();
    if (contest.refreshDue(current, now, settings.refreshEveryMs)) result.refreshed += await refreshPass(current);
    if (now >= current.ends_at) {
      const end = await boundaryPass(current, metrics, 'end');
      result.taken += end.taken;
      result.failed += end.failed;
    }
    current = (await repo.findCompetition(db, row.id)) ?? current;
    result.posted += await postPass(current, metrics, group);
    current = (await repo.findCompetition(db, row.id)) ?? current;
    if (current.end_done_at !== null && current.posted_end_at !== null) await repo.markOnce(db, row.id, 'closed_at', clock.now());
    const changed =
      result.taken !== before.taken ||
      result.failed !== before.failed ||
      result.refreshed !== before.refreshed ||
      row.participants_fixed_at === null;
    if (changed) changes.publish({ groupId: row.group_id, topic: 'competitions', action: 'changed' });
  }

  async function runTick(): Promise<CompetitionTickResult> {
    const result: CompetitionTickResult = { leader: false, taken: 0, failed: 0, refreshed: 0, posted: 0 };
    if (!(await lease.hold())) return result;
    result.leader = true;
    for (const row of await repo.listOpen(db, clock.now(), BATCH)) await advance(row, result);
    if (result.posted > 0) onPostQueued?.();
    if (result.taken + result.failed + result.refreshed + result.posted > 0) log.info({ instanceId, ...result }, 'competitions');
    return result;
  }

  return { instanceId, ...createBackgroundJob({ run: runTick, log, failureMessage: 'competitions job failed', lease }) };
}
export type CompetitionsJob = ReturnType<typeof createCompetitionsJob>;
