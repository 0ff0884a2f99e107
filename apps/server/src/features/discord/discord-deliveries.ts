import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import type { DiscordWebhookClient, DiscordWebhookPayload } from '../../integrations/discord-webhook';
import { createBackgroundJob, onceEvery } from '../../lib/background-job';
import {
  queueEventMessageSyncWhileOff,
  syncsEventMessage,
  type DeliveryOutcome,
  type DiscordBotDeliveries,
} from './discord-bot.deliveries';
import { BOT_KEY_PREFIX, EVENT_SYNC_KEY_PREFIX, REMOVAL_KEY_PREFIX } from './discord-bot.repo';
import { isRateLimited, retryAfterFailure, type RetryPolicy } from './discord-retries';
import { newId } from '../../lib/ids';
import type { GroupChange, GroupChanges } from '../live/group-changes';
import { eventPost, isPostedAction, type PostedEvent } from './discord.messages';
import * as repo from './discord.repo';
import { forgetExpiredInteractions } from './discord-interactions.repo';

export interface DiscordDeliveryOptions {
  /** How often due posts (retries, ones left by a crashed instance) are looked for. */
  pollMs: number;
  leaseMs: number;
  maxAttempts: number;
  /**
   * 429s one post may meet before it is given up. A 429 spends no attempt (Discord said how long to
   * wait, and a deleted group's hundreds of removals meet many), but no post waits forever.
   */
  maxRateLimits: number;
  /** Wait before the n-th retry: base * 2^(n-1), at most `backoffMaxMs`. */
  backoffBaseMs: number;
  backoffMaxMs: number;
}

export const defaultDiscordDeliveryOptions: DiscordDeliveryOptions = {
  pollMs: 5000,
  leaseMs: 60_000,
  maxAttempts: 8,
  maxRateLimits: 50,
  backoffBaseMs: 2000,
  backoffMaxMs: 10 * 60_000,
};

const BATCH = 20;
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60 * 1000;
/** Old posts are forgotten this often, not on every poll: an idle poll then costs one indexed query. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** How often an instance with the bot checks channels connected before connecting asked who may manage their server. */
export const CHANNEL_CHECK_EVERY_MS = 10 * 60 * 1000;
/** How often an instance with the bot makes due again what an instance without it parked. */
export const UNPARK_EVERY_MS = 5 * 60 * 1000;
/**
 * Handled interactions' ids past their expiry are forgotten this often, at most this many batches of
 * this many a pass: a pass stays short however many piled up, and the next ones take the rest.
 */
const FORGET_INTERACTIONS_EVERY_MS = 10 * 60 * 1000;
const FORGET_INTERACTIONS_BATCH = 500;
/**
 * After Discord refused the bot token, how often one call asks whether it takes it again (a refusal
 * that did not last); until then the bot's jobs wait without a call, as Discord counts refused calls.
 */
const TOKEN_RECHECK_MS = 10 * 60 * 1000;
const FORGET_INTERACTIONS_BATCHES = 20;

interface Deps {
  db: Db;
  clock: Clock;
  client: DiscordWebhookClient;
  changes: GroupChanges;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  options?: Partial<DiscordDeliveryOptions>;
  /** The bot's event messages in groups' channels (when the Discord application is configured). */
  bot?: DiscordBotDeliveries | null;
}

/**
 * The bot's jobs that wait while the Discord application is off (or its token refused), rather than
 * being given up: they remove or bring up to date the bot's own messages, which only the bot can do
 * once it is back. They wait parked (see `repo.PARKED_AT`), so that a poll does not read them again.
 */
const HELD_WHILE_OFF = [REMOVAL_KEY_PREFIX, EVENT_SYNC_KEY_PREFIX];
const isHeldWhileOff = (row: repo.DeliveryRow) => HELD_WHILE_OFF.some((prefix) => row.dedupe_key.startsWith(prefix));
const APP_OFF = 'the Discord application is off';
const TOKEN_REFUSED = 'Discord refused the bot token (401 Unauthorized)';

/**
 * Posts event changes to the group's Discord webhook. It hears only the changes made on this
 * instance, so each change is queued once however many instances run; the queue is a table, so a
 * post survives restarts and is retried with backoff. A 429 is waited out as Discord says (its
 * retry_after, at most ten minutes) and spends no attempt. One webhook's or channel's limit holds up
 * only the posts to that webhook or channel; Discord's global limit stops the pass, and nothing more
 * is sent from this instance until its wait is over. Nothing here runs inside the request that made
 * the change, and nothing here can fail it.
 */
export function createDiscordDeliveries({ db, clock, client, changes, log, options, bot }: Deps) {
  const settings = { ...defaultDiscordDeliveryOptions, ...options };
  const instanceId = randomUUID();
  const queueing = new Set<Promise<void>>();
  const pruneDue = onceEvery(clock, PRUNE_EVERY_MS);
  const forgetInteractionsDue = onceEvery(clock, FORGET_INTERACTIONS_EVERY_MS);
  const unparkTime = onceEvery(clock, UNPARK_EVERY_MS);
  const channelChecksDue = onceEvery(clock, CHANNEL_CHECK_EVERY_MS);
  let unsubscribe: (() => void) | undefined;
  let stopping: AbortController | undefined;
  /** Until when Discord's global rate limit asked this instance to send nothing. */
  let rateLimitedUntil = 0;
  /**
   * Until when Discord's rate limit of one webhook or channel (by bucket, see `bucketOf`) asked this
   * instance to send nothing there: a change's pass does not call a webhook known to be limited.
   */
  const limited = new Map<string, number>();
  /**
   * When Discord refused the bot token (401: it was reset, or is not the application's), last asked.
   * The token is read at start, so until the server runs with a valid one the bot is as good as off
   * here; every `TOKEN_RECHECK_MS` one call asks whether Discord takes it again.
   */
  let tokenRefusedAt: number | undefined;
  /** The bot, while it can work: the Discord application is on and its token was not refused. */
  const activeBot = () => (tokenRefusedAt === undefined ? (bot ?? null) : null);

  /** After a refusal, whether Discord takes the token again (asked at most every `TOKEN_RECHECK_MS`). */
  async function recheckToken(): Promise<void> {
    if (!bot || tokenRefusedAt === undefined || clock.now() - tokenRefusedAt < TOKEN_RECHECK_MS) return;
    if (await bot.tokenAccepted()) {
      tokenRefusedAt = undefined;
      log.warn("Discord takes the bot token again: the bot's waiting removals and updates are sent");
    } else tokenRefusedAt = clock.now();
  }

  async function describe(change: GroupChange): Promise<PostedEvent | undefined> {
    if (change.event) {
      const groupName = await repo.findGroupName(db, change.groupId);
      return groupName === undefined ? undefined : { ...change.event, groupName };
    }
    if (!change.eventId) return undefined;
    const row = await repo.findEventForPost(db, change.eventId);
    return row && { name: row.event_name, startAt: row.start_at, endAt: row.end_at, groupName: row.group_name };
  }

  /** One post per change: the key is the change itself (a reminder: the event and its start). */
  function dedupeKey(change: GroupChange, event: PostedEvent): string {
    if (change.action === 'reminder') return `reminder:${change.eventId}:${event.startAt}`;
    return `${change.action}:${change.eventId ?? ''}:${newId()}`;
  }

  /** Queues what the change posts or updates in Discord; true when it queued something. */
  async function queue(change: GroupChange): Promise<boolean> {
    const forBot = bot?.wants(change) ? await bot.queue(change) : false;
    // Nothing to send now: the job waits for the bot.
    if (!bot) await queueEventMessageSyncWhileOff(db, clock, change);
    if (!isPostedAction(change.action)) return forBot;
    if (!(await repo.findWebhook(db, change.groupId))) return forBot;
    const event = await describe(change);
    if (!event) return forBot;
    const username = change.action === 'waitlistPromoted' && change.userId ? await repo.findUsername(db, change.userId) : undefined;
    const payload: DiscordWebhookPayload = eventPost(change.action, event, username);
    const now = clock.now();
    await repo.insertDelivery(db, repo.newDelivery(change.groupId, dedupeKey(change, event), payload, now));
    return true;
  }

  const policy: RetryPolicy = {
    maxAttempts: settings.maxAttempts,
    maxRateLimits: settings.maxRateLimits,
    backoff: (attempts) => Math.min(settings.backoffBaseMs * 2 ** Math.max(0, attempts - 1), settings.backoffMaxMs),
  };

  type RateLimit = NonNullable<DeliveryOutcome['rateLimit']>;

  /**
   * A claimed job of the bot's that cannot run now: its removals and updates wait parked, their
   * attempt given back, until the bot can work again; its DMs and announcements would be stale by then.
   */
  async function setAside(row: repo.DeliveryRow, reason: string): Promise<void> {
    if (isHeldWhileOff(row)) await repo.parkClaimed(db, row.id, instanceId, reason);
    else
      await repo.release(db, row.id, instanceId, { error: reason, nextAttemptAt: clock.now(), failedAt: clock.now(), rateLimited: false });
  }

  /** Sends one claimed post; when Discord's rate limit turned it back, until when and whether it is global. */
  async function deliver(row: repo.DeliveryRow, signal: AbortSignal): Promise<RateLimit | undefined> {
    const active = activeBot();
    if (active?.handles(row)) {
      const outcome = await active.deliver(row, instanceId, policy);
      if (outcome.tokenRefused) {
        log.error(
          { deliveryId: row.id, error: outcome.error },
          "Discord refused the bot token (401): the bot's removals and updates of its messages wait until the server runs with a valid DISCORD_BOT_TOKEN; its DMs and announcements are given up",
        );
        tokenRefusedAt = clock.now();
        await setAside(row, TOKEN_REFUSED);
        return undefined;
      }
      if (outcome.error)
        log.warn(
          { deliveryId: row.id, groupId: row.group_id, attempts: row.attempts, error: outcome.error },
          'Discord message not delivered',
        );
      if (outcome.again) void tick();
      return outcome.rateLimit;
    }
    const now = () => clock.now();
    if (row.dedupe_key.startsWith(BOT_KEY_PREFIX)) {
      await setAside(row, bot ? TOKEN_REFUSED : APP_OFF);
      return undefined;
    }
    const webhook = row.group_id === null ? undefined : await repo.findWebhook(db, row.group_id);
    if (!webhook) {
      await repo.release(db, row.id, instanceId, {
        error: 'the webhook was removed',
        nextAttemptAt: now(),
        failedAt: now(),
        rateLimited: false,
      });
      return undefined;
    }
    const result = await client.post(
      { id: webhook.webhook_id, token: webhook.webhook_token },
      JSON.parse(row.payload) as DiscordWebhookPayload,
      signal,
    );
    if (result.ok) {
      await repo.markSent(db, row.id, instanceId, now());
      return undefined;
    }
    const retry = retryAfterFailure(row, result, policy, now());
    log.warn(
      { deliveryId: row.id, groupId: row.group_id, attempts: row.attempts, giveUp: retry.failedAt !== null, error: result.error },
      'Discord post not delivered',
    );
    await repo.release(db, row.id, instanceId, { error: result.error, ...retry });
    return isRateLimited(result) ? { until: retry.nextAttemptAt, global: result.global } : undefined;
  }

  /** The Discord rate limit a post falls under: its webhook's (webhook posts) or its channel's (the bot's). */
  async function bucketOf(row: repo.DeliveryRow): Promise<string | undefined> {
    const active = activeBot();
    if (active?.handles(row)) return active.bucketOf(row);
    const webhook = row.group_id === null ? undefined : await repo.findWebhook(db, row.group_id);
    return webhook && `webhook:${webhook.webhook_id}`;
  }

  /**
   * Sends the claimed posts in order. A 429 of one webhook's or channel's limit turns back only the
   * posts to that webhook or channel until Discord's wait is over: they are given back untried, their
   * attempts not spent, due then, and the others are sent. A global 429 gives all the rest back so,
   * and the pass must stop: true.
   */
  async function deliverAll(claimed: repo.DeliveryRow[], signal: AbortSignal): Promise<boolean> {
    for (const [index, row] of claimed.entries()) {
      // A bucket is looked up only once one is limited: a pass without 429s costs no query more.
      const bucket = limited.size > 0 ? await bucketOf(row) : undefined;
      const until = bucket === undefined ? undefined : limited.get(bucket);
      if (until !== undefined && until > clock.now()) {
        await repo.giveBack(db, [row.id], instanceId, until);
        continue;
      }
      const rateLimit = await deliver(row, signal);
      if (!rateLimit) continue;
      if (rateLimit.global) {
        rateLimitedUntil = Math.max(rateLimitedUntil, rateLimit.until);
        const untried = claimed.slice(index + 1).map((rest) => rest.id);
        await repo.giveBack(db, untried, instanceId, rateLimitedUntil);
        return true;
      }
      const limitedBucket = bucket ?? (await bucketOf(row));
      if (limitedBucket !== undefined) limited.set(limitedBucket, Math.max(limited.get(limitedBucket) ?? 0, rateLimit.until));
    }
    return false;
  }

  /** Whether the bot could work at the last pass (undefined before the first): parking follows its changes. */
  let activeBefore: boolean | undefined;

  async function sendDue(): Promise<void> {
    stopping ??= new AbortController();
    await recheckToken();
    const active = activeBot();
    // Reminder DMs come due with the clock, not with a change: each pass looks (one indexed query).
    await active?.queueDueReminders();
    // The bot's jobs that wait for it are parked when it stops being able to work (at the first pass,
    // or after Discord refused its token), and made due again when it can (an indexed equality), then
    // every few minutes for those another instance without the bot parked: once parked they cost a
    // pass nothing. One queued while the bot cannot work is parked when claimed.
    if (active) {
      const unparkDue = unparkTime();
      if (activeBefore !== true || unparkDue) await repo.unparkAll(db, clock.now());
    } else if (activeBefore !== false) await repo.parkDue(db, HELD_WHILE_OFF, clock.now());
    activeBefore = active !== null;
    if (active && channelChecksDue())
      await safely(
        active.checkChannels().then(() => undefined),
        'Discord channel check failed',
      );
    for (const [bucket, until] of limited) if (until <= clock.now()) limited.delete(bucket);
    while (clock.now() >= rateLimitedUntil) {
      const claimed = await repo.claimDue(db, instanceId, clock.now(), settings.leaseMs, BATCH);
      if ((await deliverAll(claimed, stopping.signal)) || claimed.length < BATCH) break;
    }
    if (pruneDue()) await repo.pruneFinished(db, clock.now() - KEEP_FINISHED_MS);
    if (forgetInteractionsDue()) await forgetInteractions();
  }

  async function forgetInteractions(): Promise<void> {
    for (let batch = 0; batch < FORGET_INTERACTIONS_BATCHES; batch += 1) {
      if ((await forgetExpiredInteractions(db, clock.now(), FORGET_INTERACTIONS_BATCH)) < FORGET_INTERACTIONS_BATCH) break;
    }
  }

  /** Sends what is due; a call while sending makes the current pass look again once it is done. */
  const job = createBackgroundJob({
    run: sendDue,
    log,
    failureMessage: 'Discord delivery failed',
    whileRunning: 'again',
    firstTick: 'later',
  });
  const { tick } = job;

  const safely = (work: Promise<void>, what: string) => work.catch((error: unknown) => log.error({ err: error }, what));

  function onChange(change: GroupChange) {
    if (!isPostedAction(change.action) && !(bot ? bot.wants(change) : syncsEventMessage(change))) return;
    // A pass runs only for what was queued: a sign-up in a group without Discord costs no pass (due
    // retries and reminder DMs are found by the poll).
    const queued = queue(change).then(
      (any) => (any ? safely(tick(), 'Discord delivery failed') : undefined),
      (error: unknown) => log.error({ err: error }, 'Discord post not queued'),
    );
    queueing.add(queued);
    void queued.finally(() => queueing.delete(queued));
  }

  return {
    tick,
    /** Resolves once the changes heard so far are queued and a delivery pass has run. */
    async settled(): Promise<void> {
      await Promise.all([...queueing]);
      await tick();
    },
    start(): void {
      unsubscribe ??= changes.onLocal(onChange);
      job.start(settings.pollMs);
    },
    /** Stops listening and polling; a post in flight is abandoned (its lease runs out and it is sent again). */
    async stop(): Promise<void> {
      unsubscribe?.();
      unsubscribe = undefined;
      const stopped = job.stop();
      stopping?.abort();
      await Promise.all([...queueing]);
      await stopped;
    },
  };
}
export type DiscordDeliveries = ReturnType<typeof createDiscordDeliveries>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The Discord post queue of this instance (tests wait on it with `settled`). */
    discordDeliveries: DiscordDeliveries;
  }
}
