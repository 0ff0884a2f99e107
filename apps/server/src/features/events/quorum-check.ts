import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import * as outbox from '../reminders/event-mail-outbox.repo';
import { quorumMailRow } from '../reminders/quorum-mails';
import { transactionWithChanges, type GroupChanges } from '../live/group-changes';
import * as events from './events.repo';
import * as quorum from './quorum.repo';

/** Checks per pass; the rest are taken by the next pass (each check is a short transaction of its own). */
const CHECKS_PER_PASS = 100;

interface Deps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** Told of each event found below its minimum ('updated') or cancelled ('cancelled'). */
  changes?: GroupChanges;
}

const noChanges: GroupChanges = {
  publish: () => undefined,
  subscribe: () => () => undefined,
  onLocal: () => () => undefined,
  publishSessionEnd: () => undefined,
  subscribeSessionEnds: () => () => undefined,
  close: async () => undefined,
};

export interface QuorumCheckResult {
  checked: number;
  belowMinimum: number;
  cancelled: number;
}

/**
 * The minimum check: at start less quorum_check_minutes, an event with fewer seat-takers than its
 * minimum is marked Below minimum and its creator mailed; with auto_cancel it is also cancelled
 * (kept, with its sign-ups) and everyone holding a seat or waiting is mailed. Each check is claimed
 * by one conditional write, so with several instances each event is checked once; the pending check
 * lives in the event's row, so a restart or a job that was down finds every check it missed (an event
 * that started meanwhile is only marked checked).
 */
export function createQuorumCheck({ db, clock, publicUrl, changes = noChanges }: Deps) {
  async function checkOne(eventId: string, now: number): Promise<'ok' | 'below' | 'cancelled' | 'skipped'> {
    return transactionWithChanges(db, changes, async (tx, record) => {
      const row = await quorum.claimCheck(tx, eventId, now);
      if (!row) return 'skipped';
      const min = row.min_players ?? null;
      if (min === null || row.cancelled_at != null || row.start_at <= now) return 'skipped';
      const seatTakers = (await events.listAttendees(tx, [row.id])).length;
      if (seatTakers >= min) return 'ok';
      const cancel = row.auto_cancel === 1;
      await quorum.markBelowMinimum(tx, row.id, now, cancel);
      const event = await events.findWithGroup(tx, row.id);
      if (!event) return 'skipped';
      const counts = { seatTakers, minPlayers: min };
      const mails = [];
      const creator = await quorum.findCreator(tx, row);
      if (creator) {
        mails.push(
          quorumMailRow('belowMinimum', event, creator, { publicUrl, now, counts, dedupeKey: `belowMinimum:${row.id}:${row.start_at}` }),
        );
      }
      if (cancel) {
        for (const member of await quorum.listSignedUp(tx, row)) {
          mails.push(
            quorumMailRow('quorumCancelled', event, member, {
              publicUrl,
              now,
              counts,
              dedupeKey: `quorumCancelled:${row.id}:${member.user_id}`,
            }),
          );
        }
        // A reminder of a cancelled event would send people to a game that is not happening.
        await outbox.deleteUnsentReminders(tx, row.id);
      }
      await outbox.insertMany(tx, mails);
      record({ groupId: row.group_id, topic: 'events', action: cancel ? 'cancelled' : 'updated', eventId: row.id });
      return cancel ? 'cancelled' : 'below';
    });
  }

  /** Runs every check that has come due. */
  return async function runQuorumChecks(): Promise<QuorumCheckResult> {
    const now = clock.now();
    const result: QuorumCheckResult = { checked: 0, belowMinimum: 0, cancelled: 0 };
    for (const { id } of await quorum.listDueChecks(db, now, CHECKS_PER_PASS)) {
      const outcome = await checkOne(id, now);
      if (outcome === 'skipped') continue;
      result.checked += 1;
      if (outcome !== 'ok') result.belowMinimum += 1;
      if (outcome === 'cancelled') result.cancelled += 1;
    }
    return result;
  };
}
