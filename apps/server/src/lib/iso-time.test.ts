import { describe, expect, it } from 'vitest';
import { toIso } from './iso-time';

const DAY = 86_400_000;

describe('toIso', () => {
  it('writes every day from 1969 to 2101 as Date#toISOString does, at the edges of the day', () => {
    const differing: string[] = [];
    for (let ms = -DAY; ms < Date.UTC(2101, 0, 1); ms += DAY) {
      for (const at of [ms, ms + 1, ms + 999, ms + 59_999, ms + 3_599_999, ms + DAY - 1]) {
        if (toIso(at) !== new Date(at).toISOString()) differing.push(`${at}: ${toIso(at)}`);
      }
    }
    expect(differing).toEqual([]);
  });

  it('writes leap days, century years and the first and last years of four digits', () => {
    const instants = [
      Date.UTC(2000, 1, 29, 12),
      Date.UTC(2100, 1, 28, 23, 59, 59, 999),
      Date.UTC(2100, 2, 1),
      Date.UTC(2400, 1, 29),
      Date.UTC(1900, 1, 28),
      new Date('0000-01-01T00:00:00.000Z').getTime(),
      new Date('0999-12-31T23:59:59.999Z').getTime(),
      new Date('1000-01-01T00:00:00.000Z').getTime(),
      new Date('9999-12-31T23:59:59.999Z').getTime(),
    ];
    for (const at of instants) expect(toIso(at)).toBe(new Date(at).toISOString());
  });

  it('writes random instants of years 1 to 9999 alike', () => {
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const first = new Date('0001-01-01T00:00:00.000Z').getTime();
    const last = new Date('9999-12-31T23:59:59.999Z').getTime();
    const differing: string[] = [];
    for (let i = 0; i < 50_000; i += 1) {
      const at = first + Math.floor(next() * (last - first));
      if (toIso(at) !== new Date(at).toISOString()) differing.push(`${at}: ${toIso(at)}`);
    }
    expect(differing).toEqual([]);
  });

  it('leaves the rest to Date#toISOString: before 1970, past 9999, fractions, and throws for what is not a time', () => {
    for (const at of [-1, -62_198_755_200_000, 253_402_300_800_000, 8.64e15, 1_795_900_106_300.5]) {
      expect(toIso(at)).toBe(new Date(at).toISOString());
    }
    expect(() => toIso(Number.NaN)).toThrow(RangeError);
    expect(() => toIso(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
