import { describe, expect, it } from 'vitest';
import { banOrder, captainSteps, cwcOrder, snakeOrder, type DraftStep } from './draft-orders';

// Every order is checked exhaustively for 2 to 6 teams and 0 to 12 turns per team against the wording of its
// definition, written out here independently of draft-orders.ts.

const TEAMS = [2, 3, 4, 5, 6];
const PER_TEAM = Array.from({ length: 13 }, (_, index) => index);
const ascending = (teams: number) => Array.from({ length: teams }, (_, index) => index);
const descending = (teams: number) => ascending(teams).reverse();
const countOf = (order: readonly number[], team: number) => order.filter((item) => item === team).length;
const chunks = (order: readonly number[], size: number): number[][] =>
  Array.from({ length: Math.ceil(order.length / size) }, (_, index) => order.slice(index * size, index * size + size));
const positionSum = (order: readonly number[], team: number) => order.reduce((sum, item, index) => (item === team ? sum + index : sum), 0);

describe('snakeOrder', () => {
  it('gives two teams 1-2-2-1 and three teams 1-2-3-3-2-1', () => {
    expect(snakeOrder(2, 4)).toEqual([0, 1, 1, 0, 0, 1, 1, 0]);
    expect(snakeOrder(3, 3)).toEqual([0, 1, 2, 2, 1, 0, 0, 1, 2]);
  });

  it('runs rounds alternately forward and backward, each team exactly once a round, for 2 to 6 teams', () => {
    for (const teams of TEAMS) {
      for (const picks of PER_TEAM) {
        const order = snakeOrder(teams, picks);
        expect(order).toHaveLength(teams * picks);
        chunks(order, teams).forEach((round, index) => expect(round).toEqual(index % 2 === 0 ? ascending(teams) : descending(teams)));
        for (let team = 0; team < teams; team += 1) expect(countOf(order, team)).toBe(picks);
      }
    }
  });

  it('refuses counts that are not whole numbers', () => {
    expect(() => snakeOrder(0, 2)).toThrow(RangeError);
    expect(() => snakeOrder(2, -1)).toThrow(RangeError);
    expect(() => snakeOrder(2.5, 1)).toThrow(RangeError);
  });
});

describe('banOrder', () => {
  it('alternates the teams in the same direction every round, for 2 to 6 teams', () => {
    expect(banOrder(3, 2)).toEqual([0, 1, 2, 0, 1, 2]);
    for (const teams of TEAMS) {
      for (const bans of PER_TEAM) {
        const order = banOrder(teams, bans);
        expect(order).toHaveLength(teams * bans);
        for (const round of chunks(order, teams)) expect(round).toEqual(ascending(teams));
      }
    }
  });
});

describe('cwcOrder', () => {
  it('gives two teams A B B A | B A A B', () => {
    expect(cwcOrder(2, 4)).toEqual([0, 1, 1, 0, 1, 0, 0, 1]);
    expect(cwcOrder(2, 2)).toEqual([0, 1, 1, 0]);
    expect(cwcOrder(2, 3)).toEqual([0, 1, 1, 0, 1, 0]);
    expect(cwcOrder(3, 4)).toEqual([0, 1, 2, 2, 1, 0, 2, 1, 0, 0, 1, 2]);
  });

  it('is a snake of ceil(k/2) rounds from the first team, then a mirrored snake of floor(k/2) rounds, for 2 to 6 teams', () => {
    for (const teams of TEAMS) {
      for (const picks of PER_TEAM) {
        const order = cwcOrder(teams, picks);
        const first = Math.ceil(picks / 2) * teams;
        expect(order).toHaveLength(teams * picks);
        chunks(order.slice(0, first), teams).forEach((round, index) =>
          expect(round).toEqual(index % 2 === 0 ? ascending(teams) : descending(teams)),
        );
        chunks(order.slice(first), teams).forEach((round, index) =>
          expect(round).toEqual(index % 2 === 0 ? descending(teams) : ascending(teams)),
        );
        for (let team = 0; team < teams; team += 1) expect(countOf(order, team)).toBe(picks);
      }
    }
  });

  it('gives every team the same total of pick positions when each phase has an even number of rounds', () => {
    for (const teams of TEAMS) {
      for (const picks of [4, 8, 12]) {
        const order = cwcOrder(teams, picks);
        const totals = ascending(teams).map((team) => positionSum(order, team));
        expect(new Set(totals).size).toBe(1);
      }
    }
  });
});

describe('captainSteps', () => {
  const countSteps = (steps: readonly DraftStep[], kind: DraftStep['kind'], team: number) =>
    steps.filter((step) => step.kind === kind && step.team === team).length;

  it('snake: every ban, then every pick, exact counts per team for 2 to 6 teams', () => {
    for (const teams of TEAMS) {
      for (const bans of [0, 1, 2, 3]) {
        for (const picks of [1, 2, 3, 6]) {
          const steps = captainSteps('snake', teams, picks, bans);
          expect(steps.map((step) => step.kind)).toEqual([
            ...Array<string>(teams * bans).fill('ban'),
            ...Array<string>(teams * picks).fill('pick'),
          ]);
          expect(steps.filter((step) => step.kind === 'ban').map((step) => step.team)).toEqual(banOrder(teams, bans));
          expect(steps.filter((step) => step.kind === 'pick').map((step) => step.team)).toEqual(snakeOrder(teams, picks));
        }
      }
    }
  });

  it('cwc: ban phase, pick phase, mirrored ban phase, mirrored pick phase, exact counts per team for 2 to 6 teams', () => {
    expect(captainSteps('cwc', 2, 4, 2)).toEqual([
      { kind: 'ban', team: 0 },
      { kind: 'ban', team: 1 },
      { kind: 'pick', team: 0 },
      { kind: 'pick', team: 1 },
      { kind: 'pick', team: 1 },
      { kind: 'pick', team: 0 },
      { kind: 'ban', team: 1 },
      { kind: 'ban', team: 0 },
      { kind: 'pick', team: 1 },
      { kind: 'pick', team: 0 },
      { kind: 'pick', team: 0 },
      { kind: 'pick', team: 1 },
    ]);
    for (const teams of TEAMS) {
      for (const bans of [0, 1, 2, 3, 4]) {
        for (const picks of [1, 2, 3, 4, 5]) {
          const steps = captainSteps('cwc', teams, picks, bans);
          const banPhase1 = Math.ceil(bans / 2) * teams;
          const pickPhase1 = Math.ceil(picks / 2) * teams;
          const banPhase2 = Math.floor(bans / 2) * teams;
          const kinds = steps.map((step) => step.kind);
          expect(kinds).toEqual([
            ...Array<string>(banPhase1).fill('ban'),
            ...Array<string>(pickPhase1).fill('pick'),
            ...Array<string>(banPhase2).fill('ban'),
            ...Array<string>(Math.floor(picks / 2) * teams).fill('pick'),
          ]);
          expect(steps.filter((step) => step.kind === 'pick').map((step) => step.team)).toEqual(cwcOrder(teams, picks));
          const secondBans = steps.slice(banPhase1 + pickPhase1, banPhase1 + pickPhase1 + banPhase2).map((step) => step.team);
          for (const round of chunks(secondBans, teams)) expect(round).toEqual(descending(teams));
          for (let team = 0; team < teams; team += 1) {
            expect(countSteps(steps, 'ban', team)).toBe(bans);
            expect(countSteps(steps, 'pick', team)).toBe(picks);
          }
        }
      }
    }
  });
});
