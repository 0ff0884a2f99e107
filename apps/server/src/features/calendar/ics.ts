import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { EventWithGroupRow } from '../events/events.repo';

export interface IcsEvent {
  row: EventWithGroupRow;
  attendees: readonly string[];
}

interface Options {
  name: string;
  publicUrl: string;
  now: number;
  /** PUBLISH for a single downloaded event, so calendar apps offer to add it. */
  publish?: boolean;
}

/**
 * RFC 5545 TEXT escaping: backslash, semicolon and comma get a backslash, and every line break
 * becomes `\n` (TEXT has no way to say CR, so CR LF and a lone CR read back as LF). The value then
 * holds no raw CR or LF, so nothing a member typed can start a line of its own such as END:VEVENT.
 */
export const escapeIcsText = (text: string): string => text.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r\n|\r|\n/g, '\\n');

/**
 * An iCalendar (RFC 5545) document of events; all times are UTC instants, which every calendar app converts.
 * Every text from users goes through an escaping writer: ical-generator escapes SUMMARY and DESCRIPTION
 * itself but writes the calendar's NAME and X-WR-CALNAME as given, so those are escaped here.
 */
export function renderCalendar(events: readonly IcsEvent[], { name, publicUrl, now, publish = false }: Options): string {
  const host = new URL(publicUrl).host;
  const calendar = ical({
    name: escapeIcsText(name),
    prodId: { company: 'SMM', product: 'SMM Events', language: 'EN' },
    // Subscribed calendars refresh about hourly; apps that honour it ask no more often.
    ttl: 60 * 60,
    ...(publish ? { method: ICalCalendarMethod.PUBLISH } : {}),
  });
  for (const { row, attendees } of events) {
    const url = `${publicUrl}/${row.link_url}/events?groupID=${encodeURIComponent(row.group_id)}`;
    const seats = `${attendees.length}/${row.max_number_of_members} attending`;
    calendar.createEvent({
      id: `${row.id}@${host}`,
      start: new Date(row.start_at),
      end: new Date(row.end_at),
      summary: row.event_name,
      description: [
        ...(row.description ? [row.description, ''] : []),
        `Group: ${row.group_name}`,
        `${seats}${attendees.length ? `: ${attendees.join(', ')}` : ''}`,
        url,
      ].join('\n'),
      url,
      created: new Date(row.created_at),
      lastModified: new Date(row.updated_at),
      stamp: new Date(now),
      // Every edit bumps updated_at; whole seconds since creation only ever grow.
      sequence: Math.max(0, Math.floor((row.updated_at - row.created_at) / 1000)),
      // A cancelled event stays in the feed, so subscribed calendars show it called off rather than silently gone.
      ...(row.cancelled_at != null ? { status: ICalEventStatus.CANCELLED } : {}),
    });
  }
  // RFC 5545 ends every content line, the last one too, with CR LF; ical-generator leaves the last bare.
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/** A file name for the event's .ics download: its name with anything odd replaced. */
export const icsFileName = (eventName: string): string =>
  `${
    eventName
      .replace(/[^A-Za-z0-9 _-]+/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 60) || 'event'
  }.ics`;
