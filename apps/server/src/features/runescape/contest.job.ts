import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CompetitionMetric } from '@smm/shared/runescape/competition-metrics';
import { hiscoresModeById, type ClanGameMode } from '@smm/shared/runescape/rs3';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { createLease, type Lease } from '../../lib/background-job';
import type { GroupChanges } from '../live/group-changes';
import { metricValues } from './competitions.standings';
import type { Boundary, BoundaryFields } from './contest.repo';
import type { HiscoresQueue } from './hiscores-queue';
import * as runescape from './runescape.repo';
import { toSnapshotData, type SnapshotRecorder } from './snapshots';

export type { Boundary, BoundaryFields } from './contest.repo';

/** The timings of the competitions and bingo jobs. */
export interface ContestJobOptions {
  /** A boundary snapshot not taken this long after the boundary is marked failed. */
  boundaryDeadlineMs: number;
  /** Wait before the n-th retry of a boundary lookup: base * 2^(n-1), at most retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** While a contest runs its members are looked up again this often. */
  refreshEveryMs: number;
  /** A member checked this recently (by anyone) is not looked up again by a refresh. */
  freshMs: number;
}

export const defaultContestJobOptions: ContestJobOptions = {
  boundaryDeadlineMs: 30 * 60_000,
  retryBaseMs: 60_000,
  retryMaxMs: 5 * 60_000,
  refreshEveryMs: 60 * 60_000,
  freshMs: 10 * 60_000,
};

export interface ContestJobDeps<Options> {
  db: Db;
  clock: Clock;
  queue: HiscoresQueue;
  snapshots: SnapshotRecorder;
  changes: GroupChanges;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  publicUrl: string;
  /** Whether the Discord application is configured (groups' channels are posted to by the bot). */
  discordBot: boolean;
  leaseMs: number;
  options?: Partial<Options>;
  /** Told when a Discord post was queued, so it goes out without waiting for the outbox's poll. */
  onPostQueued?: () => void;
  instanceId?: string;
}

/** The job's lease: one row named `name`, so only one instance works at a time. */
export const contestLease = (db: Db, name: string, holder: string, clock: Clock, leaseMs: number): Lease =>
  createLease({
    row: {
      claim: (holder, now, until) => runescape.claimLease(db, name, holder, now, until),
      release: (holder) => runescape.releaseLease(db, name, holder),
    },
    holder,
    clock,
    leaseMs,
  });

/**
 * What each contest job starts from: its instance id (the lease holder), its timings (the defaults
 * with the given options over them), its lease on the row `leaseName`, and the taking of its
 * boundary values (with their retry waits).
 */
export function contestJobBasics<Options extends ContestJobOptions>(deps: ContestJobDeps<Options>, leaseName: string, defaults: Options) {
  const instanceId = deps.instanceId ?? randomUUID();
  const settings: Options = { ...defaults, ...deps.options };
  const lease = contestLease(deps.db, leaseName, instanceId, deps.clock, deps.leaseMs);
  return { instanceId, settings, lease, takeBoundary: boundaryTaker(deps, settings, lease, retryBackoff(settings)) };
}

/** The wait before the n-th retry of a boundary lookup. */
export const retryBackoff = (settings: Pick<ContestJobOptions, 'retryBaseMs' | 'retryMaxMs'>) => (attempts: number) =>
  Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** Math.max(0, attempts - 1));

/** Whether a running contest, its start snapshots settled, is due to have its members looked up again. */
export const refreshDue = (
  row: { ends_at: number; start_done_at: number | null; refreshed_at: number | null },
  now: number,
  refreshEveryMs: number,
): boolean => now < row.ends_at && row.start_done_at !== null && (row.refreshed_at === null || now - row.refreshed_at >= refreshEveryMs);

/** A member with an account to look up. */
export interface MeasuredMember {
  player_id: string;
  player_name: string;
  game_mode: string;
}

interface MemberSnapshotState {
  player_id: string | null;
  player_name: string | null;
  game_mode: string | null;
  start_status: string;
  last_checked_at: number | null;
}

/** Members measured from the start whose account was not checked in the last `freshMs`. */
export const staleMembers = <M extends MemberSnapshotState>(members: readonly M[], now: number, freshMs: number) =>
  members.filter(
    (m): m is M & MeasuredMember =>
      !!m.player_id && !!m.player_name && !!m.game_mode && m.start_status === 'taken' && (m.last_checked_at ?? 0) < now - freshMs,
  );

/** Looks the member's account up (behind anyone waiting on a page) and records the snapshot; true when it was stored. */
export async function lookUpAgain(queue: HiscoresQueue, snapshots: SnapshotRecorder, m: MeasuredMember): Promise<boolean> {
  const answer = await queue.lookup(hiscoresModeById(m.game_mode as ClanGameMode).table, m.player_name, { priority: 'background' });
  return answer ? snapshots.record(m.player_id, answer) : false;
}

/** What became of one member's values at a boundary; 'lost' when the lease went or another holder settled them first. */
export type BoundaryOutcome = 'taken' | 'retry' | 'failed' | 'lost';

/** A member's row as a boundary pass reads it: the account to look up and the tries so far. */
export interface BoundaryMember {
  player_id: string | null;
  player_name: string | null;
  game_mode: string | null;
  start_attempts: number;
  end_attempts: number;
}

/** One pass over the members due at a boundary of one contest. */
export interface BoundaryPass<M extends BoundaryMember> {
  boundary: Boundary;
  metrics: readonly CompetitionMetric[];
  /** Members whose values at this boundary are pending and due now. */
  due: readonly M[];
  /** The boundary's moment for this member: the deadline runs from it. */
  at: (m: M) => number;
  /** Records fields on the member's row, only while it is still pending at this boundary; true when it changed. */
  settle: (m: M, fields: BoundaryFields) => Promise<boolean>;
  /** Whether the member is measured at this boundary; one who is not is marked failed without a lookup. */
  measured?: (m: M) => boolean;
  /** What else to store with a failure past the deadline. */
  onGiveUp?: (m: M) => Promise<BoundaryFields>;
  onError: (m: M, error: unknown) => void;
}

/**
 * Takes contests' boundary values: each due member's account looked up through the queue (behind
 * anyone waiting on a page), its values of the metrics stored, and the snapshot recorded. A failed
 * lookup is tried again with backoff until the deadline after the boundary, then marked failed.
 * The lease is renewed before each lookup; every write is conditional on the boundary still being
 * pending, so a pass that lost its lease midway cannot overwrite what the new holder recorded.
 */
export function boundaryTaker(
  { queue, snapshots, clock }: Pick<ContestJobDeps<unknown>, 'queue' | 'snapshots' | 'clock'>,
  settings: Pick<ContestJobOptions, 'boundaryDeadlineMs'>,
  lease: Lease,
  backoff: (attempts: number) => number,
) {
  async function takeOne<M extends BoundaryMember>(pass: BoundaryPass<M>, m: M): Promise<BoundaryOutcome> {
    const fail = async (): Promise<BoundaryOutcome> => {
      const now = clock.now();
      const attempts = (pass.boundary === 'start' ? m.start_attempts : m.end_attempts) + 1;
      const giveUp = now >= pass.at(m) + settings.boundaryDeadlineMs;
      const last = giveUp ? await pass.onGiveUp?.(m) : undefined;
      await pass.settle(m, { attempts, next_at: now + backoff(attempts), ...(giveUp ? { ...last, status: 'failed' as const } : {}) });
      return giveUp ? 'failed' : 'retry';
    };
    if (!m.player_id || !m.player_name || !m.game_mode || pass.measured?.(m) === false)
      return (await pass.settle(m, { status: 'failed' })) ? 'failed' : 'lost';
    if (!(await lease.renew())) return 'lost';
    try {
      const answer = await queue.lookup(hiscoresModeById(m.game_mode as ClanGameMode).table, m.player_name, { priority: 'background' });
      if (!answer) return await fail();
      // The values are stored before the snapshot that becomes the member's latest: whoever reads
      // the member after that snapshot already finds the boundary's values.
      const stored = await pass.settle(m, {
        status: 'taken',
        taken_at: clock.now(),
        values: JSON.stringify(metricValues(toSnapshotData(answer), pass.metrics)),
      });
      await snapshots.record(m.player_id, answer).catch((error: unknown) => pass.onError(m, error));
      return stored ? 'taken' : 'lost';
    } catch (error) {
      pass.onError(m, error);
      return fail();
    }
  }

  /** Settles what it can of the pass's members (their lookups queued together); how many were taken and how many failed. */
  return async function takeBoundary<M extends BoundaryMember>(pass: BoundaryPass<M>): Promise<{ taken: number; failed: number }> {
    const outcomes = await Promise.all(pass.due.map((m) => takeOne(pass, m)));
    return { taken: outcomes.filter((o) => o === 'taken').length, failed: outcomes.filter((o) => o === 'failed').length };
  };
}
