import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OSRS_GAME_MODES } from '@smm/shared/runescape/game-modes';
import { RUNESCAPE_SKILL_IDS } from '@smm/shared/runescape/skills';
import { createOsrsHiscoresFake, type OsrsHiscoresFake } from './fakes/osrs-hiscores-fake';
import { hiscoresJson, ZEZIMA } from './fakes/osrs-hiscores-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// Short enough for the slow-answer tests, long enough for a loaded machine to answer a normal lookup.
const TIMEOUT_MS = 1000;
let t: TestApp;
let osrs: OsrsHiscoresFake;
let auth: { authorization: string };

beforeAll(async () => {
  osrs = await createOsrsHiscoresFake();
  t = await createTestApp({
    osrsHiscoresUrl: osrs.url,
    upstreamTimeoutMs: TIMEOUT_MS,
    upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
  });
  ({ auth } = await createUser(t.app));
});
afterAll(async () => {
  await t.close();
  await osrs.close();
});
beforeEach(() => {
  osrs.reset();
  // Each test starts past every cached entry of the previous one.
  t.clock.advance(10 * 60 * 1000);
});

const lookup = (playerName: string, gameMode = 'normal', headers: Record<string, string> = auth) =>
  t.app.inject({ method: 'GET', url: `/api/runescape/getOSRSDetails/${encodeURIComponent(playerName)}/${gameMode}`, headers });

const line = (name: string) => {
  const found = ZEZIMA.skills.find((s) => s.name === name);
  if (!found) throw new Error(`fixture has no ${name}`);
  return found;
};

describe('GET /api/runescape/getOSRSDetails/{playerName}/{gameMode}', () => {
  it('returns Overall and the 23 skills in the spec order, read by name', async () => {
    osrs.setPlayer('Zezima', ZEZIMA, 'hiscore_oldschool');
    const res = await lookup('Zezima');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.playerName).toBe('Zezima');
    expect(body.gameMode).toBe('normal');
    expect(Object.keys(body.skills)).toEqual([...RUNESCAPE_SKILL_IDS]);
    expect(Object.keys(body.skills)).toHaveLength(23);
    // Old School names some skills differently from the spec's list.
    expect(body.skills.constitution).toEqual({
      level: line('Hitpoints').level,
      rank: line('Hitpoints').rank,
      experience: line('Hitpoints').xp,
    });
    expect(body.skills.runecrafting).toEqual({ level: 99, rank: line('Runecraft').rank, experience: 200_000_000 });
    expect(body.skills.construction).toEqual({ level: line('Construction').level, rank: line('Construction').rank, experience: 2_000_000 });
    expect(body.skills).not.toHaveProperty('sailing');
  });

  it('keeps experience above 2^31 exact', async () => {
    osrs.setPlayer('Zezima', ZEZIMA);
    const overall = line('Overall');
    expect(overall.xp).toBeGreaterThan(2 ** 31);
    const body = (await lookup('Zezima')).json();
    expect(body.overall).toEqual({ level: overall.level, rank: overall.rank, experience: overall.xp });
  });

  it('shows unranked lines (-1) as null, never as negative numbers', async () => {
    osrs.setPlayer('Zezima', ZEZIMA);
    const body = (await lookup('Zezima')).json();
    expect(line('Hunter')).toMatchObject({ rank: -1, xp: -1 });
    expect(body.skills.hunter).toEqual({ level: null, rank: null, experience: null });
    expect(JSON.stringify(body)).not.toMatch(/:-\d/);
  });

  it('treats an unranked Overall (0 xp, rank -1) as unranked', async () => {
    const fresh = hiscoresJson({ defaultXp: 'unranked' });
    fresh.skills[0] = { id: 0, name: 'Overall', rank: -1, level: 0, xp: 0 };
    osrs.setPlayer('Newbie', fresh);
    const body = (await lookup('Newbie')).json();
    expect(body.overall).toEqual({ level: null, rank: null, experience: null });
    expect(body.skills.attack).toEqual({ level: null, rank: null, experience: null });
  });

  it('asks each game mode its own hiscores table', async () => {
    const expected: Record<string, string> = {
      normal: 'hiscore_oldschool',
      ironman: 'hiscore_oldschool_ironman',
      hardcore: 'hiscore_oldschool_hardcore_ironman',
      ultimate: 'hiscore_oldschool_ultimate',
      deadman: 'hiscore_oldschool_deadman',
      seasonal: 'hiscore_oldschool_seasonal',
      tournament: 'hiscore_oldschool_tournament',
      freshStart: 'hiscore_oldschool_fresh_start',
      oneDefence: 'hiscore_oldschool_skiller_defence',
      skiller: 'hiscore_oldschool_skiller',
    };
    expect(OSRS_GAME_MODES.map((m) => m.id).sort()).toEqual(Object.keys(expected).sort());
    for (const [mode, table] of Object.entries(expected)) {
      // The player exists on this table only, so a wrong table would answer 404.
      osrs.setPlayer('Lynx Titan', hiscoresJson({ defaultXp: 13_034_431 }), table);
      const res = await lookup('Lynx Titan', mode);
      expect(res.statusCode, mode).toBe(200);
      expect(res.json().gameMode).toBe(mode);
      expect(osrs.requests.at(-1)?.url).toBe(`/m=${table}/index_lite.json?player=Lynx%20Titan`);
      osrs.reset();
    }
  });

  it('accepts the common names of a game mode and answers with its id', async () => {
    osrs.setPlayer('Lynx Titan', hiscoresJson({ defaultXp: 13_034_431 }), 'hiscore_oldschool_hardcore_ironman');
    const res = await lookup('Lynx Titan', 'hardcore_ironman');
    expect(res.statusCode).toBe(200);
    expect(res.json().gameMode).toBe('hardcore');
    expect(osrs.requests.at(-1)?.url).toBe('/m=hiscore_oldschool_hardcore_ironman/index_lite.json?player=Lynx%20Titan');
    osrs.reset();
  });

  it('answers 404 with a clear message for a player the hiscores do not know', async () => {
    const res = await lookup('Nobody Here', 'ironman');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Player "Nobody Here" was not found on the Old School RuneScape Ironman hiscores');
    expect(osrs.requests).toHaveLength(1);
  });

  it('answers 502 when the hiscores fail', async () => {
    osrs.override = { status: 500, body: '<html><body>Internal Server Error</body></html>', contentType: 'text/html' };
    const res = await lookup('Zezima');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'The RuneScape hiscores are not available right now. Please try again later.' });
  });

  it('answers 502 when the hiscores cannot be reached at all', async () => {
    const closed = await createOsrsHiscoresFake();
    await closed.close();
    const other = await createTestApp({ osrsHiscoresUrl: closed.url, upstreamTimeoutMs: TIMEOUT_MS });
    try {
      const user = await createUser(other.app);
      const res = await other.app.inject({ method: 'GET', url: '/api/runescape/getOSRSDetails/Zezima/normal', headers: user.auth });
      expect(res.statusCode).toBe(502);
    } finally {
      await other.close();
    }
  });

  it('answers 504 in time when the hiscores are slow', async () => {
    osrs.setPlayer('Zezima', ZEZIMA);
    osrs.override = { delayMs: 5000, body: JSON.stringify(ZEZIMA) };
    const started = Date.now();
    const res = await lookup('Zezima');
    expect(res.statusCode).toBe(504);
    expect(res.json().message).toBe('The RuneScape hiscores did not answer in time. Please try again later.');
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
  });

  it('answers 504 when the hiscores stall in the middle of the body', async () => {
    osrs.override = { body: JSON.stringify(ZEZIMA), stallBody: true };
    const res = await lookup('Zezima');
    expect(res.statusCode).toBe(504);
  });

  it.each([
    ['an HTML maintenance page', '<html><body>The hiscores are down for maintenance</body></html>'],
    ['truncated JSON', JSON.stringify(ZEZIMA).slice(0, 200)],
    ['JSON of another shape', JSON.stringify({ skills: 'none' })],
    ['fractional experience', JSON.stringify({ skills: [{ name: 'Overall', rank: 1, level: 2, xp: 1.5 }] })],
  ])('answers 502 for %s', async (_label, body) => {
    osrs.setPlayer('Zezima', body);
    const res = await lookup('Zezima');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'The RuneScape hiscores sent an answer that could not be read. Please try again later.' });
  });

  it('answers with what was read when a skill is renamed, marking the missing one', async () => {
    const renamed = { ...ZEZIMA, skills: ZEZIMA.skills.map((s) => (s.name === 'Hitpoints' ? { ...s, name: 'Hit Points' } : s)) };
    osrs.setPlayer('Zezima', renamed);
    const res = await lookup('Zezima');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.missingSkills).toEqual(['constitution']);
    expect(body.skills.constitution).toEqual({ level: null, rank: null, experience: null });
    expect(body.skills.attack).toEqual({ level: line('Attack').level, rank: line('Attack').rank, experience: line('Attack').xp });
    expect(body.otherSkills.map((s: { name: string }) => s.name)).toEqual(['Hit Points', 'Sailing']);
  });

  it('lists bosses and activities in the hiscores order, and skills beyond the 23 such as Sailing', async () => {
    osrs.setPlayer('Zezima', hiscoresJson({ scores: { Zulrah: 1200, 'Abyssal Sire': 40 }, extraActivities: ['A Brand New Boss'] }));
    const body = (await lookup('Zezima')).json();
    expect(body.missingSkills).toEqual([]);
    expect(body.otherSkills).toEqual([expect.objectContaining({ name: 'Sailing', experience: 1_500_000 })]);
    const byName = Object.fromEntries(body.activities.map((a: { name: string }) => [a.name, a]));
    expect(byName.Zulrah).toMatchObject({ score: 1200 });
    expect(byName['Abyssal Sire']).toMatchObject({ score: 40 });
    expect(byName['League Points']).toEqual({ name: 'League Points', rank: null, score: null });
    expect(body.activities.at(-1).name).toBe('A Brand New Boss');
  });

  it('is not broken by added skills or activities, nor by a new order', async () => {
    const grown = hiscoresJson({
      defaultXp: 5_000_000,
      xp: { Attack: 13_034_431 },
      extraSkills: ['Necromancy'],
      extraActivities: ['A Brand New Boss'],
    });
    const [overall, ...rest] = grown.skills;
    // New lines shift positions; reading by name must not care.
    osrs.setPlayer('Zezima', { ...grown, skills: [overall!, ...rest.reverse()] });
    const res = await lookup('Zezima');
    expect(res.statusCode).toBe(200);
    expect(res.json().skills.attack).toMatchObject({ level: 99, experience: 13_034_431 });
    expect(res.json().skills.defence).toMatchObject({ experience: 5_000_000 });
    expect(res.json().skills).not.toHaveProperty('necromancy');
  });

  it.each([
    ['a name longer than 12 characters', 'ThirteenChars', 'normal'],
    ['a name with other characters', 'Zez<ima>', 'normal'],
    ['an empty name', ' ', 'normal'],
    ['an unknown game mode', 'Zezima', 'groupIronman'],
  ])('refuses %s with 400 without asking the hiscores', async (_label, name, mode) => {
    const res = await lookup(name, mode);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toBeDefined();
    expect(osrs.requests).toHaveLength(0);
  });

  it('accepts names with spaces, - and _', async () => {
    osrs.setPlayer('Lo_rd-Ash 9', ZEZIMA);
    expect((await lookup('Lo_rd-Ash 9')).statusCode).toBe(200);
    expect(osrs.requests[0]?.url).toBe('/m=hiscore_oldschool/index_lite.json?player=Lo_rd-Ash%209');
  });

  it('is for signed-in users only', async () => {
    const res = await lookup('Zezima', 'normal', {});
    expect(res.statusCode).toBe(401);
    expect(osrs.requests).toHaveLength(0);
  });

  it('caches answers for a short time, also for spellings of the same name', async () => {
    osrs.setPlayer('Zezima', ZEZIMA);
    expect((await lookup('Zezima')).statusCode).toBe(200);
    const again = await lookup('ZEZIMA');
    expect(again.statusCode).toBe(200);
    expect(again.json().playerName).toBe('ZEZIMA');
    expect(osrs.requests).toHaveLength(1);
    // Another mode is another table.
    await lookup('Zezima', 'ironman');
    expect(osrs.requests).toHaveLength(2);
    t.clock.advance(61_000);
    expect((await lookup('Zezima')).statusCode).toBe(200);
    expect(osrs.requests).toHaveLength(3);
  });

  it('caches "not found" too, but never a failure', async () => {
    expect((await lookup('Ghost')).statusCode).toBe(404);
    expect((await lookup('Ghost')).statusCode).toBe(404);
    expect(osrs.requests).toHaveLength(1);
    osrs.override = { status: 503, body: 'busy', contentType: 'text/plain' };
    expect((await lookup('Zezima')).statusCode).toBe(502);
    osrs.override = null;
    osrs.setPlayer('Zezima', ZEZIMA);
    expect((await lookup('Zezima')).statusCode).toBe(200);
  });

  it('shares one upstream lookup between concurrent requests', async () => {
    osrs.setPlayer('Zezima', ZEZIMA);
    const answers = await Promise.all([lookup('Zezima'), lookup('zezima'), lookup('Zezima')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(osrs.requests).toHaveLength(1);
  });
});

describe('rate limit', () => {
  it('limits lookups per user, so the server is no open proxy', async () => {
    const limited = await createTestApp({ osrsHiscoresUrl: osrs.url, upstreamRateLimit: { max: 3, windowMs: 60_000 } });
    try {
      osrs.setPlayer('Zezima', ZEZIMA);
      const first = await createUser(limited.app);
      const second = await createUser(limited.app);
      const call = (headers: Record<string, string>) =>
        limited.app.inject({ method: 'GET', url: '/api/runescape/getOSRSDetails/Zezima/normal', headers });
      for (let i = 0; i < 3; i += 1) expect((await call(first.auth)).statusCode).toBe(200);
      const refused = await call(first.auth);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('Too many lookups in a short time. Please wait a minute and try again.');
      expect((await call(second.auth)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
