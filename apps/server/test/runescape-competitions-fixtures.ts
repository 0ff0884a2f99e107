import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { RS3_ACTIVITY_NAMES, RS3_SKILL_NAMES } from '@smm/shared/runescape/rs3';
import type { Db } from '../src/db/schema';
import '../src/features/runescape/competitions.tables';
import type { OsrsHiscoresFake } from './fakes/osrs-hiscores-fake';
import { hiscoresJson, type HiscoresSpec } from './fakes/osrs-hiscores-fixtures';
import { call, createGroup, join, setRole, type TestUser } from './groups-fixtures';
import { createUser } from './test-app';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const iso = (ms: number) => new Date(ms).toISOString();

/** A RuneScape 3 `index_lite.ws` body: experience per skill name (others 13,034,431, level 99), unranked Necromancy unless given, activity scores by name. */
export function rs3Csv(xp: Partial<Record<string, number>> = {}, scores: Partial<Record<string, number>> = {}): string {
  const skills = RS3_SKILL_NAMES.slice(1).map((name) => {
    const value = xp[name] ?? (name === 'Necromancy' ? -1 : 13_034_431);
    return value < 0 ? '-1,1,-1' : `${1000},${99},${value}`;
  });
  const total = RS3_SKILL_NAMES.slice(1).reduce((sum, name) => sum + Math.max(0, xp[name] ?? (name === 'Necromancy' ? -1 : 13_034_431)), 0);
  const activities = RS3_ACTIVITY_NAMES.map((name) => (scores[name] === undefined ? '-1,-1' : `500,${scores[name]}`));
  return `${[`100,2800,${total}`, ...skills, ...activities].join('\n')}\n`;
}

/**
 * Players whose hiscores the test changes as they train: Old School ones served as JSON from a
 * spec, RuneScape 3 ones as CSV from experience per skill.
 */
export function trainingPlayers(fake: OsrsHiscoresFake) {
  const osrs = new Map<string, HiscoresSpec>();
  const rs3 = new Map<string, { xp: Partial<Record<string, number>>; scores: Partial<Record<string, number>> }>();
  return {
    osrs(name: string, spec: HiscoresSpec) {
      const first = !osrs.has(name);
      osrs.set(name, spec);
      if (first) fake.setPlayer(name, () => hiscoresJson(osrs.get(name)));
    },
    rs3(name: string, xp: Partial<Record<string, number>>, scores: Partial<Record<string, number>> = {}) {
      rs3.set(name, { xp, scores });
      fake.setRs3Player(name, rs3Csv(xp, scores));
    },
  };
}

export interface Clan {
  groupID: string;
  owner: TestUser;
  admin: TestUser;
  members: TestUser[];
}

/** A clan of the game with an owner, an Administrator and `members` members; nobody has linked yet. */
export async function createClanWithCast(
  app: FastifyInstance,
  gameName: 'Old School RuneScape' | 'RuneScape',
  members: number,
): Promise<Clan> {
  const owner = await createUser(app);
  const admin = await createUser(app);
  const group = await createGroup(app, owner, { groupName: `${gameName} clan`, gameName });
  await join(app, group, admin);
  await setRole(app, group._id, owner, admin, 'Administrator');
  const joined: TestUser[] = [];
  for (let i = 0; i < members; i += 1) {
    const member = await createUser(app);
    await join(app, group, member);
    joined.push(member);
  }
  return { groupID: group._id, owner, admin, members: joined };
}

export async function linkAs(app: FastifyInstance, as: TestUser, groupID: string, playerName: string, gameMode = 'normal') {
  const res = await call(app, '/api/runescape/linkAccount', { method: 'POST', as, payload: { groupID, playerName, gameMode } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

export const createCompetition = (app: FastifyInstance, as: TestUser, payload: Record<string, unknown>) =>
  call(app, '/api/runescape/createCompetition', { method: 'POST', as, payload });

export const getCompetition = (app: FastifyInstance, as: TestUser, groupID: string, competitionID: string) =>
  call(app, `/api/runescape/getCompetition?groupID=${groupID}&competitionID=${competitionID}`, { as });

export const post = (app: FastifyInstance, as: TestUser, path: string, payload: Record<string, unknown>) =>
  call(app, `/api/runescape/${path}`, { method: 'POST', as, payload });

/** The participants' stored rows of a competition, by user id. */
export async function participantRows(db: Db, competitionId: string) {
  const rows = await db.selectFrom('runescape_competition_participants').selectAll().where('competition_id', '=', competitionId).execute();
  return new Map(rows.map((row) => [row.user_id, row]));
}
