import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { competitionMetric } from '@smm/shared/runescape/competition-metrics';
import { gainsOf, metricGain, rank, splitEvenly, teamStandings, totalOf } from '../src/features/runescape/competitions.standings';

// The pure rules of the standings: gains per metric, totals, shared ranks, team sums and the even split.

const attack = competitionMetric('osrs', 'attack')!;
const zulrah = competitionMetric('osrs', 'zulrah')!;

describe('gains', () => {
  it('skills count experience gained; a boss unranked at the start counts from 0; unknown is null', () => {
    expect(metricGain(attack, 1000, 1500)).toBe(500);
    expect(metricGain(attack, null, 1500)).toBeNull();
    expect(metricGain(zulrah, null, 7)).toBe(7);
    expect(metricGain(zulrah, 10, 15)).toBe(5);
    expect(metricGain(zulrah, 10, null)).toBeNull();
    const gains = gainsOf([attack, zulrah], { attack: 10, zulrah: null }, { attack: 25, zulrah: null });
    expect(gains).toEqual({ attack: 15, zulrah: null });
    expect(totalOf(gains)).toBe(15);
  });
});

describe('rank', () => {
  it('equal totals share a rank and the next one skips', () => {
    const ranked = rank(
      [
        { id: 'a', total: 5 },
        { id: 'b', total: 9 },
        { id: 'c', total: 5 },
        { id: 'd', total: 1 },
      ],
      (x, y) => x.id.localeCompare(y.id),
    );
    expect(ranked.map((r) => [r.id, r.rank])).toEqual([
      ['b', 1],
      ['a', 2],
      ['c', 2],
      ['d', 4],
    ]);
  });

  it('team totals are the sums of their members', () => {
    const members = [
      { userID: 'u1', team: 'Red', gains: { attack: 100, zulrah: 2 }, total: 102 },
      { userID: 'u2', team: 'Red', gains: { attack: 50, zulrah: null }, total: 50 },
      { userID: 'u3', team: 'Blue', gains: { attack: 152, zulrah: null }, total: 152 },
    ];
    expect(teamStandings([attack, zulrah], ['Blue', 'Red'], members)).toEqual([
      { name: 'Blue', gains: { attack: 152, zulrah: 0 }, total: 152, members: ['u3'], rank: 1 },
      { name: 'Red', gains: { attack: 150, zulrah: 2 }, total: 152, members: ['u1', 'u2'], rank: 1 },
    ]);
  });
});

describe('splitEvenly', () => {
  it('puts everyone in exactly one team, team sizes differ by at most one', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(5_000_000), { maxLength: 40 }), fc.integer({ min: 2, max: 6 }), (values, count) => {
        const people = values.map((value, i) => ({ userID: `u${i}`, value }));
        const teams = splitEvenly(people, count);
        expect(teams).toHaveLength(count);
        expect(teams.flat().sort()).toEqual(people.map((p) => p.userID).sort());
        const sizes = teams.map((t) => t.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('keeps the sums close: no two teams differ by more than the largest value', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1_000_000), { minLength: 2, maxLength: 40 }), fc.integer({ min: 2, max: 4 }), (values, count) => {
        const people = values.map((value, i) => ({ userID: `u${i}`, value }));
        const byId = new Map(people.map((p) => [p.userID, p.value]));
        const sums = splitEvenly(people, count).map((team) => team.reduce((sum, id) => sum + byId.get(id)!, 0));
        expect(Math.max(...sums) - Math.min(...sums)).toBeLessThanOrEqual(Math.max(...values));
      }),
    );
  });
});
