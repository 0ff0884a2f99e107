import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import type { DiscordApiClient, DiscordCallResult, DiscordMessageBody } from '../../integrations/discord-api';
import { newId } from '../../lib/ids';
import type { GroupChange, GroupChangeAction } from '../live/group-changes';
import { draftedGamePost, eventMessage, gameResultPost, nudgePost, reminderDm } from './discord-bot.messages';
import * as repo from './discord-bot.repo';
import { createDiscordChannelChecks } from './discord-channel-checks';
import { isRateLimited, retryAfterFailure, type DiscordFailure, type RetryPolicy } from './discord-retries';
import * as outbox from './discord.repo';
import type { DeliveryRow } from './discord.repo';

/** The changes after which an event's message in the group's channel is posted, edited or removed. */
const SYNCED: ReadonlySet<GroupChangeAction> = new Set(['created', 'updated', 'cancelled', 'attended', 'unattended', 'waitlistPromoted']);
const DM_PREFIX = 'bot:dm:';
const POST_PREFIX = 'bot:post:';

interface Deps {
  db: Db;
  clock: Clock;
  api: DiscordApiClient;
  publicUrl: string;
  /** How long before an event its reminder DMs go out (as the reminder mail). */
  reminderLeadMs?: number;
}

/** Whether this change may bring an event's message in the group's channel up to date. */
export const syncsEventMessage = (change: GroupChange): boolean => change.eventId !== undefined && SYNCED.has(change.action);

/** Queues bringing an event's message up to date; a new payload per change: the running job notices it changed and runs again. */
async function queueEventMessageSync(db: Db, clock: Clock, groupId: string, eventId: string): Promise<void> {
  const job = outbox.newDelivery(groupId, `${repo.EVENT_SYNC_KEY_PREFIX}${eventId}`, { eventId, change: newId() }, clock.now());
  await repo.queueEventSync(db, job);
}

/** The changes of an event's seats, many a day: with the application off they do not look for its message. */
const SEAT_CHANGES: ReadonlySet<GroupChangeAction> = new Set(['attended', 'unattended', 'waitlistPromoted']);

/**
 * With the Discord application off: an event's edit, cancellation or deletion still queues bringing
 * the bot's message about it up to date. The outbox holds the job until the bot is back, so the
 * message of an event deleted meanwhile is then removed, not left in the channel with its buttons.
 * Sign-ups and withdrawals do not (a server without Discord would read for a message at each): a
 * message's seats are brought up to date by the event's next change once the bot is back.
 */
export async function queueEventMessageSyncWhileOff(db: Db, clock: Clock, change: GroupChange): Promise<void> {
  if (!change.eventId || !syncsEventMessage(change) || SEAT_CHANGES.has(change.action)) return;
  if (!(await repo.findEventMessage(db, change.eventId))) return;
  await queueEventMessageSync(db, clock, change.groupId, change.eventId);
}

/** What became of one claimed job. */
export interface DeliveryOutcome {
  /** It must run again at once (a change came while it ran). */
  again: boolean;
  error?: string;
  /**
   * Discord refused the bot token (401: it was reset, or is not the application's): the job was not
   * released, and waits (or is given up) as while the application is off.
   */
  tokenRefused?: boolean;
  /** Discord's rate limit turned it back: due again `until`; `global`, the whole application's limit. */
  rateLimit?: { until: number; global: boolean };
}

/** Whether Discord refused the bot token (401): every call of the bot fails so until it runs with a valid one. */
export const isTokenRefused = (result: DiscordCallResult<unknown>): result is DiscordFailure & { status: 401 } =>
  !result.ok && 'status' in result && result.status === 401;

/** Discord's JSON error codes of a 403 the bot meets in a channel. */
const ACCESS_CODES: Readonly<Record<number, string>> = { 50001: 'Missing Access', 50013: 'Missing Permissions' };

/** What a 403 in a channel means: the bot can no longer see it or manage its messages, until it is let in again. */
const accessLost = (channelId: string, code: number | undefined) =>
  `the bot has lost access to channel ${channelId} (Discord answered 403${
    code === undefined ? '' : ` ${ACCESS_CODES[code] ?? code}`
  }): the message was left in place`;

const DEFAULT_REMINDER_LEAD_MS = 60 * 60 * 1000;
const REMINDERS_PER_PASS = 200;

/**
 * The bot's messages in groups' channels, as jobs of the Discord outbox: one job per event brings
 * its message up to date from the event as it is when the job runs (post it, edit it, or delete it
 * once the event is gone), so any number of changes cost at most a few calls and none is lost.
 */
export function createDiscordBotDeliveries({ db, clock, api, publicUrl, reminderLeadMs = DEFAULT_REMINDER_LEAD_MS }: Deps) {
  /**
   * Deletes one of the bot's messages. One gone already (404: someone deleted it, or its channel, in
   * Discord) needs nothing more. Any other refusal is a failure: 401 (the token refused) waits for a
   * valid token; 403 (the bot lost access to the channel) and the rest are given up, the message left.
   */
  async function remove(channelId: string, messageId: string): Promise<DiscordCallResult<unknown>> {
    const removed = await api.deleteMessage(channelId, messageId);
    if (removed.ok || removed.retry) return removed;
    if (removed.status === 404) return { ok: true, value: null };
    if (removed.status === 403) return { ...removed, error: accessLost(channelId, removed.code) };
    return removed;
  }

  /** Runs the calls; the Discord outcome of the last one. */
  async function sync(eventId: string): Promise<DiscordCallResult<unknown>> {
    const event = await repo.findEventForMessage(db, eventId);
    const posted = await repo.findEventMessage(db, eventId);
    if (!event) {
      if (!posted) return { ok: true, value: null };
      const removed = await remove(posted.channel_id, posted.message_id);
      if (removed.ok) await repo.deleteEventMessage(db, eventId);
      return removed;
    }
    const now = clock.now();
    const body = eventMessage(event, publicUrl, now);
    if (posted) {
      const edited = await api.editMessage(posted.channel_id, posted.message_id, body);
      // A message that cannot be edited is forgotten, but not for a refused token: it is still there.
      if (!edited.ok && !edited.retry && !isTokenRefused(edited)) await repo.deleteEventMessage(db, eventId);
      return edited;
    }
    // An event that has ended is not announced: a job that waited (the application off, Discord's
    // limits) would otherwise post, long after, a message nobody can answer any more.
    if (event.end_at <= now) return { ok: true, value: null };
    const channel = await repo.findChannel(db, event.group_id);
    if (!channel) return { ok: true, value: null };
    const created = await api.createMessage(channel.channel_id, body);
    // A group deleted while this was posted: the message is queued for removal instead.
    if (created.ok)
      await repo.recordEventMessage(db, {
        event_id: eventId,
        group_id: event.group_id,
        channel_id: channel.channel_id,
        message_id: created.value,
        updated_at: now,
      });
    return created;
  }

  /**
   * Queues the reminder DMs that have come due: one per attendee who asked for them, per event
   * start. They do not depend on the reminder mail, so a member can have them instead of mail.
   */
  async function queueDueReminders(): Promise<void> {
    const now = clock.now();
    const due = await repo.listDueDmReminders(db, now, reminderLeadMs, REMINDERS_PER_PASS);
    const events = new Map<string, repo.EventForMessage | undefined>();
    for (const row of due) {
      if (!events.has(row.event_id)) events.set(row.event_id, await repo.findEventForMessage(db, row.event_id));
      const event = events.get(row.event_id);
      if (!event) continue;
      const key = repo.reminderDmKey(row.event_id, row.user_id, row.start_at);
      await repo.queueOnce(
        db,
        outbox.newDelivery(row.group_id, key, { discordId: row.discord_id, message: reminderDm(event, publicUrl) }, now),
      );
    }
  }

  /** Once a draft has become a game, the group's channel hears of it, once (a draft moves on many times before). */
  async function queueDraftedGamePost(draftId: string, groupId: string): Promise<boolean> {
    const channel = await repo.findChannel(db, groupId);
    if (!channel) return false;
    const game = await repo.findGameOfDraft(db, draftId);
    if (!game) return false;
    const now = clock.now();
    const message = draftedGamePost(game, publicUrl);
    await repo.queueOnce(
      db,
      outbox.newDelivery(groupId, `${POST_PREFIX}drafted:${game.id}`, { channelId: channel.channel_id, message }, now),
    );
    return true;
  }

  /** A finished game's result, posted once per finish (a game reopened and finished again is posted again). */
  async function queueGameResultPost(gameId: string, groupId: string): Promise<boolean> {
    const channel = await repo.findChannel(db, groupId);
    if (!channel) return false;
    const game = await repo.findGameResult(db, gameId);
    if (!game) return false;
    const now = clock.now();
    const message = gameResultPost(game, publicUrl);
    await repo.queueOnce(
      db,
      outbox.newDelivery(groupId, `${POST_PREFIX}result:${game.id}:${game.finished_at}`, { channelId: channel.channel_id, message }, now),
    );
    return true;
  }

  /** An organiser's reminder to answer, posted once per reminder (they go out at most once a day per event). */
  async function queueNudgePost(eventId: string, groupId: string): Promise<boolean> {
    const channel = await repo.findChannel(db, groupId);
    if (!channel) return false;
    const event = await repo.findEventForMessage(db, eventId);
    if (!event) return false;
    const now = clock.now();
    const message = nudgePost(event, publicUrl);
    await repo.queueOnce(
      db,
      outbox.newDelivery(groupId, `${POST_PREFIX}nudge:${eventId}:${now}`, { channelId: channel.channel_id, message }, now),
    );
    return true;
  }

  type Payload =
    | { eventId: string }
    | { discordId: string; message: DiscordMessageBody }
    | { channelId: string; message: DiscordMessageBody }
    | { remove: { channelId: string; messageId: string } };

  /**
   * The Discord rate limit a job's calls fall under, as far as the outbox tells them apart: the
   * channel it posts in (Discord counts per channel), or one for every DM (opening a DM channel is
   * one route for all of them). Undefined when the job makes no call.
   */
  async function bucketOf(row: DeliveryRow): Promise<string | undefined> {
    const payload = JSON.parse(row.payload) as Payload;
    if ('discordId' in payload) return 'dm';
    if ('remove' in payload) return `channel:${payload.remove.channelId}`;
    if ('channelId' in payload) return `channel:${payload.channelId}`;
    const posted = await repo.findEventMessage(db, payload.eventId);
    const channelId = posted?.channel_id ?? (row.group_id === null ? undefined : (await repo.findChannel(db, row.group_id))?.channel_id);
    return channelId === undefined ? undefined : `channel:${channelId}`;
  }

  const channelChecks = createDiscordChannelChecks({ db, clock, api });

  return {
    /** Whether this change may touch an event's message or send DMs. */
    wants: (change: GroupChange): boolean =>
      syncsEventMessage(change) ||
      (change.topic === 'drafts' && change.draftId !== undefined) ||
      // Only a game that just finished ('updated'), not every edit of one.
      (change.topic === 'games' && change.action === 'updated' && change.gameId !== undefined) ||
      (change.action === 'nudge' && change.eventId !== undefined) ||
      // Its event messages' removals were queued with the deletion: a pass sends them now.
      (change.topic === 'group' && change.action === 'deleted'),

    /**
     * Queues the event's message update when its group has a channel (or the event a message there), or a
     * drafted game's post; true when it queued something (or a deleted group's removals were queued).
     */
    async queue(change: GroupChange): Promise<boolean> {
      const eventId = change.eventId;
      if (change.topic === 'group') return change.action === 'deleted';
      if (change.topic === 'drafts' && change.draftId) return queueDraftedGamePost(change.draftId, change.groupId);
      if (change.topic === 'games')
        return change.action === 'updated' && change.gameId ? queueGameResultPost(change.gameId, change.groupId) : false;
      if (change.action === 'nudge' && eventId) return queueNudgePost(eventId, change.groupId);
      if (!eventId || !SYNCED.has(change.action)) return false;
      if (!(await repo.findChannel(db, change.groupId)) && !(await repo.findEventMessage(db, eventId))) return false;
      await queueEventMessageSync(db, clock, change.groupId, eventId);
      return true;
    },

    queueDueReminders,

    /** Checks a few channels connected before connecting asked who may manage their server (see discord-channel-checks). */
    checkChannels: channelChecks.checkSome,

    /** Whether Discord takes the bot token (one cheap call): after a 401, whether it does again. */
    async tokenAccepted(): Promise<boolean> {
      return (await api.listGuilds(1)).ok;
    },

    handles: (row: DeliveryRow): boolean =>
      [repo.EVENT_SYNC_KEY_PREFIX, DM_PREFIX, POST_PREFIX, repo.REMOVAL_KEY_PREFIX].some((prefix) => row.dedupe_key.startsWith(prefix)),

    bucketOf,

    /**
     * Runs one claimed job: `again` when it must run again at once (a change came while it ran),
     * `rateLimit` when Discord's rate limit turned it back: until when, and whether it is global.
     */
    async deliver(row: DeliveryRow, claimant: string, policy: RetryPolicy): Promise<DeliveryOutcome> {
      const payload = JSON.parse(row.payload) as Payload;
      // A reminder DM goes only to whom it is still for: not to someone who left, unlinked or turned DMs off since.
      const reminder = 'discordId' in payload ? repo.parseReminderDmKey(row.dedupe_key) : null;
      if (reminder && 'discordId' in payload && !(await repo.isDmReminderStillWanted(db, reminder, payload.discordId))) {
        await outbox.markSent(db, row.id, claimant, clock.now());
        return { again: false };
      }
      const result =
        'eventId' in payload
          ? await sync(payload.eventId)
          : 'discordId' in payload
            ? await api.sendDm(payload.discordId, payload.message)
            : 'remove' in payload
              ? await remove(payload.remove.channelId, payload.remove.messageId)
              : await api.createMessage(payload.channelId, payload.message);
      // The outbox holds the job (or gives it up) as while the application is off.
      if (isTokenRefused(result)) return { again: false, error: result.error, tokenRefused: true };
      const now = clock.now();
      if (result.ok && !('eventId' in payload)) {
        // A one-off message (or removal) keeps its key once sent or given up on: it is never queued again.
        await outbox.markSent(db, row.id, claimant, now);
        return { again: false };
      }
      if (result.ok) {
        if (await repo.finishEventSync(db, row, claimant, now)) return { again: false };
        await repo.releaseEventSync(db, row, claimant, { error: null, nextAttemptAt: now, failedAt: null, rateLimited: false });
        return { again: true };
      }
      const retry = retryAfterFailure(row, result, policy, now);
      if ('eventId' in payload) await repo.releaseEventSync(db, row, claimant, { error: result.error, ...retry });
      else await outbox.release(db, row.id, claimant, { error: result.error, ...retry });
      return {
        again: false,
        error: result.error,
        ...(isRateLimited(result) ? { rateLimit: { until: retry.nextAttemptAt, global: result.global } } : {}),
      };
    },
  };
}
export type DiscordBotDeliveries = ReturnType<typeof createDiscordBotDeliveries>;
