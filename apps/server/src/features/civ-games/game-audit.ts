import type { AuditAction } from '@smm/shared/civilization/ladder-schemas';
import type { Db } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { GameRow } from './civ-games.repo';
import type { ChangeLine } from './game-results';
import * as records from './ladder-records.repo';

/** Writes one row of a game's audit trail, in the caller's transaction: who, what, before and after, when. */
export async function recordAudit(
  tx: Db,
  entry: {
    game: Pick<GameRow, 'id' | 'group_id'>;
    actorId: string;
    action: AuditAction;
    lines: readonly ChangeLine[];
    note: string | null;
    now: number;
  },
): Promise<void> {
  await records.insertAudit(tx, {
    id: newId(),
    game_id: entry.game.id,
    group_id: entry.game.group_id,
    actor_id: entry.actorId,
    action: entry.action,
    changes: JSON.stringify(entry.lines),
    note: entry.note,
    created_at: entry.now,
  });
}
