import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CompetitionMetric } from '@smm/shared/runescape/competition-metrics';
import { hiscoresModeById, type ClanGameMode } from '@smm/shared/runescape/rs3';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { createLease, type Lease } from '../../lib/background-job';
import type { GroupChanges } from '../live/group-changes';
import { metricValues } from './competitions.standings';
import type { HiscoresQueue } from './hiscores-queue';
import * as runescape from './runescape.repo';
import { toSnapshotData, type SnapshotRecorder } from './snapshots';

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
 * with the given options over them), its lease on the row `leaseName`, and its retry waits.
 */
export function contestJobBasics<Options extends ContestJobOptions>(deps: ContestJobDeps<Options>, leaseName: string, defaults: Options) {
  const instanceId = deps.instanceId ?? randomUUID();
  const settings: Options = { ...defaults, ...deps.options };
  const lease = contestLease(deps.db, leaseName, instanceId, deps.clock, deps.leaseMs);
  return { instanceId, settings, lease, backoff: retryBackoff(settings) };
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

/**
 * Looks the member's account up and records the snapshot: the values of `metrics` (JSON) to store
 * as the member's boundary values, or null when the hiscores had no answer.
 */
export async function boundaryValues(
  queue: HiscoresQueue,
  snapshots: SnapshotRecorder,
  m: MeasuredMember,
  metrics: readonly CompetitionMetric[],
): Promise<string | null> {
  const answer = await queue.lookup(hiscoresModeById(m.game_mode as ClanGameMode).table, m.player_name, { priority: 'background' });
  if (!answer) return null;
  await snapshots.record(m.player_id, answer);
  return JSON.stringify(metricValues(toSnapshotData(answer), metrics));
}
