import { quorumCheckLabel } from '@smm/shared/events/quorum';
import { newId } from '../../lib/ids';
import type { EventWithGroupRow } from '../events/events.repo';
import type { OutboxRow } from './event-mail-outbox.repo';
import { formatInZone } from './event-mails';

/** The mails about an event's minimum and reminders to answer; kinds of the event mail outbox. */
export type QuorumMailKind = 'nudge' | 'belowMinimum' | 'quorumCancelled' | 'organiserCancelled';

export interface QuorumMailRecipient {
  user_id: string;
  username: string;
  email: string;
  time_zone: string | null;
}

interface Counts {
  seatTakers: number;
  minPlayers: number;
}

const eventsPageUrl = (publicUrl: string, event: EventWithGroupRow) =>
  `${publicUrl}/${event.link_url}/events?groupID=${encodeURIComponent(event.group_id)}`;
const settingsUrl = (publicUrl: string, event: EventWithGroupRow) =>
  `${publicUrl}/${event.link_url}/userSettings?groupID=${encodeURIComponent(event.group_id)}`;
const players = (n: number) => (n === 1 ? '1 player' : `${n} players`);

function render(
  kind: QuorumMailKind,
  event: EventWithGroupRow,
  recipient: QuorumMailRecipient,
  { publicUrl, counts, actorName }: { publicUrl: string; counts?: Counts; actorName?: string },
): { subject: string; text: string } {
  const name = event.event_name;
  const group = event.group_name;
  const when = `Starts: ${formatInZone(event.start_at, recipient.time_zone)}\nEnds:   ${formatInZone(event.end_at, recipient.time_zone)}`;
  const link = `See the event: ${eventsPageUrl(publicUrl, event)}`;
  const hello = `Hello ${recipient.username},\n\n`;
  const have = counts ? `${players(counts.seatTakers)} of the ${counts.minPlayers} it needs` : '';
  switch (kind) {
    case 'nudge':
      return {
        subject: `Are you coming? ${name} in ${group}`,
        text:
          `${hello}${actorName ?? 'An organiser'} asks whether you are coming to "${name}" in ${group}: you have not answered yet.\n\n` +
          (event.series_id
            ? `"${name}" repeats every week: this reminder is about the week below (each week is answered on its own).\n\n`
            : '') +
          `${when}\n\nAnswer on the events page (Attending, Late, Maybe, Can sub or Not coming): ${eventsPageUrl(publicUrl, event)}\n\n` +
          `You get this mail because Event Notifications are on for you in ${group}. ` +
          `You can turn them off under User Settings: ${settingsUrl(publicUrl, event)}\n`,
      };
    case 'belowMinimum': {
      const cancelled = event.auto_cancel === 1;
      const check = event.quorum_check_minutes == null ? '' : ` ${quorumCheckLabel(event.quorum_check_minutes)} before the start`;
      return {
        subject: cancelled ? `Cancelled, below its minimum: ${name} in ${group}` : `Below its minimum: ${name} in ${group}`,
        text:
          `${hello}Your event "${name}" in ${group} has ${have} at its check${check}.\n\n` +
          (cancelled
            ? `As you chose, it is now cancelled and its attendees and waitlist have been told. Nothing was deleted: it stays listed, marked Cancelled, with its sign-ups.\n\n`
            : `It is marked Below minimum on the events page. It was not cancelled: you can remind members who have not answered, or cancel it yourself.\n\n`) +
          `${when}\n\n${link}\n\nYou get this mail because you created this event.\n`,
      };
    }
    case 'organiserCancelled':
      return {
        subject: `Event cancelled in ${group}: ${name}`,
        text:
          `${hello}${actorName ?? 'An organiser'} cancelled "${name}" in ${group}. It was planned for:\n\n` +
          `${when}\n\n${link}\n\nYou get this mail because you signed up for this event.\n`,
      };
    case 'quorumCancelled':
      return {
        subject: `Event cancelled in ${group}: ${name}`,
        text:
          `${hello}"${name}" in ${group} is cancelled: it had ${have} when it was checked. It was planned for:\n\n` +
          `${when}\n\n${link}\n\nYou get this mail because you signed up for this event.\n`,
      };
  }
}

/** One mail about an event's minimum or a reminder to answer, as an outbox row due now. */
export function quorumMailRow(
  kind: QuorumMailKind,
  event: EventWithGroupRow,
  recipient: QuorumMailRecipient,
  options: { publicUrl: string; now: number; dedupeKey: string; counts?: Counts; actorName?: string },
): OutboxRow {
  const mail = render(kind, event, recipient, options);
  return {
    id: newId(),
    dedupe_key: options.dedupeKey,
    kind,
    event_id: event.id,
    event_start_at: event.start_at,
    user_id: recipient.user_id,
    to_email: recipient.email,
    subject: mail.subject,
    body: mail.text,
    due_at: options.now,
    claimed_by: null,
    claimed_at: null,
    attempts: 0,
    sent_at: null,
    failed_at: null,
    last_error: null,
    created_at: options.now,
  };
}
