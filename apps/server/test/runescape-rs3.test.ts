import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RS3_ACTIVITY_NAMES, RS3_SKILL_NAMES } from '@smm/shared/runescape/rs3';
import { createHiscoresQueue } from '../src/features/runescape/hiscores-queue';
import { createOsrsHiscoresClient } from '../src/integrations/osrs-hiscores';
import { createRs3HiscoresClient, parseRs3Csv, routeByGame } from '../src/integrations/rs3-hiscores';
import { UpstreamError } from '../src/integrations/upstream';
import { createOsrsHiscoresFake, type OsrsHiscoresFake } from './fakes/osrs-hiscores-fake';
import { hiscoresJson } from './fakes/osrs-hiscores-fixtures';
import { call, createGroup } from './groups-fixtures';
import { createClan, snapshotsOf } from './runescape-clan-fixtures';
import { createTestApp, createUser, testClock, type TestApp } from './test-app';

// A RuneScape 3 `index_lite.ws` answer as Jagex sends it: no header, no names, `rank,level,xp` for
// Overall and the 29 skills (Constitution 5th, Necromancy last), then `rank,score` per activity,
// -1 for unranked; a trailing newline.
const SKILL_LINES = [
  '24133,2898,1200418560', // Overall
  '40213,99,24567891', // Attack
  '51922,99,18765432',
  '38211,99,27654321',
  '45102,99,33456789', // Constitution
  '61234,99,19876543',
  '70111,99,13034431',
  '52001,99,21987654',
  '88123,99,13500000',
  '90012,99,14000000',
  '99211,99,13100000',
  '77002,99,15500000',
  '65001,99,16000000',
  '73210,99,13200000',
  '80001,99,13300000',
  '82002,99,14200000',
  '69003,99,17000000',
  '91004,99,13034431',
  '85005,99,13100000',
  '60006,99,25000000', // Slayer
  '58007,99,20000000',
  '93008,99,13050000', // Runecrafting
  '64009,99,16500000',
  '71010,99,13400000',
  '87011,99,14100000', // Summoning
  '54012,120,104273167', // Dungeoneering
  '66013,99,15000000', // Divination
  '47014,120,80618654', // Invention
  '39015,120,104273167', // Archaeology
  '-1,1,-1', // Necromancy: unranked
];
const ACTIVITY_LINES = ['-1,-1', '-1,-1', '12345,678', ...Array.from({ length: 27 }, () => '-1,-1')];
const PLAYER_CSV = `${[...SKILL_LINES, ...ACTIVITY_LINES].join('\n')}\n`;

let rs3: OsrsHiscoresFake;
let t: TestApp;
beforeAll(async () => {
  rs3 = await createOsrsHiscoresFake();
  t = await createTestApp({ osrsHiscoresUrl: rs3.url, upstreamTimeoutMs: 2000, upstreamRateLimit: { max: 10_000, windowMs: 60_000 } });
});
afterAll(async () => {
  await t?.close();
  await rs3?.close();
});
beforeEach(() => rs3.reset());

describe('RuneScape 3 hiscores CSV', () => {
  it("reads every skill by its position, with RuneScape 3's own names, and the activities", () => {
    const answer = parseRs3Csv(PLAYER_CSV);
    expect(answer.skills.map((s) => s.name)).toEqual([...RS3_SKILL_NAMES]);
    expect(answer.skills).toHaveLength(30);
    const byName = new Map(answer.skills.map((s) => [s.name, s]));
    expect(byName.get('Overall')).toEqual({ name: 'Overall', rank: 24133, level: 2898, xp: 1_200_418_560 });
    expect(byName.get('Constitution')).toMatchObject({ level: 99, xp: 33_456_789 });
    for (const name of ['Summoning', 'Dungeoneering', 'Divination', 'Invention', 'Archaeology', 'Necromancy'])
      expect(byName.has(name)).toBe(true);
    expect(byName.get('Invention')).toMatchObject({ level: 120, xp: 80_618_654 });
    expect(byName.get('Necromancy')).toEqual({ name: 'Necromancy', rank: -1, level: 1, xp: -1 });
    expect(answer.activities).toHaveLength(RS3_ACTIVITY_NAMES.length);
    expect(answer.activities[2]).toEqual({ name: 'Dominion Tower', rank: 12345, score: 678 });
  });

  it('keeps working when Jagex appends activity lines, and reads CRLF line ends', () => {
    const answer = parseRs3Csv(`${[...SKILL_LINES, ...ACTIVITY_LINES, '5,10', '6,11'].join('\r\n')}\r\n`);
    expect(answer.skills).toHaveLength(30);
    expect(answer.activities).toHaveLength(RS3_ACTIVITY_NAMES.length);
  });

  it.each([
    ['an HTML page', '<!DOCTYPE html><html><body>Maintenance</body></html>'],
    ['too few skill lines', SKILL_LINES.slice(0, 24).join('\n')],
    ['a skill line with two values', [...SKILL_LINES.slice(0, 5), '1,2', ...SKILL_LINES.slice(6)].join('\n')],
    ['a value that is not a number', [...SKILL_LINES.slice(0, 3), '1,99,abc', ...SKILL_LINES.slice(4)].join('\n')],
  ])('refuses %s as a malformed answer', (_label, text) => {
    expect(() => parseRs3Csv(text)).toThrow(UpstreamError);
    try {
      parseRs3Csv(text);
    } catch (error) {
      expect((error as UpstreamError).kind).toBe('malformed');
    }
  });
});

describe('the RuneScape 3 hiscores client, against the fake in RuneScape 3 mode', () => {
  it('asks index_lite.ws of the mode table, reads the CSV, and answers null for an unknown name', async () => {
    rs3.setRs3Player('Rune Lord', PLAYER_CSV, 'hiscore_ironman');
    const client = createRs3HiscoresClient({ baseUrl: rs3.url, timeoutMs: 2000 });
    const answer = await client.lookup('hiscore_ironman', 'rune_lord');
    expect(answer?.skills.find((s) => s.name === 'Archaeology')).toMatchObject({ level: 120 });
    expect(rs3.requests.at(-1)?.url).toBe('/m=hiscore_ironman/index_lite.ws?player=rune_lord');
    expect(await client.lookup('hiscore', 'Rune Lord')).toBeNull();
    expect(await client.lookup('hiscore_ironman', 'No One')).toBeNull();
  });

  it('sends RuneScape 3 tables to the CSV endpoint and Old School ones to the JSON one, through one queue', async () => {
    rs3.setRs3Player('Both Games', PLAYER_CSV);
    rs3.setPlayer('Both Games', hiscoresJson({ defaultXp: 1_000_000 }));
    const config = { baseUrl: rs3.url, timeoutMs: 2000 };
    const client = routeByGame(createOsrsHiscoresClient(config), createRs3HiscoresClient(config));
    const queue = createHiscoresQueue(client, { concurrency: 1, backoffBaseMs: 10, backoffMaxMs: 10 }, testClock());
    const [three, oldSchool] = await Promise.all([
      queue.lookup('hiscore', 'Both Games', { priority: 'interactive' }),
      queue.lookup('hiscore_oldschool', 'Both Games', { priority: 'interactive' }),
    ]);
    expect(three?.skills.map((s) => s.name)).toContain('Necromancy');
    expect(oldSchool?.skills.map((s) => s.name)).toContain('Sailing');
    expect(oldSchool?.skills.map((s) => s.name)).not.toContain('Necromancy');
    expect(rs3.requests.map((r) => r.url.split('?')[0])).toEqual(['/m=hiscore/index_lite.ws', '/m=hiscore_oldschool/index_lite.json']);
  });

  it('reports an answer that is not the CSV as malformed', async () => {
    rs3.setRs3Player('Broken', '<html><body>Service Unavailable</body></html>');
    const client = createRs3HiscoresClient({ baseUrl: rs3.url, timeoutMs: 2000 });
    await expect(client.lookup('hiscore', 'Broken')).rejects.toMatchObject({ kind: 'malformed' });
  });
});

describe('a RuneScape 3 clan', () => {
  it("links, snapshots and lists its members from RuneScape 3's hiscores", async () => {
    const owner = await createUser(t.app, { username: 'rs3owner' });
    const clan = await createGroup(t.app, owner, { groupName: 'Gielinor Clan', gameName: 'RuneScape', isPrivate: true });
    const link = (gameMode: string, playerName = 'Rune Lord') =>
      call(t.app, '/api/runescape/linkAccount', { method: 'POST', as: owner, payload: { groupID: clan._id, playerName, gameMode } });
    rs3.setRs3Player('Rune Lord', PLAYER_CSV);

    const oldSchoolMode = await link('normal');
    expect(oldSchoolMode.status).toBe(400);
    expect(oldSchoolMode.body.fields.gameMode).toMatch(/^This clan plays RuneScape: pick one of its game modes \(RuneScape 3, /);
    const unknown = await link('rs3', 'Nobody There');
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields.playerName).toBe('Player "Nobody There" was not found on the RuneScape 3 hiscores');

    const linked = await link('rs3');
    expect(linked.status).toBe(200);
    expect(linked.body.account).toMatchObject({ playerName: 'Rune Lord', gameMode: 'rs3' });
    expect(rs3.requests.map((r) => r.url)).toContain('/m=hiscore/index_lite.ws?player=Rune%20Lord');
    const [first] = await snapshotsOf(t.database.db, 'rune lord');
    expect(first!.overall_xp).toBe(1_200_418_560);
    expect(JSON.parse(first!.data).skills.map((s: { name: string }) => s.name)).toContain('Necromancy');

    const stats = await call(t.app, `/api/runescape/getClanStats?groupID=${clan._id}&period=week`, { as: owner });
    expect(stats.status).toBe(200);
    const [member] = stats.body.members;
    expect(member).toMatchObject({ playerName: 'Rune Lord', gameMode: 'rs3', totalLevel: 2898, totalExperience: 1_200_418_560 });
    // Constitution and Runecrafting, as RuneScape 3 names them, fill the same columns; its own skills
    // come too, and Old School's Sailing does not.
    expect(member.skills.constitution).toEqual({ level: 99, experience: 33_456_789 });
    expect(member.skills.runecrafting).toEqual({ level: 99, experience: 13_050_000 });
    expect(member.skills.invention).toEqual({ level: 120, experience: 80_618_654 });
    expect(member.skills).not.toHaveProperty('sailing');
  });

  it('is refused a RuneScape 3 mode in an Old School clan', async () => {
    const owner = await createUser(t.app, { username: 'osrsowner' });
    const clan = await createClan(t.app, owner);
    const res = await call(t.app, '/api/runescape/linkAccount', {
      method: 'POST',
      as: owner,
      payload: { groupID: clan._id, playerName: 'Rune Lord', gameMode: 'rs3Ironman' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.gameMode).toMatch(/^This clan plays Old School RuneScape: pick one of its game modes \(Normal, /);
    expect(rs3.requests).toHaveLength(0);
  });
});
