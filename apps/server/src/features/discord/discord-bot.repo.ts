import { sql, type Insertable } from 'kysely';
import { lockedRow } from '../../db/row-locks';
import type { Db } from '../../db/schema';
import type { DiscordChannelsTable, DiscordEventMessagesTable } from './discord-app.tables';
import { newDelivery, type DeliveryRow } from './discord.repo';

/** The channel the bot posts the group's news in: none while it is paused (see `settleChannelCheck`). */
export const findChannel = (db: Db, groupId: string) =>
  db.selectFrom('discord_channels').selectAll().where('group_id', '=', groupId).where('paused_reason', 'is', null).executeTakeFirst();

/** The group's connected channel, paused or not, as Group Settings shows it. */
export const findChannelSetting = (db: Db, groupId: string) =>
  db.selectFrom('discord_channels').selectAll().where('group_id', '=', groupId).executeTakeFirst();

/**
 * Channels not checked yet (connected before connecting asked who may manage the server), with their
 * connectors' Discord ids: those never asked about first, then those Discord failed to answer for longest ago.
 */
export const listUncheckedChannels = (db: Db, limit: number) =>
  db
    .selectFrom('discord_channels as c')
    .leftJoin('discord_links as l', 'l.user_id', 'c.set_by')
    .select(['c.group_id', 'c.channel_id', 'c.guild_id', 'c.updated_at', 'l.discord_id'])
    .where('c.checked_at', 'is', null)
    .orderBy('c.tried_at')
    .limit(limit)
    .execute();

/** The names a check read from Discord; a name it could not read is left as it was. */
export type ChannelNames = Partial<Pick<DiscordChannelsTable, 'channel_name' | 'guild_name'>>;

/**
 * The outcome of a check, unless the channel was connected again or changed meanwhile (`updated_at`
 * no longer the one checked): `reason` null confirms it, a reason pauses it.
 */
export async function settleChannelCheck(
  db: Db,
  groupId: string,
  updatedAt: number,
  now: number,
  reason: string | null,
  names: ChannelNames = {},
): Promise<void> {
  await db
    .updateTable('discord_channels')
    .set({ ...names, checked_at: now, paused_reason: reason, names_read_at: now })
    .where('group_id', '=', groupId)
    .where('updated_at', '=', updatedAt)
    .where('checked_at', 'is', null)
    .execute();
}

/** Checked channels whose names were never read (connected before they were kept), in the order of `listUncheckedChannels`. */
export const listUnnamedChannels = (db: Db, limit: number) =>
  db
    .selectFrom('discord_channels')
    .select(['group_id', 'channel_id', 'guild_id', 'updated_at'])
    .where('names_read_at', 'is', null)
    .where('checked_at', 'is not', null)
    .orderBy('tried_at')
    .limit(limit)
    .execute();

/** Puts a channel Discord could not answer about at the back of the pass's queues, unless it was connected again meanwhile. */
export async function markChannelTried(db: Db, groupId: string, updatedAt: number, now: number): Promise<void> {
  await db
    .updateTable('discord_channels')
    .set({ tried_at: now })
    .where('group_id', '=', groupId)
    .where('updated_at', '=', updatedAt)
    .execute();
}

/** Keeps the names the bot read, unless the channel was connected again or changed meanwhile. */
export async function settleChannelNames(db: Db, groupId: string, updatedAt: number, now: number, names: ChannelNames): Promise<void> {
  await db
    .updateTable('discord_channels')
    .set({ ...names, names_read_at: now })
    .where('group_id', '=', groupId)
    .where('updated_at', '=', updatedAt)
    .where('names_read_at', 'is', null)
    .execute();
}

/** The group whose events are posted in this Discord channel. */
export const findGroupByChannel = async (db: Db, channelId: string): Promise<string | undefined> =>
  (await db.selectFrom('discord_channels').select('group_id').where('channel_id', '=', channelId).executeTakeFirst())?.group_id;

/** A channel as connecting stores it; the pass's queue position starts at never asked. */
export type NewChannel = Insertable<DiscordChannelsTable>;

export async function upsertChannel(db: Db, row: NewChannel): Promise<void> {
  await db
    .insertInto('discord_channels')
    .values(row)
    .onConflict((oc) =>
      oc.column('group_id').doUpdateSet({
        channel_id: row.channel_id,
        guild_id: row.guild_id,
        set_by: row.set_by,
        updated_at: row.updated_at,
        checked_at: row.checked_at,
        paused_reason: row.paused_reason,
        channel_name: row.channel_name,
        guild_name: row.guild_name,
        names_read_at: row.names_read_at,
        tried_at: 0,
      }),
    )
    .execute();
}

export async function deleteChannel(db: Db, groupId: string): Promise<void> {
  await db.deleteFrom('discord_channels').where('group_id', '=', groupId).execute();
}

export const findEventMessage = (db: Db, eventId: string) =>
  db.selectFrom('discord_event_messages').selectAll().where('event_id', '=', eventId).executeTakeFirst();

export async function upsertEventMessage(db: Db, row: DiscordEventMessagesTable): Promise<void> {
  await db
    .insertInto('discord_event_messages')
    .values(row)
    .onConflict((oc) =>
      oc.column('event_id').doUpdateSet({ channel_id: row.channel_id, message_id: row.message_id, updated_at: row.updated_at }),
    )
    .execute();
}

export async function deleteEventMessage(db: Db, eventId: string): Promise<void> {
  await db.deleteFrom('discord_event_messages').where('event_id', '=', eventId).execute();
}

/** The keys of every job of the bot (webhook posts' keys never start so). */
export const BOT_KEY_PREFIX = 'bot:';
/** The keys of the jobs that remove one of the bot's messages. */
export const REMOVAL_KEY_PREFIX = 'bot:remove:';
/** The keys of the jobs that bring an event's message up to date (post, edit or remove it). */
export const EVENT_SYNC_KEY_PREFIX = 'bot:event:';
/** Rows per insert of removals: well within both engines' limits on a statement's parameters. */
const REMOVALS_PER_INSERT = 100;

/**
 * The job that deletes one of the bot's messages from its channel, once (the key is the message). It
 * belongs to no group, so the cascade of a group's deletion does not take it along.
 */
const newRemoval = (message: Pick<DiscordEventMessagesTable, 'channel_id' | 'message_id'>, now: number): DeliveryRow =>
  newDelivery(
    null,
    `${REMOVAL_KEY_PREFIX}${message.channel_id}:${message.message_id}`,
    { remove: { channelId: message.channel_id, messageId: message.message_id } },
    now,
  );

/** Queues the removal of each of these messages, once each (a removal already queued stays as it is). */
async function queueRemovals(db: Db, messages: readonly Pick<DiscordEventMessagesTable, 'channel_id' | 'message_id'>[], now: number) {
  for (let start = 0; start < messages.length; start += REMOVALS_PER_INSERT) {
    await db
      .insertInto('discord_deliveries')
      .values(messages.slice(start, start + REMOVALS_PER_INSERT).map((message) => newRemoval(message, now)))
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute();
  }
}

/**
 * Queues the removal of every event message of the group in its channel. Called in the transaction
 * that deletes the group, holding its row lock, before the cascade forgets which message is whose:
 * the removals commit with the deletion or not at all, and are sent by the outbox like any job.
 */
export async function queueGroupMessageRemovals(db: Db, groupId: string, now: number): Promise<number> {
  const messages = await db
    .selectFrom('discord_event_messages')
    .select(['channel_id', 'message_id'])
    .where('group_id', '=', groupId)
    .execute();
  await queueRemovals(db, messages, now);
  return messages.length;
}

/**
 * Queues the removal of the bot's messages about these events and forgets them: for occurrences of
 * a series deleted with the one named, whose own job cannot see them. Called in the deleting
 * transaction, holding the events' row locks, so a message posted meanwhile is seen here or removed
 * by `recordEventMessage`.
 */
export async function queueEventMessageRemovals(db: Db, eventIds: readonly string[], now: number): Promise<number> {
  if (eventIds.length === 0) return 0;
  const messages = await db
    .selectFrom('discord_event_messages')
    .select(['channel_id', 'message_id'])
    .where('event_id', 'in', eventIds)
    .execute();
  if (messages.length === 0) return 0;
  await queueRemovals(db, messages, now);
  await db.deleteFrom('discord_event_messages').where('event_id', 'in', eventIds).execute();
  return messages.length;
}

/**
 * Remembers the message just posted about an event, unless its group has been deleted meanwhile: the
 * message is then queued for removal, as the deletion could not see it. The deletion takes the
 * group's row lock before it reads the group's messages, and this takes it before writing one, so
 * each message is either seen by the deletion or removed here. False when it was queued for removal.
 */
export async function recordEventMessage(db: Db, row: DiscordEventMessagesTable): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const group = await lockedRow(tx, tx.selectFrom('groups').select('id').where('id', '=', row.group_id)).executeTakeFirst();
    // The event's lock after the group's, in the order a group's deletion takes them.
    const event = group && (await lockedRow(tx, tx.selectFrom('events').select('id').where('id', '=', row.event_id)).executeTakeFirst());
    if (!group || !event) {
      await queueOnce(tx, newRemoval(row, row.updated_at));
      return false;
    }
    await upsertEventMessage(tx, row);
    return true;
  });
}

/** What the bot's message about an event shows: the event, its group, and who is coming. */
export async function findEventForMessage(db: Db, eventId: string) {
  const event = await db
    .selectFrom('events')
    .innerJoin('groups', 'groups.id', 'events.group_id')
    .select([
      'events.id',
      'events.group_id',
      'events.event_name',
      'events.start_at',
      'events.end_at',
      'events.max_number_of_members',
      'events.cancelled_at',
      'groups.group_name',
      'groups.link_url',
    ])
    .where('events.id', '=', eventId)
    .executeTakeFirst();
  if (!event) return undefined;
  const attending = await db
    .selectFrom('event_attendees')
    .innerJoin('users', 'users.id', 'event_attendees.user_id')
    .select('users.username')
    .where('event_attendees.event_id', '=', eventId)
    .orderBy('event_attendees.joined_at')
    .orderBy('users.username')
    .execute();
  return { ...event, attending: attending.map((a) => a.username) };
}
export type EventForMessage = NonNullable<Awaited<ReturnType<typeof findEventForMessage>>>;

/**
 * Queues bringing an event's message up to date. At most one such job per event is waiting or
 * running (its key is the event's): a later change only rewrites its payload, so the job that is
 * running sees it and runs again, and no two instances ever work on one event's message at once.
 */
export async function queueEventSync(db: Db, row: DeliveryRow): Promise<void> {
  await db
    .insertInto('discord_deliveries')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doUpdateSet({ payload: row.payload }))
    .execute();
}

/** Finishes a job whose payload is still the one it ran for; false when a change came meanwhile. */
export async function finishEventSync(db: Db, row: DeliveryRow, claimant: string, now: number): Promise<boolean> {
  const done = await db
    .updateTable('discord_deliveries')
    // The key is set free for the next change.
    .set({ sent_at: now, lease_until: null, dedupe_key: sql<string>`${row.dedupe_key} || ':' || ${row.id}` })
    .where('id', '=', row.id)
    .where('claimed_by', '=', claimant)
    .where('payload', '=', row.payload)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/**
 * Gives a job back to run again at `nextAttemptAt`, or gives up on it (and frees its key); one turned
 * back by Discord's rate limit has its attempt back and a rate limit counted instead.
 */
export async function releaseEventSync(
  db: Db,
  row: DeliveryRow,
  claimant: string,
  outcome: { error: string | null; nextAttemptAt: number; failedAt: number | null; rateLimited: boolean },
): Promise<void> {
  await db
    .updateTable('discord_deliveries')
    .set((eb) => ({
      claimed_by: null,
      lease_until: null,
      last_error: outcome.error?.slice(0, 500) ?? null,
      next_attempt_at: outcome.nextAttemptAt,
      failed_at: outcome.failedAt,
      ...(outcome.failedAt === null ? {} : { dedupe_key: sql<string>`${row.dedupe_key} || ':' || ${row.id}` }),
      // A run that finished without error starts its retries (and its count of rate limits) afresh.
      ...(outcome.error === null ? { attempts: 0, rate_limits: 0 } : {}),
      ...(outcome.rateLimited ? { attempts: eb('attempts', '-', 1), rate_limits: eb('rate_limits', '+', 1) } : {}),
    }))
    .where('id', '=', row.id)
    .where('claimed_by', '=', claimant)
    .execute();
}

/** The key of one reminder DM: per event, attendee and start time (a moved event is reminded of again). */
export const reminderDmKey = (eventId: string, userId: string, startAt: number | string) =>
  `bot:dm:reminder:${eventId}:${userId}:${startAt}`;

/**
 * Attendees (still members) who asked for reminders by Discord DM, of events starting within
 * `leadMs`, whose reminder DM is not queued yet: found through the events' start index and each
 * DM's unique key.
 */
export const listDueDmReminders = (db: Db, now: number, leadMs: number, limit: number) =>
  db
    .selectFrom('events')
    .innerJoin('event_attendees', 'event_attendees.event_id', 'events.id')
    .innerJoin('discord_links', 'discord_links.user_id', 'event_attendees.user_id')
    .innerJoin('group_members', (join) =>
      join.onRef('group_members.group_id', '=', 'events.group_id').onRef('group_members.user_id', '=', 'event_attendees.user_id'),
    )
    .select(['events.id as event_id', 'events.group_id', 'events.start_at', 'event_attendees.user_id', 'discord_links.discord_id'])
    .where('discord_links.dm_reminders', '=', 1)
    .where('events.cancelled_at', 'is', null)
    .where('events.start_at', '>', now)
    .where('events.start_at', '<=', now + leadMs)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('discord_deliveries')
            .select(sql.lit(1).as('one'))
            .where(
              'discord_deliveries.dedupe_key',
              '=',
              sql<string>`${'bot:dm:reminder:'} || ${sql.ref('events.id')} || ${':'} || ${sql.ref('event_attendees.user_id')} || ${':'} || ${sql.ref('events.start_at')}`,
            ),
        ),
      ),
    )
    .orderBy('events.start_at')
    .limit(limit)
    .execute();

/** The event, attendee and start time a reminder DM's key names; null for any other key. */
export function parseReminderDmKey(key: string): { eventId: string; userId: string; startAt: number } | null {
  const match = /^bot:dm:reminder:([^:]+):([^:]+):(\d+)$/.exec(key);
  return match ? { eventId: match[1]!, userId: match[2]!, startAt: Number(match[3]) } : null;
}

/**
 * Whether a queued reminder DM is still wanted when it is sent: the event still starts then and is not
 * called off, and the attendee still holds their seat, is still a member of its group and still has
 * this Discord account linked with reminders by DM on. A DM held up by Discord (a rate limit, an
 * outage, a refused token) may wait long after it was queued.
 */
export async function isDmReminderStillWanted(
  db: Db,
  reminder: { eventId: string; userId: string; startAt: number },
  discordId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('events')
    .innerJoin('event_attendees', 'event_attendees.event_id', 'events.id')
    .innerJoin('discord_links', 'discord_links.user_id', 'event_attendees.user_id')
    .innerJoin('group_members', (join) =>
      join.onRef('group_members.group_id', '=', 'events.group_id').onRef('group_members.user_id', '=', 'event_attendees.user_id'),
    )
    .select('events.id')
    .where('events.id', '=', reminder.eventId)
    .where('event_attendees.user_id', '=', reminder.userId)
    .where('events.start_at', '=', reminder.startAt)
    .where('events.cancelled_at', 'is', null)
    .where('discord_links.discord_id', '=', discordId)
    .where('discord_links.dm_reminders', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Queues a one-off message (a DM, an announcement) once: its key says which. */
export async function queueOnce(db: Db, row: DeliveryRow): Promise<void> {
  await db
    .insertInto('discord_deliveries')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/** The game a draft was used for, with its players in order, unless it was deleted since. */
export async function findGameOfDraft(db: Db, draftId: string) {
  const game = await db
    .selectFrom('civ_drafts')
    .innerJoin('civ_games', 'civ_games.id', 'civ_drafts.game_id')
    .innerJoin('groups', 'groups.id', 'civ_games.group_id')
    .select(['civ_games.id', 'civ_games.group_id', 'civ_games.game_name', 'civ_games.game_type', 'groups.group_name'])
    .where('civ_drafts.id', '=', draftId)
    .where('civ_games.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!game) return undefined;
  const players = await db
    .selectFrom('civ_game_members')
    .innerJoin('users', 'users.id', 'civ_game_members.user_id')
    .select('users.username')
    .where('civ_game_members.game_id', '=', game.id)
    .orderBy('civ_game_members.position')
    .execute();
  return { ...game, players: players.map((p) => p.username) };
}
export type DraftedGameForPost = NonNullable<Awaited<ReturnType<typeof findGameOfDraft>>>;

/** A finished game's result: its winner, victory type and every player's placement, unless it was deleted. */
export async function findGameResult(db: Db, gameId: string) {
  const game = await db
    .selectFrom('civ_games')
    .innerJoin('groups', 'groups.id', 'civ_games.group_id')
    .select([
      'civ_games.id',
      'civ_games.group_id',
      'civ_games.game_name',
      'civ_games.game_type',
      'civ_games.victory_type',
      'civ_games.finished_at',
      'civ_games.winner',
      'groups.group_name',
    ])
    .where('civ_games.id', '=', gameId)
    .where('civ_games.deleted_at', 'is', null)
    .where('civ_games.finished_at', 'is not', null)
    .executeTakeFirst();
  if (!game) return undefined;
  const players = await db
    .selectFrom('civ_game_members')
    .innerJoin('users', 'users.id', 'civ_game_members.user_id')
    .select(['users.username', 'civ_game_members.placement', 'civ_game_members.team'])
    .where('civ_game_members.game_id', '=', gameId)
    .orderBy('civ_game_members.placement')
    .orderBy('civ_game_members.position')
    .execute();
  return { ...game, players };
}
export type GameResultForPost = NonNullable<Awaited<ReturnType<typeof findGameResult>>>;
