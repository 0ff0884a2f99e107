import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import type { DiscordWebhookClient, DiscordWebhookPayload } from '../../integrations/discord-webhook';
import { createBackgroundJob, onceEvery } from '../../lib/background-job';
import type { DiscordBotDeliveries } from './discord-bot.deliveries';
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
  /** Wait before the n-th retry: base * 2^(n-1), at most `backoffMaxMs`. */
  backoffBaseMs: number;
  backoffMaxMs: number;
}

export const defaultDiscordDeliveryOptions: DiscordDeliveryOptions = {
  pollMs: 5000,
  leaseMs: 60_000,
  maxAttempts: 8,
  backoffBaseMs: 2000,
  backoffMaxMs: 10 * 60_000,
};

const BATCH = 20;
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60 * 1000;
/** Old posts are forgotten this often, not on every poll: an idle poll then costs one indexed query. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/**
 * Handled interactions' ids past their expiry are forgotten this often, at most this many batches of
 * this many a pass: a pass stays short however many piled up, and the next ones take the rest.
 */
const FORGET_INTERACTIONS_EVERY_MS = 10 * 60 * 1000;
const FORGET_INTERACTIONS_BATCH = 500;
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
 * Posts event changes to the group's Discord webhook. It hears only the changes made on this
 * instance, so each change is queued once however many instances run; the queue is a table, so a
 * post survives restarts and is retried with backoff (Discord's retry_after on 429). Nothing here
 * runs inside the request that made the change, and nothing here can fail it.
 */
export function createDiscordDeliveries({ db, clock, client, changes, log, options, bot }: Deps) {
  const settings = { ...defaultDiscordDeliveryOptions, ...options };
  const instanceId = randomUUID();
  const queueing = new Set<Promise<void>>();
  const pruneDue = onceEvery(clock, PRUNE_EVERY_MS);
  const forgetInteractionsDue = onceEvery(clock, FORGET_INTERACTIONS_EVERY_MS);
  let unsubscribe: (() => void) | undefined;
  let stopping: AbortController | undefined;

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

  function backoff(attempts: number): number {
    return Math.min(settings.backoffBaseMs * 2 ** Math.max(0, attempts - 1), settings.backoffMaxMs);
  }

  async function deliver(row: repo.DeliveryRow, signal: AbortSignal): Promise<void> {
    if (bot?.handles(row)) {
      const outcome = await bot.deliver(row, instanceId, { maxAttempts: settings.maxAttempts, backoff });
      if (outcome.error) log.warn({ deliveryId: row.id, groupId: row.group_id, attempts: row.attempts, error: outcome.error }, 'Discord message not delivered');
      if (outcome.again) void tick();
      return;
    }
    // A job of no group is the bot's: with the Discord application off, nobody can send it.
    const webhook = row.group_id === null ? undefined : await repo.findWebhook(db, row.group_id);
    const now = () => clock.now();
    if (!webhook) {
      const error = row.group_id === null ? 'the Discord application is off' : 'the webhook was removed';
      await repo.release(db, row.id, instanceId, { error, nextAttemptAt: now(), failedAt: now() });
      return;
    }
    const result = await client.post(
      { id: webhook.webhook_id, token: webhook.webhook_token },
      JSON.parse(row.payload) as DiscordWebhookPayload,
      signal,
    );
    if (result.ok) return repo.markSent(db, row.id, instanceId, now());
    const giveUp = !result.retry || row.attempts >= settings.maxAttempts;
    log.warn(
      { deliveryId: row.id, groupId: row.group_id, attempts: row.attempts, giveUp, error: result.error },
      'Discord post not delivered',
    );
    const wait = result.retry && result.retryAfterMs !== undefined ? result.retryAfterMs : backoff(row.attempts);
    await repo.release(db, row.id, instanceId, { error: result.error, nextAttemptAt: now() + wait, failedAt: giveUp ? now() : null });
  }

  async function sendDue(): Promise<void> {
    stopping ??= new AbortController();
    // Reminder DMs come due with the clock, not with a change: each pass looks (one indexed query).
    await bot?.queueDueReminders();
    for (;;) {
      const claimed = await repo.claimDue(db, instanceId, clock.now(), settings.leaseMs, BATCH);
      for (const row of claimed) await deliver(row, stopping.signal);
      if (claimed.length < BATCH) break;
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
  const job = createBackgroundJob({ run: sendDue, log, failureMessage: 'Discord delivery failed', whileRunning: 'again', firstTick: 'later' });
  const { tick } = job;

  const safely = (work: Promise<void>, what: string) => work.catch((error: unknown) => log.error({ err: error }, what));

  function onChange(change: GroupChange) {
    if (!isPostedAction(change.action) && !bot?.wants(change)) return;
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
