import { sql } from 'kysely';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { postgresDriver } from '../../db/postgres-driver';
import type { Db } from '../../db/schema';
import { createListenerRegistry, type GroupChange, type GroupChanges } from './group-changes';

/** Database-wide: every instance on the same PostgreSQL database hears it. */
export const GROUP_CHANGES_CHANNEL = 'smm_group_changes';
/** The same, for session ends; the payload is the user's id. */
export const SESSION_ENDS_CHANNEL = 'smm_session_ends';
const RECONNECT_DELAYS_MS = [250, 500, 1000, 2000, 5000];
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a batch of changes stays under it. */
const NOTIFY_PAYLOAD_BYTES = 7900;

/**
 * Splits changes waiting to be sent into NOTIFY payloads (JSON arrays) under the payload limit, in
 * order; a change too long on its own is sent alone (and refused, as it would be anyway).
 */
export function toPayloads(changes: readonly GroupChange[]): { payload: string; changes: GroupChange[] }[] {
  const payloads: { payload: string; changes: GroupChange[] }[] = [];
  let batch: GroupChange[] = [];
  let parts: string[] = [];
  let bytes = 2;
  const close = () => {
    if (batch.length > 0) payloads.push({ payload: `[${parts.join(',')}]`, changes: batch });
    batch = [];
    parts = [];
    bytes = 2;
  };
  for (const change of changes) {
    const json = JSON.stringify(change);
    const size = Buffer.byteLength(json) + 1;
    if (batch.length > 0 && bytes + size > NOTIFY_PAYLOAD_BYTES) close();
    batch.push(change);
    parts.push(json);
    bytes += size;
  }
  close();
  return payloads;
}

interface Deps {
  /** Publishes through the app's pool, which reconnects by itself. */
  db: Db;
  /** For the dedicated LISTEN connection. */
  url: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * Several instances on one PostgreSQL: a change is sent with NOTIFY and reaches the subscribers of
 * every instance (this one included) through a dedicated LISTEN connection; session ends travel the
 * same way on their own channel. Changes go out one NOTIFY at a time, each carrying every change
 * published since the last was sent (a JSON array): under many writes a batch instead of a
 * statement per change, and a lone change leaves at once. While that connection is being re-made, changes are missed; once it
 * is back, every subscribed group is told that something changed, so the live pages refetch, and
 * every user with an open stream is told their sessions may have ended, so the streams recheck.
 */
export async function createPostgresGroupChanges({ db, url, log }: Deps): Promise<GroupChanges> {
  const registry = createListenerRegistry((error) => log.error({ err: error }, 'group change listener failed'));
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  /** NOTIFYs on their way: closing waits for them, so none is cut off by the pool closing after. */
  const sending = new Set<Promise<unknown>>();
  /** Changes published and not yet sent, and the sending of them while it runs. */
  let unsent: GroupChange[] = [];
  let flushing: Promise<void> | null = null;

  function notify(channel: string, payload: string, onFailure: (error: unknown) => void): Promise<unknown> {
    const sent = sql`select pg_notify(${channel}, ${payload})`
      .execute(db)
      .catch(onFailure)
      .finally(() => sending.delete(sent));
    sending.add(sent);
    return sent;
  }

  /** Sends what is unsent, one NOTIFY at a time, until nothing is left; started once per turn of the event loop. */
  async function flush(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    while (unsent.length > 0) {
      const batch = unsent;
      unsent = [];
      for (const { payload, changes } of toPayloads(batch)) {
        // A failed NOTIFY is handled here, so the await never throws.
        await notify(GROUP_CHANGES_CHANNEL, payload, (error) => {
          // The other instances miss these; this instance's pages still hear them.
          log.warn({ err: { message: (error as Error).message } }, 'live updates: NOTIFY failed');
          for (const change of changes) registry.deliverToGroup(change);
        });
      }
    }
    flushing = null;
  }

  function onNotification(message: pg.Notification) {
    if (!message.payload) return;
    if (message.channel === SESSION_ENDS_CHANNEL) return registry.deliverSessionEnd(message.payload);
    if (message.channel !== GROUP_CHANGES_CHANNEL) return;
    try {
      const heard = JSON.parse(message.payload) as GroupChange | GroupChange[];
      for (const change of Array.isArray(heard) ? heard : [heard]) registry.deliverToGroup(change);
    } catch (error) {
      log.warn({ err: error }, 'unreadable group change notification');
    }
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)]!;
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect(true);
    }, delay);
    retryTimer.unref();
  }

  async function connect(isReconnect: boolean): Promise<void> {
    const next = new (postgresDriver().Client)({ connectionString: url });
    next.on('notification', onNotification);
    next.on('error', (error) => {
      log.warn({ err: { message: error.message } }, 'live updates: PostgreSQL LISTEN connection lost');
      if (client === next) client = null;
      void next.end().catch(() => undefined);
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${GROUP_CHANGES_CHANNEL}; LISTEN ${SESSION_ENDS_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      if (!isReconnect) throw error;
      log.warn({ err: { message: (error as Error).message } }, 'live updates: PostgreSQL LISTEN connection failed');
      scheduleReconnect();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    failures = 0;
    if (isReconnect) {
      log.info('live updates: PostgreSQL LISTEN connection is back');
      for (const groupId of registry.groupIds()) registry.deliverToGroup({ groupId, topic: 'group', action: 'changed' });
      for (const userId of registry.sessionUserIds()) registry.deliverSessionEnd(userId);
    }
  }

  await connect(false);

  return {
    publish(change) {
      registry.deliverLocal(change);
      unsent.push(change);
      flushing ??= flush();
    },
    subscribe: registry.subscribe,
    onLocal: registry.onLocal,
    publishSessionEnd(userId) {
      notify(SESSION_ENDS_CHANNEL, userId, (error) => {
        log.warn({ err: { message: (error as Error).message } }, 'live updates: NOTIFY of a session end failed');
        registry.deliverSessionEnd(userId);
      });
    },
    subscribeSessionEnds: registry.subscribeSessionEnds,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await flushing;
      await Promise.all(sending);
      registry.clear();
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
