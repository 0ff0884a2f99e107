import type { Clock } from '../../clock';

export interface TtlCacheOptions {
  ttlMs: number;
  maxEntries: number;
  clock: Clock;
}

/**
 * A small in-process cache with expiry and a size cap. It only spares an outside service
 * repeated lookups (a page refresh, several members opening the same player), so losing it
 * on restart or not sharing it between instances costs nothing but an extra lookup.
 * Concurrent misses for one key share a single load; failed loads are not cached.
 */
export function createTtlCache<T>({ ttlMs, maxEntries, clock }: TtlCacheOptions) {
  const entries = new Map<string, { value: T; expiresAt: number }>();
  const loading = new Map<string, Promise<T>>();

  function store(key: string, value: T) {
    entries.delete(key);
    // Map keeps insertion order, so the first key is the oldest entry.
    while (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(key, { value, expiresAt: clock.now() + ttlMs });
  }

  return {
    /** The cached value of `key`, or the result of `load`, kept for the TTL. */
    getOrLoad(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > clock.now()) return Promise.resolve(hit.value);
      if (hit) entries.delete(key);
      const pending = loading.get(key);
      if (pending) return pending;
      const promise = load()
        .then((value) => {
          store(key, value);
          return value;
        })
        .finally(() => loading.delete(key));
      loading.set(key, promise);
      return promise;
    },
    get size() {
      return entries.size;
    },
  };
}
export type TtlCache<T> = ReturnType<typeof createTtlCache<T>>;
