import type { Db } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { EventWithGroupRow } from '../events/events.repo';
import type { EventMailKind } from './event-mail-outbox.tables';
import * as outbox from './event-mail-outbox.repo';
import { renderEventMail, type MailEvent, type MailRecipient } from './event-mails';

const toMailEvent = (row: EventWithGroupRow): MailEvent => ({
  id: row.id,
  groupId: row.group_id,
  groupName: row.group_name,
  linkUrl: row.link_url,
  eventName: row.event_name,
  startAt: row.start_at,
  endAt: row.end_at,
});

const toRecipient = (row: outbox.RecipientRow): MailRecipient => ({
  userId: row.user_id,
  username: row.username,
  email: row.email,
  timeZone: row.time_zone,
});

/**
 * Renders one event mail and returns its outbox row, due now and not yet claimed. Without a
 * dedupe key the row's own id makes the key unique, so every change is mailed.
 */
export function eventMailRow(
  kind: EventMailKind,
  event: EventWithGroupRow,
  recipient: outbox.RecipientRow,
  { actorName, publicUrl, now, dedupeKey }: { actorName: string; publicUrl: string; now: number; dedupeKey?: string },
): outbox.OutboxRow {
  const mail = renderEventMail(kind, toMailEvent(event), toRecipient(recipient), { actorName, publicUrl });
  const id = newId();
  return {
    id,
    dedupe_key: dedupeKey ?? `${kind}:${event.id}:${recipient.user_id}:${id}`,
    kind,
    event_id: event.id,
    event_start_at: event.start_at,
    user_id: recipient.user_id,
    to_email: recipient.email,
    subject: mail.subject,
    body: mail.text,
    due_at: now,
    claimed_by: null,
    claimed_at: null,
    attempts: 0,
    sent_at: null,
    failed_at: null,
    last_error: null,
    created_at: now,
  };
}

/** Queues the mails that tell a group's members about new, changed and cancelled events. */
export function createEventNotifier({ publicUrl }: { publicUrl: string }) {
  return {
    /**
     * Queues one mail per member with Event Notifications on, except the one who made the change.
     * Called inside the change's transaction, so the mails are queued exactly when the change commits.
     */
    async eventChanged(
      db: Db,
      kind: Exclude<EventMailKind, 'reminder' | 'waitlistPromoted'>,
      event: EventWithGroupRow,
      actor: { id: string; username: string },
      now: number,
    ) {
      const recipients = await outbox.listNotificationRecipients(db, event.group_id, actor.id);
      await outbox.insertMany(
        db,
        recipients.map((row) => eventMailRow(kind, event, row, { actorName: actor.username, publicUrl, now })),
      );
    },
  };
}
export type EventNotifier = ReturnType<typeof createEventNotifier>;
