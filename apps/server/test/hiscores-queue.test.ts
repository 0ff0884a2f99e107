import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HISCORES_BUSY_MESSAGE, HISCORES_CLAN_BUSY_MESSAGE, HISCORES_SLOW_MESSAGE } from '../src/features/runescape/hiscores-queue';
import { createOsrsHiscoresFake, type OsrsHiscoresFake } from './fakes/osrs-hiscores-fake';
import { hiscoresJson } from './fakes/osrs-hiscores-fixtures';
import type { TestUser } from './groups-fixtures';
import { createClan } from './runescape-clan-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// The queue's limits, small so the tests stay quick: 2 in flight, 2 pending per member, 3 per clan,
// a 1 s deadline on every wait; the hiscores client itself gives up after 3 s. Margins are wide so a
// loaded machine can't blur the difference between the two.
const DEADLINE_MS = 1000;
const UPSTREAM_TIMEOUT_MS = 3000;
const LOOKUP_LIMIT = 6;

let t: TestApp;
let osrs: OsrsHiscoresFake;
let names = 0;
const freshName = () => `Qname ${(names += 1)}`;
const user = async () => createUser(t.app, { username: `queue${(names += 1)}` });
/** One request with its headers (Retry-After). */
async function send(as: TestUser, url: string, payload?: object) {
  const res = await t.app.inject({
    method: payload ? 'POST' : 'GET',
    url,
    headers: { authorization: as.token },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() as { message: string }, headers: res.headers };
}
const details = (as: TestUser, name: string) => send(as, `/api/runescape/getOSRSDetails/${encodeURIComponent(name)}/normal`);
const link = (as: TestUser, groupID: string, playerName: string) =>
  send(as, '/api/runescape/linkAccount', { groupID, playerName, gameMode: 'normal' });
/** Until the hiscores have seen `count` lookups (they hang), so the queue is as full as the test says. */
async function upstreamSaw(count: number) {
  for (let i = 0; i < 200 && osrs.requests.length < count; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const idle = () => new Promise((resolve) => setTimeout(resolve, UPSTREAM_TIMEOUT_MS + 200));

beforeAll(async () => {
  osrs = await createOsrsHiscoresFake();
  t = await createTestApp({
    osrsHiscoresUrl: osrs.url,
    upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS,
    upstreamRateLimit: { max: LOOKUP_LIMIT, windowMs: 60_000 },
    runescape: {
      hiscoresQueue: {
        concurrency: 2,
        backoffBaseMs: 10,
        backoffMaxMs: 10,
        perMember: 2,
        perClan: 3,
        deadlineMs: DEADLINE_MS,
        sleep: async () => {},
      },
      clanUpdateLimit: { max: 1_000, windowMs: 60_000 },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await osrs?.close();
});
beforeEach(() => {
  osrs.reset();
  // Past every remembered answer of the previous test.
  t.clock.advance(10 * 60_000);
});
// Hung lookups hold their slots until the client gives up on them.
afterEach(idle);

describe('the hiscores queue', () => {
  it('answers a member within the deadline whatever others queued, with a 504 and Retry-After', async () => {
    osrs.hang();
    const others = await Promise.all([user(), user(), user()]);
    // Six lookups of three other members fill both slots and queue four more.
    const queued = others.flatMap((other) => [details(other, freshName()), details(other, freshName())]);
    await upstreamSaw(2);
    const me = await user();
    const started = Date.now();
    const mine = await details(me, freshName());
    const waited = Date.now() - started;
    expect(mine.status).toBe(504);
    expect(mine.body.message).toBe(HISCORES_SLOW_MESSAGE);
    expect(Number(mine.headers['retry-after'])).toBeGreaterThan(0);
    expect(waited).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    // Well before the hiscores client would give up on the lookups ahead of it.
    expect(waited).toBeLessThan(UPSTREAM_TIMEOUT_MS - 200);
    // Nobody waited past the deadline, and the hiscores never saw more than two at once.
    for (const res of await Promise.all(queued)) expect(res.status).toBe(504);
    expect(osrs.maxInFlight).toBeLessThanOrEqual(2);
  });

  it('refuses a member past their pending lookups at once with 429 and Retry-After', async () => {
    osrs.hang();
    const member = await user();
    const pending = [details(member, freshName()), details(member, freshName())];
    await upstreamSaw(2);
    const started = Date.now();
    const third = await details(member, freshName());
    expect(third.status).toBe(429);
    expect(third.body.message).toBe(HISCORES_BUSY_MESSAGE);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS);
    // Another member is not held by the first one's cap.
    const other = await details(await user(), freshName());
    expect(other.status).toBe(504);
    await Promise.all(pending);
  });

  it("refuses a clan past its pending lookups with 429, while another clan's members still get in", async () => {
    const owner = await user();
    const members = await Promise.all([user(), user(), user()]);
    const clan = await createClan(t.app, owner, members);
    const otherOwner = await user();
    const otherClan = await createClan(t.app, otherOwner);
    osrs.hang();
    const pending = [
      link(owner, clan._id, freshName()),
      link(members[0]!, clan._id, freshName()),
      link(members[1]!, clan._id, freshName()),
    ];
    await upstreamSaw(2);
    const fourth = await link(members[2]!, clan._id, freshName());
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe(HISCORES_CLAN_BUSY_MESSAGE);
    expect(fourth.headers['retry-after']).toBeDefined();
    const elsewhere = await link(otherOwner, otherClan._id, freshName());
    expect(elsewhere.status).toBe(504);
    for (const res of await Promise.all(pending)) expect(res.status).toBe(504);
  });

  it('remembers a timed-out name for a minute (fake clock): answered at once, the hiscores not asked again', async () => {
    const member = await user();
    const name = freshName();
    osrs.hang();
    expect((await details(member, name)).status).toBe(504);
    // The lookup times out upstream after the caller's deadline; from then on the name is remembered.
    await idle();
    osrs.reset();
    osrs.setPlayer(name, hiscoresJson());
    const started = Date.now();
    const again = await details(member, name);
    expect(again.status).toBe(504);
    expect(again.body.message).toBe(HISCORES_SLOW_MESSAGE);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS);
    expect(osrs.requests).toHaveLength(0);

    t.clock.advance(59_000);
    expect((await details(member, name)).status).toBe(504);
    expect(osrs.requests).toHaveLength(0);
    t.clock.advance(2_000);
    expect((await details(member, name)).status).toBe(200);
    expect(osrs.requests).toHaveLength(1);
  });

  it('remembers a name the hiscores do not know for a minute (fake clock)', async () => {
    const member = await user();
    const name = freshName();
    expect((await details(member, name)).status).toBe(404);
    expect((await details(member, name.toUpperCase())).status).toBe(404);
    expect(osrs.requests).toHaveLength(1);
    t.clock.advance(61_000);
    osrs.setPlayer(name, hiscoresJson());
    expect((await details(member, name)).status).toBe(200);
    expect(osrs.requests).toHaveLength(2);
  });

  it("counts a member's Update of any clan against their own lookup limit", async () => {
    const member = await user();
    const clans = [];
    // Three clans, each with one account linked by someone else.
    for (let i = 0; i < 3; i += 1) {
      const owner = await user();
      const clan = await createClan(t.app, owner, [member]);
      const name = freshName();
      osrs.setPlayer(name, hiscoresJson());
      expect((await link(owner, clan._id, name)).status).toBe(200);
      clans.push(clan);
    }
    t.clock.advance(2 * 60_000); // past the accounts' freshness and the owners' limit windows
    const update = (groupID: string) => send(member, '/api/runescape/updateClanStats', { groupID });
    // The member spends most of their limit on lookups, then Updates clans: each counts one lookup.
    for (let i = 0; i < LOOKUP_LIMIT - 2; i += 1) expect((await details(member, freshName())).status).toBe(404);
    expect((await update(clans[0]!._id)).status).toBe(200);
    expect((await update(clans[1]!._id)).status).toBe(200);
    const refused = await update(clans[2]!._id);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
