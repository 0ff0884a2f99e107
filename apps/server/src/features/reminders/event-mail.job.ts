import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import type { Mailer } from '../../integrations/mailer';
import { createBackgroundJob, onceEvery } from '../../lib/background-job';
import type { GroupChanges } from '../live/group-changes';
import * as outbox from './event-mail-outbox.repo';
import { eventMailRow } from './event-notifications';
import { createQuorumCheck, type QuorumCheckResult } from '../events/quorum-check';

export const DEFAULT_REMINDER_LEAD_MS = 60 * 60 * 1000;
/** A claim older than this belongs to a sender that died mid-send; the mail is then sent by another. */
const DEFAULT_LEASE_MS = 10 * 60 * 1000;
const BATCH = 50;
const MAX_BATCHES_PER_TICK = 20;
const MAX_ATTEMPTS = 5;
const KEEP_FINISHED_MS = 30 * 24 * 60 * 60 * 1000;
/** Old mails are forgotten this often, not on every tick: an idle tick then costs two indexed queries. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

interface Deps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  publicUrl: string;
  reminderLeadMs?: number;
  leaseMs?: number;
  /** Names this process's claims; a restarted process is a new sender. */
  instanceId?: string;
  /** Told of each event whose reminders were queued (Discord posts a reminder). */
  changes?: GroupChanges;
}

export interface TickResult {
  remindersQueued: number;
  sent: number;
  failed: number;
  /** The minimum checks of events that came due (their mails go out in the same tick). */
  quorum: QuorumCheckResult;
}

/**
 * The background job for event mails, kept in the database so it survives restarts and can run
 * on several instances at once: each tick queues the reminders that have come due (their unique
 * key makes a second queueing a no-op), then claims due mails atomically and sends them.
 */
export function createEventMailJob({
  db,
  clock,
  mailer,
  log,
  publicUrl,
  reminderLeadMs = DEFAULT_REMINDER_LEAD_MS,
  leaseMs = DEFAULT_LEASE_MS,
  instanceId = randomUUID(),
  changes,
}: Deps) {
  const pruneDue = onceEvery(clock, PRUNE_EVERY_MS);
  const runQuorumChecks = createQuorumCheck({ db, clock, publicUrl, changes });

  async function queueReminders(now: number): Promise<number> {
    const due = await outbox.listDueReminders(db, now, reminderLeadMs, 500);
    if (due.length === 0) return 0;
    const rows = due.map((row) =>
      eventMailRow(
        'reminder',
        row,
        { ...row, user_id: row.attendee_id },
        {
          actorName: '',
          publicUrl,
          now,
          // One reminder per attendee and start time: a moved event is reminded of again.
          dedupeKey: `reminder:${row.id}:${row.attendee_id}:${row.start_at}`,
        },
      ),
    );
    const queued = await outbox.insertMany(db, rows);
    const events = new Map(due.map((row) => [row.id, row.group_id]));
    for (const [eventId, groupId] of events) changes?.publish({ groupId, topic: 'events', action: 'reminder', eventId });
    return queued;
  }

  async function sendDue(now: number): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    let failed = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_TICK; batch += 1) {
      const claimed = await outbox.claimDue(db, instanceId, now, leaseMs, BATCH);
      for (const mail of claimed) {
        try {
          await mailer.send({ to: mail.to_email, subject: mail.subject, text: mail.body, ref: { mailId: mail.id, userId: mail.user_id } });
        } catch (error) {
          failed += 1;
          const giveUp = mail.attempts >= MAX_ATTEMPTS;
          log.warn(
            { mailId: mail.id, userId: mail.user_id, kind: mail.kind, attempts: mail.attempts, giveUp, err: error },
            'event mail not sent',
          );
          await outbox.release(
            db,
            mail.id,
            instanceId,
            error instanceof Error ? error.message : String(error),
            giveUp ? clock.now() : null,
          );
          continue;
        }
        if (await outbox.markSent(db, mail.id, instanceId, clock.now())) sent += 1;
      }
      if (claimed.length < BATCH) break;
    }
    return { sent, failed };
  }

  async function runTick(): Promise<TickResult> {
    const now = clock.now();
    const remindersQueued = await queueReminders(now);
    const quorum = await runQuorumChecks();
    const { sent, failed } = await sendDue(now);
    if (pruneDue()) await outbox.pruneFinished(db, now - KEEP_FINISHED_MS);
    return { remindersQueued, sent, failed, quorum };
  }

  return { instanceId, ...createBackgroundJob({ run: runTick, log, failureMessage: 'event mail job failed' }) };
}
export type EventMailJob = ReturnType<typeof createEventMailJob>;
