// Deterministic row material for the seeded data sets: a seeded random source and time-ordered ids
// whose times are spread out, so the benched caller's rows sit among everyone else's in every index.
import crypto from 'node:crypto';
import { v7 } from 'uuid';

export const DAY = 24 * 60 * 60 * 1000;
export const HOUR = 60 * 60 * 1000;

/** mulberry32: the same data every run. */
export function randomSource(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max) => Math.floor(next() * max),
    /** `count` distinct items of `list`, none of `exclude`. */
    pick(list, count, exclude = new Set()) {
      const chosen = new Set();
      while (chosen.size < count) {
        const item = list[Math.floor(next() * list.length)];
        if (!exclude.has(item)) chosen.add(item);
      }
      return [...chosen];
    },
  };
}

/** A UUIDv7 stamped somewhere in the year before `now`, like the ids of a server that has run for a while. */
export function idFactory(random, now) {
  return () => v7({ msecs: now - Math.floor(random.next() * 365 * DAY), seq: random.int(0x7fffffff) });
}

export const inviteCode = () => crypto.randomBytes(12).toString('base64url');

/** The template row with some columns replaced: every other column keeps what the server wrote. */
export const like = (template, changes) => ({ ...template, ...changes });
