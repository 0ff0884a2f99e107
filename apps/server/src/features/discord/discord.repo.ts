import { newId } from '../../lib/ids';
import { skipLockedRows } from '../../db/row-locks';
import type { Db } from '../../db/schema';
import type { DiscordDeliveriesTable, DiscordWebhooksTable } from './discord.tables';

export type DeliveryRow = DiscordDeliveriesTable;

/** A delivery not yet tried, due now, unique per `dedupeKey`; of no group (null) when it must outlive the group. */
export function newDelivery(groupId: string | null, dedupeKey: string, payload: unknown, now: number): DeliveryRow {
  return {
    id: newId(),
    group_id: groupId,
    dedupe_key: dedupeKey,
    payload: JSON.stringify(payload),
    attempts: 0,
    rate_limits: 0,
    next_attempt_at: now,
    claimed_by: null,
    lease_until: null,
    sent_at: null,
    failed_at: null,
    last_error: null,
    created_at: now,
  };
}

export const findWebhook = (db: Db, groupId: string): Promise<DiscordWebhooksTable | undefined> =>
  db.selectFrom('discord_webhooks').selectAll().where('group_id', '=', groupId).executeTakeFirst();

/** Sets or replaces the group's webhook. */
export async function upsertWebhook(db: Db, row: DiscordWebhooksTable): Promise<void> {
  await db
    .insertInto('discord_webhooks')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('group_id')
        .doUpdateSet({ webhook_id: row.webhook_id, webhook_token: row.webhook_token, set_by: row.set_by, updated_at: row.updated_at }),
    )
    .execute();
}

export async function deleteWebhook(db: Db, groupId: string): Promise<void> {
  await db.deleteFrom('discord_webhooks').where('group_id', '=', groupId).execute();
}

/** What a post about an event says: the event, its group and, for a promotion, who got the seat. */
export const findEventForPost = (db: Db, eventId: string) =>
  db
    .selectFrom('events')
    .innerJoin('groups', 'groups.id', 'events.group_id')
    .select(['events.id', 'events.event_name', 'events.start_at', 'events.end_at', 'events.max_number_of_members', 'groups.group_name'])
    .where('events.id', '=', eventId)
    .executeTakeFirst();

export const findGroupName = async (db: Db, groupId: string): Promise<string | undefined> =>
  (await db.selectFrom('groups').select('group_name').where('id', '=', groupId).executeTakeFirst())?.group_name;

export const findUsername = async (db: Db, userId: string): Promise<string | undefined> =>
  (await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst())?.username;

/** Queues a post; false when one with the same key was queued before. */
export async function insertDelivery(db: Db, row: DeliveryRow): Promise<boolean> {
  const inserted = await db
    .insertInto('discord_deliveries')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .execute();
  return inserted.length === 1;
}

/**
 * The `next_attempt_at` of a parked job: one that waits for the Discord application (off, or its bot
 * token refused), not for a time. No claim's range of times reaches it, so however many wait, a poll
 * finds none of them; it fits a bigint and a JavaScript number exactly, so it reads back as written.
 */
export const PARKED_AT = Number.MAX_SAFE_INTEGER;

/** A SQL `like` pattern of the keys starting with `prefix` (the prefixes have no `%` or `_`). */
const startingWith = (prefix: string) => `${prefix}%`;

/**
 * Claims up to `limit` due posts in one statement, oldest first. As with the mail outbox, the
 * conditions stand on the updated rows too, so two instances racing for a row cannot both win.
 * Parked jobs are never due: the range on next_attempt_at (the pending index's last column) stops
 * before them.
 */
export async function claimDue(db: Db, claimant: string, now: number, leaseMs: number, limit: number): Promise<DeliveryRow[]> {
  return db
    .updateTable('discord_deliveries')
    .set((eb) => ({ claimed_by: claimant, lease_until: now + leaseMs, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) =>
      skipLockedRows(
        db,
        eb
          .selectFrom('discord_deliveries')
          .select('id')
          .where('sent_at', 'is', null)
          .where('failed_at', 'is', null)
          .where('next_attempt_at', '<=', now)
          .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<', now)]))
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(limit),
      ),
    )
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<', now)]))
    .returningAll()
    .execute();
}

/**
 * Gives back claimed posts that were not tried (Discord's rate limit stopped the pass): the attempt
 * their claim counted is not spent, and they are due again at `nextAttemptAt`.
 */
export async function giveBack(db: Db, ids: readonly string[], claimant: string, nextAttemptAt: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('discord_deliveries')
    .set((eb) => ({ claimed_by: null, lease_until: null, next_attempt_at: nextAttemptAt, attempts: eb('attempts', '-', 1) }))
    .where('id', 'in', ids)
    .where('claimed_by', '=', claimant)
    .execute();
}

/**
 * Parks the due jobs, not claimed, whose key starts with one of `prefixes`: they wait for the Discord
 * application without being looked at again. Only due jobs are read (through the pending index), so
 * once they are parked a poll costs nothing more however many wait. Their attempts stay as they are.
 */
export async function parkDue(db: Db, prefixes: readonly string[], now: number): Promise<number> {
  if (prefixes.length === 0) return 0;
  const parked = await db
    .updateTable('discord_deliveries')
    .set({ next_attempt_at: PARKED_AT })
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<', now)]))
    .where((w) => w.or(prefixes.map((prefix) => w('dedupe_key', 'like', startingWith(prefix)))))
    .executeTakeFirst();
  return Number(parked.numUpdatedRows);
}

/** Makes every parked job due `now` (the Discord application is on): found by the pending index's equality. */
export async function unparkAll(db: Db, now: number): Promise<number> {
  const unparked = await db
    .updateTable('discord_deliveries')
    .set({ next_attempt_at: now })
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '=', PARKED_AT)
    .executeTakeFirst();
  return Number(unparked.numUpdatedRows);
}

/** Parks a claimed job without trying it: the attempt its claim counted is given back. */
export async function parkClaimed(db: Db, id: string, claimant: string, error: string): Promise<void> {
  await db
    .updateTable('discord_deliveries')
    .set((eb) => ({
      claimed_by: null,
      lease_until: null,
      next_attempt_at: PARKED_AT,
      last_error: error.slice(0, 500),
      attempts: eb('attempts', '-', 1),
    }))
    .where('id', '=', id)
    .where('claimed_by', '=', claimant)
    .execute();
}

export async function markSent(db: Db, id: string, claimant: string, now: number): Promise<void> {
  await db
    .updateTable('discord_deliveries')
    .set({ sent_at: now, lease_until: null })
    .where('id', '=', id)
    .where('claimed_by', '=', claimant)
    .execute();
}

/**
 * Gives a claimed post back to be tried again at `nextAttemptAt`, or gives up on it (`failedAt`); one
 * turned back by Discord's rate limit has its attempt back and a rate limit counted instead.
 */
export async function release(
  db: Db,
  id: string,
  claimant: string,
  outcome: { error: string; nextAttemptAt: number; failedAt: number | null; rateLimited: boolean },
): Promise<void> {
  await db
    .updateTable('discord_deliveries')
    .set((eb) => ({
      claimed_by: null,
      lease_until: null,
      last_error: outcome.error.slice(0, 500),
      next_attempt_at: outcome.nextAttemptAt,
      failed_at: outcome.failedAt,
      ...(outcome.rateLimited ? { attempts: eb('attempts', '-', 1), rate_limits: eb('rate_limits', '+', 1) } : {}),
    }))
    .where('id', '=', id)
    .where('claimed_by', '=', claimant)
    .execute();
}

/** Forgets posts sent (or given up on) before `before`. */
export async function pruneFinished(db: Db, before: number): Promise<void> {
  await db.deleteFrom('discord_deliveries').where('sent_at', '<', before).execute();
  await db.deleteFrom('discord_deliveries').where('failed_at', '<', before).execute();
}
