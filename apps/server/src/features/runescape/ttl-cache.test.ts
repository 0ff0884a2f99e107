import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache';

function setup(maxEntries = 3) {
  let now = 0;
  const clock = { now: () => now, advance: (ms: number) => void (now += ms) };
  const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries, clock });
  const loads: string[] = [];
  const load = (key: string) => () => {
    loads.push(key);
    return Promise.resolve(`value of ${key}`);
  };
  return { cache, clock, loads, load };
}

describe('createTtlCache', () => {
  it('serves a value until its TTL has passed', async () => {
    const { cache, clock, loads, load } = setup();
    await cache.getOrLoad('a', load('a'));
    clock.advance(999);
    expect(await cache.getOrLoad('a', load('a'))).toBe('value of a');
    expect(loads).toEqual(['a']);
    clock.advance(1);
    await cache.getOrLoad('a', load('a'));
    expect(loads).toEqual(['a', 'a']);
  });

  it('never holds more than maxEntries, dropping the oldest first', async () => {
    const { cache, loads, load } = setup(3);
    for (const key of ['a', 'b', 'c', 'd']) await cache.getOrLoad(key, load(key));
    expect(cache.size).toBe(3);
    await cache.getOrLoad('b', load('b'));
    await cache.getOrLoad('a', load('a'));
    expect(loads).toEqual(['a', 'b', 'c', 'd', 'a']);
  });

  it('does not keep a failed load', async () => {
    const { cache, loads, load } = setup();
    await expect(cache.getOrLoad('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getOrLoad('a', load('a'))).toBe('value of a');
    expect(loads).toEqual(['a']);
  });
});
