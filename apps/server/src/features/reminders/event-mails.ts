import type { EventMailKind } from './event-mail-outbox.tables';

/** What a mail says about an event. */
export interface MailEvent {
  id: string;
  groupId: string;
  groupName: string;
  linkUrl: string;
  eventName: string;
  startAt: number;
  endAt: number;
}

export interface MailRecipient {
  userId: string;
  username: string;
  email: string;
  /** null: the user never chose one; mails then name UTC. */
  timeZone: string | null;
}

/** A moment in the recipient's own time zone, with the zone named, e.g. "Tuesday, November 24, 2026 at 3:00 PM (Europe/Berlin)". */
export function formatInZone(ms: number, timeZone: string | null): string {
  const zone = timeZone ?? 'UTC';
  const text = new Intl.DateTimeFormat('en-US', { timeZone: zone, dateStyle: 'full', timeStyle: 'short' }).format(new Date(ms));
  return `${text} (${zone})`;
}

const eventsPageUrl = (publicUrl: string, event: MailEvent) =>
  `${publicUrl}/${event.linkUrl}/events?groupID=${encodeURIComponent(event.groupId)}`;
const settingsUrl = (publicUrl: string, event: MailEvent) =>
  `${publicUrl}/${event.linkUrl}/userSettings?groupID=${encodeURIComponent(event.groupId)}`;

const headlines: Record<EventMailKind, (event: MailEvent, actor: string) => { subject: string; line: string }> = {
  created: (e, actor) => ({
    subject: `New event in ${e.groupName}: ${e.eventName}`,
    line: `${actor} scheduled "${e.eventName}" in ${e.groupName}.`,
  }),
  updated: (e, actor) => ({
    subject: `Event changed in ${e.groupName}: ${e.eventName}`,
    line: `${actor} changed "${e.eventName}" in ${e.groupName}. It is now:`,
  }),
  deleted: (e, actor) => ({
    subject: `Event cancelled in ${e.groupName}: ${e.eventName}`,
    line: `${actor} cancelled "${e.eventName}" in ${e.groupName}. It was planned for:`,
  }),
  reminder: (e) => ({
    subject: `Reminder: ${e.eventName} starts soon`,
    line: `"${e.eventName}" in ${e.groupName}, which you are attending, starts soon.`,
  }),
  waitlistPromoted: (e) => ({
    subject: `You have a seat: ${e.eventName} in ${e.groupName}`,
    line: `A seat opened up on "${e.eventName}" in ${e.groupName} and, as first on its waitlist, you have it: you are now attending.`,
  }),
};

/** Why the member gets the mail: a promotion answers their own waitlist place, every other mail their notification setting. */
const reason = (kind: EventMailKind, event: MailEvent, publicUrl: string) =>
  kind === 'waitlistPromoted'
    ? `You get this mail because you joined the waitlist of this event. Not coming after all? Unattend on the events page so the next member gets the seat.\n`
    : `You get this mail because Event Notifications are on for you in ${event.groupName}. ` +
      `You can turn them off under User Settings: ${settingsUrl(publicUrl, event)}\n`;

/** The subject and text of one event mail, with times in the recipient's time zone. */
export function renderEventMail(
  kind: EventMailKind,
  event: MailEvent,
  recipient: MailRecipient,
  options: { actorName: string; publicUrl: string },
): { subject: string; text: string } {
  const { subject, line } = headlines[kind](event, options.actorName);
  const when = `Starts: ${formatInZone(event.startAt, recipient.timeZone)}\nEnds:   ${formatInZone(event.endAt, recipient.timeZone)}`;
  const link = kind === 'deleted' ? '' : `\n\nSee the event: ${eventsPageUrl(options.publicUrl, event)}`;
  const text = `Hello ${recipient.username},\n\n${line}\n\n${when}${link}\n\n${reason(kind, event, options.publicUrl)}`;
  return { subject, text };
}
