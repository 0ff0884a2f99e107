import type { Redis } from 'ioredis';

type Count = { current: number; ttl: number };
type Counted = (error: Error | null, result?: Count) => void;
type RedisCounter = Redis & { smmRateLimitIncr(key: string, windowMs: number): Promise<[number, number]> };

// At most this many keys are counted in memory while Redis is away; expired ones are dropped first.
const LOCAL_KEYS_MAX = 10_000;

/**
 * A @fastify/rate-limit store that counts in Redis, shared by every instance, and in this
 * instance's memory while Redis cannot be reached: the limit then holds per instance, never off,
 * and the app keeps serving.
 */
export function redisOrLocalStore(redis: Redis, prefix: string) {
  redis.defineCommand('smmRateLimitIncr', {
    numberOfKeys: 1,
    lua: "local c = redis.call('INCR', KEYS[1]) if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return {c, redis.call('PTTL', KEYS[1])}",
  });
  const local = new Map<string, { count: number; resetAt: number }>();
  const countHere = (key: string, windowMs: number): Count => {
    const now = Date.now();
    let entry = local.get(key);
    if (!entry || entry.resetAt <= now) {
      if (local.size >= LOCAL_KEYS_MAX) for (const [k, e] of local) if (e.resetAt <= now) local.delete(k);
      entry = { count: 0, resetAt: now + windowMs };
      local.set(key, entry);
    }
    entry.count += 1;
    return { current: entry.count, ttl: entry.resetAt - now };
  };
  return class RedisOrLocalStore {
    private scope = prefix;

    incr(key: string, done: Counted, windowMs: number) {
      const scoped = this.scope + key;
      if (redis.status !== 'ready') return done(null, countHere(scoped, windowMs));
      (redis as RedisCounter).smmRateLimitIncr(scoped, windowMs).then(
        ([current, ttl]) => done(null, { current, ttl }),
        () => done(null, countHere(scoped, windowMs)),
      );
    }

    /** Routes with a limit of their own (the contact form) count under their own keys. */
    child(routeOptions: unknown) {
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      const store = new RedisOrLocalStore();
      store.scope = `${this.scope}${route?.method ?? ''}${route?.url ?? ''}-`;
      return store;
    }
  };
}
