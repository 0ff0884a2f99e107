import type { Db } from '../../db/schema';

export type GroupChangeTopic =
  'events' | 'attendance' | 'cards' | 'members' | 'group' | 'drafts' | 'comments' | 'games' | 'preferences' | 'gameSettings' | 'availability' | 'competitions' | 'bingo';
export type GroupChangeAction =
  'created' | 'updated' | 'cancelled' | 'attended' | 'unattended' | 'reminder' | 'waitlistPromoted' | 'changed' | 'deleted' | 'restored'
  /** topic 'events': members who had not answered were reminded. */
  | 'nudge';

/** What changed in a group: ids (and a cancelled event's last state); live streams pass on only topic, action and event id. */
export interface GroupChange {
  groupId: string;
  topic: GroupChangeTopic;
  action: GroupChangeAction;
  eventId?: string;
  /** topic 'drafts': the live draft that moved on. */
  draftId?: string;
  /** topic 'comments': the game whose comments changed; topic 'games': the game that changed ('updated': it finished). */
  gameId?: string;
  userId?: string;
  /** The event as it was, for changes after which it can no longer be read (cancelled). */
  event?: { name: string; startAt: number; endAt: number };
}

export type GroupChangeListener = (change: GroupChange) => void;

/**
 * Told that a user's sessions may have ended (a password change or reset); the listener checks
 * whether its own session is still current, so a late or repeated signal does no harm.
 */
export type SessionEndListener = () => void;

/**
 * The feed of committed changes per group. `subscribe` hears every instance's changes to one
 * group (live pages); `onLocal` hears only the changes made on this instance, so work done once per
 * change (Discord posts) is done by exactly one instance. It also carries session ends, so every
 * instance can end the live streams of a user whose password changed.
 */
export interface GroupChanges {
  /** Call after the change's transaction has committed. Never throws. */
  publish(change: GroupChange): void;
  subscribe(groupId: string, listener: GroupChangeListener): () => void;
  onLocal(listener: GroupChangeListener): () => void;
  /** Call after a password change or reset of this user has committed. Never throws. */
  publishSessionEnd(userId: string): void;
  /** Hears every instance's session ends of one user. */
  subscribeSessionEnds(userId: string, listener: SessionEndListener): () => void;
  close(): Promise<void>;
}

/** Adds `listener` to the set under `key`, and returns its removal (which drops an emptied set). */
function addKeyed<L>(map: Map<string, Set<L>>, key: string, listener: L): () => void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0 && map.get(key) === set) map.delete(key);
  };
}

/** Listener sets per group, per user's sessions and for local changes; a throwing listener does not stop the others. */
export function createListenerRegistry(onListenerError: (error: unknown) => void = () => undefined) {
  const byGroup = new Map<string, Set<GroupChangeListener>>();
  const sessionsByUser = new Map<string, Set<SessionEndListener>>();
  const local = new Set<GroupChangeListener>();

  const call = <A extends unknown[]>(listener: (...args: A) => void, ...args: A) => {
    try {
      listener(...args);
    } catch (error) {
      onListenerError(error);
    }
  };

  return {
    subscribe: (groupId: string, listener: GroupChangeListener): (() => void) => addKeyed(byGroup, groupId, listener),
    subscribeSessionEnds: (userId: string, listener: SessionEndListener): (() => void) => addKeyed(sessionsByUser, userId, listener),
    onLocal(listener: GroupChangeListener): () => void {
      local.add(listener);
      return () => void local.delete(listener);
    },
    deliverLocal(change: GroupChange): void {
      for (const listener of [...local]) call(listener, change);
    },
    deliverToGroup(change: GroupChange): void {
      for (const listener of [...(byGroup.get(change.groupId) ?? [])]) call(listener, change);
    },
    deliverSessionEnd(userId: string): void {
      for (const listener of [...(sessionsByUser.get(userId) ?? [])]) call(listener);
    },
    /** Every group with a listener, e.g. to tell them all to refetch after missed changes. */
    groupIds: (): string[] => [...byGroup.keys()],
    /** Every user with a session listener, e.g. to have them all recheck after missed session ends. */
    sessionUserIds: (): string[] => [...sessionsByUser.keys()],
    clear(): void {
      byGroup.clear();
      sessionsByUser.clear();
      local.clear();
    },
  };
}

/** One process (SQLite): a change reaches the subscribers of this process only. */
export function createInProcessGroupChanges(onListenerError?: (error: unknown) => void): GroupChanges {
  const registry = createListenerRegistry(onListenerError);
  return {
    publish(change) {
      registry.deliverLocal(change);
      registry.deliverToGroup(change);
    },
    subscribe: registry.subscribe,
    onLocal: registry.onLocal,
    publishSessionEnd: registry.deliverSessionEnd,
    subscribeSessionEnds: registry.subscribeSessionEnds,
    async close() {
      registry.clear();
    },
  };
}

/**
 * Runs `work` (usually a transaction) and publishes the changes it recorded once it has resolved,
 * that is after the commit; nothing is published when it throws.
 */
export async function publishAfter<T>(changes: GroupChanges, work: (record: (change: GroupChange) => void) => Promise<T>): Promise<T> {
  const recorded: GroupChange[] = [];
  const result = await work((change) => recorded.push(change));
  for (const change of recorded) changes.publish(change);
  return result;
}

/** A transaction whose recorded changes are published once it has committed. */
export function transactionWithChanges<T>(
  db: Db,
  changes: GroupChanges,
  work: (tx: Db, record: (change: GroupChange) => void) => Promise<T>,
): Promise<T> {
  return publishAfter(changes, (record) => db.transaction().execute((tx) => work(tx, record)));
}
