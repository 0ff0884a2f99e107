import type { CalendarFeedCreated, CalendarFeedStatus } from '@smm/shared/events/calendar';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { notFound } from '../../errors';
import { randomToken, sha256 } from '../../lib/crypto';
import * as events from '../events/events.repo';
import { toIso } from '../../lib/iso-time';
import * as feeds from './calendar.repo';
import { renderCalendar } from './ics';

/** How far back a feed reaches: recent events stay visible for a month after they end. */
const FEED_HISTORY_MS = 30 * 24 * 60 * 60 * 1000;
const FEED_MAX_EVENTS = 1000;
const FEED_FILE = /^([0-9a-f]{64})\.ics$/;
const FEED_NOT_FOUND = 'Calendar feed not found';

interface Deps {
  db: Db;
  clock: Clock;
  publicUrl: string;
}

/** Private calendar feeds: one secret URL per user listing the events of all their groups. */
export function createCalendarService({ db, clock, publicUrl }: Deps) {
  return {
    /** Whether the caller has an active feed (the URL itself cannot be shown again). */
    async status(actor: UserDto): Promise<CalendarFeedStatus> {
      const row = await feeds.findByUser(db, actor.id);
      return { active: Boolean(row), createdAt: row ? toIso(row.created_at) : null };
    },

    /** Makes the caller's feed URL, or a new one that replaces (and so revokes) the old. */
    async createFeed(actor: UserDto): Promise<CalendarFeedCreated> {
      const token = randomToken();
      const now = clock.now();
      await feeds.upsert(db, { user_id: actor.id, token_hash: sha256(token), created_at: now });
      return { url: `${publicUrl}/api/calendar/${token}.ics`, createdAt: toIso(now) };
    },

    /** Turns the caller's feed off: its URL answers 404 from now on. */
    async revokeFeed(actor: UserDto): Promise<{ message: string }> {
      const removed = await feeds.deleteByUser(db, actor.id);
      return { message: removed ? 'Calendar link turned off' : 'No calendar link was active' };
    },

    /** The feed behind a `{token}.ics` path: every event of the owner's groups that ended less than a month ago or is to come. */
    async feed(file: string): Promise<string> {
      const token = FEED_FILE.exec(file)?.[1];
      const owner = token ? await feeds.findOwnerByTokenHash(db, sha256(token)) : undefined;
      if (!owner) throw notFound(FEED_NOT_FOUND);
      const now = clock.now();
      const rows = await events.listForMember(db, owner.id, now - FEED_HISTORY_MS, FEED_MAX_EVENTS);
      const attendees = await events.listAttendees(
        db,
        rows.map((row) => row.id),
      );
      return renderCalendar(
        rows.map((row) => ({ row, attendees: attendees.filter((a) => a.event_id === row.id).map((a) => a.username) })),
        { name: `SMM events of ${owner.username}`, publicUrl, now },
      );
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
