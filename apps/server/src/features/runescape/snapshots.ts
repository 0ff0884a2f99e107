import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import type { HiscoresAnswer } from '../../integrations/osrs-hiscores';
import { newId } from '../../lib/ids';
import * as repo from './runescape.repo';

/** Hiscores refresh a linked account at most this often. */
export const DEFAULT_REFRESH_EVERY_MS = 6 * 60 * 60 * 1000;

/** What a snapshot keeps: every line of the answer, as sent (-1 = unranked). */
export interface SnapshotData {
  skills: { name: string; rank: number; level: number; xp: number }[];
  activities: { name: string; rank: number; score: number }[];
}

export const toSnapshotData = (answer: HiscoresAnswer): SnapshotData => ({
  skills: answer.skills.map(({ name, rank, level, xp }) => ({ name, rank, level, xp })),
  activities: answer.activities.map(({ name, rank, score }) => ({ name, rank, score })),
});

export const parseSnapshot = (data: string): SnapshotData => JSON.parse(data) as SnapshotData;

/**
 * Stores what the hiscores answered for a tracked player, unless it equals the player's latest
 * snapshot (then only the check time moves). The player's row lock orders concurrent recorders,
 * so two identical answers arriving together are still stored once.
 */
export function createSnapshotRecorder({
  db,
  clock,
  refreshEveryMs,
  onStored,
}: {
  db: Db;
  clock: Clock;
  refreshEveryMs: number;
  /** Told of each new snapshot once it is committed (what depends on a player's latest answer moves). */
  onStored?: (playerId: string) => Promise<void>;
}) {
  return {
    /** Returns whether a new snapshot was stored. */
    async record(playerId: string, answer: HiscoresAnswer): Promise<boolean> {
      const stored = await db.transaction().execute(async (tx) => {
        const player = await repo.lockPlayer(tx, playerId);
        if (!player) return false;
        const now = clock.now();
        const data = JSON.stringify(toSnapshotData(answer));
        const refreshDueAt = now + refreshEveryMs;
        const latest = player.latest_snapshot_id ? await repo.snapshotData(tx, player.latest_snapshot_id) : undefined;
        if (latest === data) {
          await repo.markChecked(tx, playerId, { now, refreshDueAt });
          return false;
        }
        const overall = answer.skills.find((line) => line.name.toLowerCase() === 'overall');
        const id = newId();
        await repo.insertSnapshot(tx, { id, player_id: playerId, taken_at: now, overall_xp: overall && overall.xp >= 0 ? overall.xp : null, data });
        await repo.markChecked(tx, playerId, { now, refreshDueAt, latestSnapshotId: id });
        return true;
      });
      // Only a notice to live pages: the snapshot is stored whatever becomes of it (they read afresh on their next load).
      if (stored) await onStored?.(playerId).catch(() => undefined);
      return stored;
    },
  };
}
export type SnapshotRecorder = ReturnType<typeof createSnapshotRecorder>;
