import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { hiscoresModeById, type ClanGameMode } from '@smm/shared/runescape/rs3';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { createBackgroundJob, createLease } from '../../lib/background-job';
import type { HiscoresQueue } from './hiscores-queue';
import * as names from './clan-names.repo';
import { DEPARTED_KEPT_MS } from './departure';
import * as repo from './runescape.repo';
import type { SnapshotRecorder } from './snapshots';

const LEASE_NAME = 'refresh';
const BATCH = 20;
/** After a failed check an account is tried again after this, doubled per failure, never later than the usual refresh. */
const RETRY_BASE_MS = 5 * 60_000;

interface Deps {
  db: Db;
  clock: Clock;
  queue: HiscoresQueue;
  snapshots: SnapshotRecorder;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  refreshEveryMs: number;
  /** How long a lease holds without renewal; a leader that dies is replaced after this. */
  leaseMs: number;
  instanceId?: string;
}

export interface RefreshTickResult {
  leader: boolean;
  checked: number;
  stored: number;
  failed: number;
}

/**
 * Refreshes linked accounts whose six hours are up. Several instances may share one PostgreSQL
 * database, so only the holder of the lease row works: it renews the lease before each request and,
 * when idle, once half of it has run out; another instance takes over once a lease has run out. All requests go through the process's hiscores queue.
 */
export function createRefreshJob({ db, clock, queue, snapshots, log, refreshEveryMs, leaseMs, instanceId = randomUUID() }: Deps) {
  const lease = createLease({
    row: {
      claim: (holder, now, until) => repo.claimLease(db, LEASE_NAME, holder, now, until),
      release: (holder) => repo.releaseLease(db, LEASE_NAME, holder),
    },
    holder: instanceId,
    clock,
    leaseMs,
  });

  async function refresh(player: repo.PlayerRow): Promise<'stored' | 'same' | 'failed' | 'lost'> {
    // Renewed before every request: a pass slowed by backoff must not outlive the lease unnoticed.
    if (!(await lease.renew())) return 'lost';
    try {
      const answer = await queue.lookup(hiscoresModeById(player.game_mode as ClanGameMode).table, player.player_name, { priority: 'background' });
      // A name that left the hiscores (renamed, banned, or unranked everywhere) is tried again at the usual pace.
      if (!answer) {
        await repo.markFailed(db, player.id, clock.now() + refreshEveryMs);
        return 'failed';
      }
      return (await snapshots.record(player.id, answer)) ? 'stored' : 'same';
    } catch (error) {
      const retryIn = Math.min(refreshEveryMs, RETRY_BASE_MS * 2 ** player.failures);
      await repo.markFailed(db, player.id, clock.now() + retryIn);
      log.warn({ playerId: player.id, failures: player.failures + 1, err: error }, 'hiscores refresh failed');
      return 'failed';
    }
  }

  async function runTick(): Promise<RefreshTickResult> {
    if (!(await lease.hold())) return { leader: false, checked: 0, stored: 0, failed: 0 };
    // Departed members' links (and their players' history, when no clan keeps it) go after the kept days.
    const purged = await names.purgeDeparted(db, clock.now() - DEPARTED_KEPT_MS);
    if (purged > 0) log.info({ purged }, 'departed RuneScape links purged');
    const due = await repo.listDuePlayers(db, clock.now(), BATCH);
    if (due.length === 0) return { leader: true, checked: 0, stored: 0, failed: 0 };
    const outcomes = await Promise.all(due.map(refresh));
    const result = {
      leader: true,
      checked: due.length,
      stored: outcomes.filter((o) => o === 'stored').length,
      failed: outcomes.filter((o) => o === 'failed').length,
    };
    log.info({ instanceId, ...result }, 'hiscores refresh');
    return result;
  }

  return { instanceId, ...createBackgroundJob({ run: runTick, log, failureMessage: 'hiscores refresh job failed', lease }) };
}
export type RefreshJob = ReturnType<typeof createRefreshJob>;
