// The turn orders of a captains draft. Teams are indexes 0..teams-1 in every order; each order gives
// every team exactly the same number of turns, which the tests check for 2 to 6 teams.

export type DraftStepKind = 'ban' | 'pick';

/** One turn of a captains draft: which team bans or picks. */
export interface DraftStep {
  kind: DraftStepKind;
  team: number;
}

export const CAPTAIN_ORDERS = ['snake', 'cwc'] as const;
export type CaptainOrder = (typeof CAPTAIN_ORDERS)[number];

function checkCounts(teams: number, perTeam: number, label: string): void {
  if (!Number.isInteger(teams) || teams < 1) throw new RangeError(`teams must be a whole number of at least 1, not ${teams}`);
  if (!Number.isInteger(perTeam) || perTeam < 0) throw new RangeError(`${label} must be a whole number of at least 0, not ${perTeam}`);
}

/** `rounds` rounds over the teams, alternating direction; the first runs 0..n-1, or n-1..0 when `mirrored`. */
function snakeRounds(teams: number, rounds: number, mirrored: boolean): number[] {
  const order: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const forward = round % 2 === 0;
    for (let i = 0; i < teams; i += 1) {
      const team = forward ? i : teams - 1 - i;
      order.push(mirrored ? teams - 1 - team : team);
    }
  }
  return order;
}

/** `rounds` rounds over the teams in one direction; 0..n-1 each time, or n-1..0 when `mirrored`. */
function roundRobin(teams: number, rounds: number, mirrored: boolean): number[] {
  const order: number[] = [];
  for (let round = 0; round < rounds; round += 1) for (let i = 0; i < teams; i += 1) order.push(mirrored ? teams - 1 - i : i);
  return order;
}

/**
 * Snake (boustrophedon) pick order: rounds alternate direction, so for three teams
 * 0 1 2 | 2 1 0 | 0 1 2 …, and two teams pick A B B A A B … (1-2-2-1).
 */
export function snakeOrder(teams: number, picksPerTeam: number): number[] {
  checkCounts(teams, picksPerTeam, 'picksPerTeam');
  return snakeRounds(teams, picksPerTeam, false);
}

/** Ban order: the teams take turns in the same direction every round, 0 1 … n-1 | 0 1 … n-1 …. */
export function banOrder(teams: number, bansPerTeam: number): number[] {
  checkCounts(teams, bansPerTeam, 'bansPerTeam');
  return roundRobin(teams, bansPerTeam, false);
}

/**
 * Civilization World Cup pick order, in two pick phases:
 * - phase 1: ceil(k / 2) snake rounds starting from team 0;
 * - phase 2: floor(k / 2) snake rounds starting from team n-1 (the team that picked last in phase 1's
 *   first round), so phase 2 is phase 1 with the teams' roles mirrored (team i plays team n-1-i).
 * For two teams and four picks each: A B B A | B A A B. With an even number of rounds per phase every team's
 * pick positions add up to the same total, which is what makes the order fair.
 * The ban phases around these pick phases are placed by `captainSteps`.
 */
export function cwcOrder(teams: number, picksPerTeam: number): number[] {
  checkCounts(teams, picksPerTeam, 'picksPerTeam');
  return [...snakeRounds(teams, Math.ceil(picksPerTeam / 2), false), ...snakeRounds(teams, Math.floor(picksPerTeam / 2), true)];
}

/**
 * Every turn of a captains draft.
 * - snake: all bans first (`banOrder`), then all picks (`snakeOrder`).
 * - cwc: ban phase 1 (ceil(b / 2) rounds, team 0 first), pick phase 1 (`cwcOrder`'s phase 1), ban phase 2
 *   (floor(b / 2) rounds, team n-1 first), pick phase 2 (`cwcOrder`'s phase 2): two ban phases, each before
 *   the pick phase it shapes.
 */
export function captainSteps(order: CaptainOrder, teams: number, picksPerTeam: number, bansPerTeam: number): DraftStep[] {
  checkCounts(teams, picksPerTeam, 'picksPerTeam');
  checkCounts(teams, bansPerTeam, 'bansPerTeam');
  const bans = (list: number[]): DraftStep[] => list.map((team) => ({ kind: 'ban', team }));
  const picks = (list: number[]): DraftStep[] => list.map((team) => ({ kind: 'pick', team }));
  if (order === 'snake') return [...bans(banOrder(teams, bansPerTeam)), ...picks(snakeOrder(teams, picksPerTeam))];
  return [
    ...bans(roundRobin(teams, Math.ceil(bansPerTeam / 2), false)),
    ...picks(snakeRounds(teams, Math.ceil(picksPerTeam / 2), false)),
    ...bans(roundRobin(teams, Math.floor(bansPerTeam / 2), true)),
    ...picks(snakeRounds(teams, Math.floor(picksPerTeam / 2), true)),
  ];
}
