import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../src/features/runescape/bingo.tables';
import * as m0980 from '../src/db/migrations/0980_bingo_claim_decisions';
import { createOsrsHiscoresFake, type OsrsHiscoresFake } from './fakes/osrs-hiscores-fake';
import { call, type TestUser } from './groups-fixtures';
import { claimTile, pngScreenshot } from './runescape-bingo-fixtures';
import { createClanWithCast, DAY, HOUR, iso, MINUTE, post } from './runescape-competitions-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// A claim's decisions through the API (SQLite, or PostgreSQL with TEST_DATABASE_URL): each hold,
// accept and decline is kept with who made it and when, shown to whoever sees the claim and no one
// else; migration 0980 gives each claim decided before it one decision from the claim itself.

let hiscores: OsrsHiscoresFake;
let t: TestApp;
// The statements of the request being watched, not those of jobs running meanwhile.
const watched = new AsyncLocalStorage<string[]>();

beforeAll(async () => {
  hiscores = await createOsrsHiscoresFake();
  t = await createTestApp({ osrsHiscoresUrl: hiscores.url, onQuery: (query) => watched.getStore()?.push(query.sql) });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await hiscores?.close();
});

type Claim = { claimID: string; status: string; history: Record<string, unknown>[] };

/** A running bingo of a 3×3 task board: Red (m1, m2) and Blue (m3), m4 appointed moderator, m5 on no team. */
async function runningBingo() {
  const clan = await createClanWithCast(t.app, 'Old School RuneScape', 5);
  const [m1, m2, m3, m4, m5] = clan.members as [TestUser, TestUser, TestUser, TestUser, TestUser];
  const start = t.clock.now() + HOUR;
  const created = await post(t.app, clan.admin, 'createBingo', {
    groupID: clan.groupID,
    name: 'History bingo',
    startsAt: iso(start),
    endsAt: iso(start + 2 * DAY),
    size: 3,
    bonuses: { row: 0, column: 0, diagonal: 0, board: 0 },
    tiles: Array.from({ length: 9 }, (_, i) => ({ kind: 'task', title: `Task ${i}`, points: 1 })),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const bingoID = created.body.bingo.bingoID as string;
  const tiles = created.body.tiles as { tileID: string }[];
  const teams = await post(t.app, clan.admin, 'setBingoTeams', {
    groupID: clan.groupID,
    bingoID,
    teams: [
      { name: 'Red', userIDs: [m1.user.id, m2.user.id] },
      { name: 'Blue', userIDs: [m3.user.id] },
    ],
  });
  expect(teams.status, JSON.stringify(teams.body)).toBe(200);
  expect((await post(t.app, clan.admin, 'setBingoModerators', { groupID: clan.groupID, bingoID, userIDs: [m4.user.id] })).status).toBe(200);
  t.clock.set(start + MINUTE);
  const png = { filename: 'drop.png', type: 'image/png', data: await pngScreenshot() };
  const claim = async (as: TestUser, tile: number) => {
    const res = await claimTile(t.app, as, { groupID: clan.groupID, bingoID, tileID: tiles[tile]!.tileID }, png);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as unknown as Claim;
  };
  const decide = async (as: TestUser, claimID: string, decision: string, reason?: string) => {
    const res = await post(t.app, as, 'decideBingoClaim', { groupID: clan.groupID, claimID, decision, ...(reason ? { reason } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Claim;
  };
  const claims = async (as: TestUser) => {
    const res = await call(t.app, `/api/runescape/getBingoClaims?groupID=${clan.groupID}&bingoID=${bingoID}`, { as });
    expect(res.status).toBe(200);
    return res.body.claims as Claim[];
  };
  return { clan, m1, m2, m3, m4, m5, bingoID, claim, decide, claims };
}

describe("a bingo claim's decision history", () => {
  it('keeps who held a claim and when, then who accepted it, oldest first, for the team and the moderators', async () => {
    const b = await runningBingo();
    const sent = await b.claim(b.m1, 1);
    expect(sent.history).toEqual([]);

    const heldAt = t.clock.now();
    const held = await b.decide(b.m4, sent.claimID, 'hold');
    const holder = { decision: 'held', reason: '', decidedBy: b.m4.user.id, decidedByUsername: b.m4.user.username, decidedAt: iso(heldAt) };
    expect(held).toMatchObject({ status: 'held', history: [holder] });

    t.clock.advance(2 * HOUR);
    const acceptedAt = t.clock.now();
    const accepted = await b.decide(b.clan.admin, sent.claimID, 'accept');
    const accepter = {
      decision: 'accepted',
      reason: '',
      decidedBy: b.clan.admin.user.id,
      decidedByUsername: b.clan.admin.user.username,
      decidedAt: iso(acceptedAt),
    };
    expect(accepted).toMatchObject({ status: 'accepted', decidedBy: b.clan.admin.user.id, decidedAt: iso(acceptedAt) });
    expect(accepted.history).toEqual([holder, accepter]);

    // The same history in the lists of the claiming team and of a moderator.
    for (const viewer of [b.m1, b.m2, b.m4, b.clan.admin]) {
      expect((await b.claims(viewer)).find((c) => c.claimID === sent.claimID)!.history).toEqual([holder, accepter]);
    }
  });

  it('keeps a hold and then a decline with its reason; each claim of a list carries its own history', async () => {
    const b = await runningBingo();
    const first = await b.claim(b.m1, 2);
    const second = await b.claim(b.m2, 3);
    const heldAt = t.clock.now();
    await b.decide(b.m4, first.claimID, 'hold');
    await b.decide(b.m4, second.claimID, 'hold');
    t.clock.advance(30 * MINUTE);
    const declined = await b.decide(b.clan.admin, first.claimID, 'decline', 'The drop is not in the screenshot');
    expect(declined.status).toBe('declined');
    expect(declined.history).toEqual([
      { decision: 'held', reason: '', decidedBy: b.m4.user.id, decidedByUsername: b.m4.user.username, decidedAt: iso(heldAt) },
      {
        decision: 'declined',
        reason: 'The drop is not in the screenshot',
        decidedBy: b.clan.admin.user.id,
        decidedByUsername: b.clan.admin.user.username,
        decidedAt: iso(heldAt + 30 * MINUTE),
      },
    ]);
    const listed = await b.claims(b.m1);
    expect(listed.find((c) => c.claimID === first.claimID)!.history.map((d) => d.decision)).toEqual(['held', 'declined']);
    expect(listed.find((c) => c.claimID === second.claimID)!.history.map((d) => d.decision)).toEqual(['held']);
    // Filtered by status, the histories follow their claims.
    const heldOnly = await call(t.app, `/api/runescape/getBingoClaims?groupID=${b.clan.groupID}&bingoID=${b.bingoID}&status=held`, {
      as: b.m4,
    });
    expect((heldOnly.body.claims as Claim[]).map((c) => [c.claimID, c.history.length])).toEqual([[second.claimID, 1]]);
  });

  it('shows a team’s history to no other team and no one outside the bingo', async () => {
    const b = await runningBingo();
    const sent = await b.claim(b.m1, 4);
    await b.decide(b.m4, sent.claimID, 'hold');
    await b.decide(b.m4, sent.claimID, 'decline', 'Wrong boss');
    // Blue's list and a clan member on no team: nothing of Red's claims, so nothing of their history.
    expect(await b.claims(b.m3)).toEqual([]);
    const blueClaim = await b.claim(b.m3, 4);
    await b.decide(b.m4, blueClaim.claimID, 'hold');
    expect((await b.claims(b.m3)).map((c) => c.claimID)).toEqual([blueClaim.claimID]);
    expect((await b.claims(b.m1)).map((c) => c.claimID)).toEqual([sent.claimID]);
    expect(JSON.stringify(await b.claims(b.m1))).not.toContain(blueClaim.claimID);
    expect(await b.claims(b.m5)).toEqual([]);
    const stranger = await createUser(t.app);
    const outside = await call(t.app, `/api/runescape/getBingoClaims?groupID=${b.clan.groupID}&bingoID=${b.bingoID}`, { as: stranger });
    expect(outside.status).toBe(404);
    expect(JSON.stringify(outside.body)).not.toContain('Wrong boss');
  });

  it('migration 0980 gives each claim decided before it one decision from the claim itself, none to a pending claim', async () => {
    const b = await runningBingo();
    const heldThenAccepted = await b.claim(b.m1, 5);
    const declined = await b.claim(b.m1, 6);
    const pending = await b.claim(b.m1, 7);
    const heldAt = t.clock.now();
    await b.decide(b.m4, heldThenAccepted.claimID, 'hold');
    t.clock.advance(HOUR);
    const decidedAt = t.clock.now();
    await b.decide(b.m4, heldThenAccepted.claimID, 'accept');
    await b.decide(b.clan.admin, declined.claimID, 'decline', 'Blurry');
    expect((await b.claims(b.m4)).find((c) => c.claimID === heldThenAccepted.claimID)!.history.map((d) => d.decidedAt)).toEqual([
      iso(heldAt),
      iso(decidedAt),
    ]);

    const db = t.database.db;
    await m0980.down(db as never);
    await m0980.up(db as never);

    const byId = new Map((await b.claims(b.m4)).map((c) => [c.claimID, c.history]));
    // Before the table the claim row kept only its latest decision: that is what the backfill can give.
    expect(byId.get(heldThenAccepted.claimID)).toEqual([
      { decision: 'accepted', reason: '', decidedBy: b.m4.user.id, decidedByUsername: b.m4.user.username, decidedAt: iso(decidedAt) },
    ]);
    expect(byId.get(declined.claimID)).toEqual([
      {
        decision: 'declined',
        reason: 'Blurry',
        decidedBy: b.clan.admin.user.id,
        decidedByUsername: b.clan.admin.user.username,
        decidedAt: iso(decidedAt),
      },
    ]);
    expect(byId.get(pending.claimID)).toEqual([]);
    // Decisions after the migration add to the backfilled history.
    t.clock.advance(MINUTE);
    const held = await b.decide(b.m4, pending.claimID, 'hold');
    expect(held.history.map((d) => d.decision)).toEqual(['held']);
  });

  it('reads a list of claims and their histories in one snapshot, so that a decision made meanwhile shows in both or in neither', async () => {
    const b = await runningBingo();
    const sent = await b.claim(b.m1, 8);
    await b.decide(b.m4, sent.claimID, 'hold');
    const statements: string[] = [];
    const listed = await watched.run(statements, () => b.claims(b.m4));
    expect(listed.map((c) => c.history.length)).toEqual([1]);

    const claimsRead = statements.findIndex((q) => /from "runescape_bingo_claims" as "c"/.test(q));
    const decisionsRead = statements.findIndex((q) => /from "runescape_bingo_claim_decisions" as "d"/.test(q));
    expect(claimsRead, statements.join('\n')).toBeGreaterThan(0);
    expect(decisionsRead).toBeGreaterThan(claimsRead);
    const begun = statements.slice(0, claimsRead).findLastIndex((q) => /^(begin|start transaction)/i.test(q));
    expect(begun, statements.join('\n')).toBeGreaterThanOrEqual(0);
    // On PostgreSQL a read-committed transaction would let each statement see the latest commit.
    if (t.database.kind === 'postgres') expect(statements[begun]).toMatch(/isolation level repeatable read/i);
    const between = statements.slice(begun + 1, decisionsRead + 1);
    expect(between.some((q) => /^(commit|rollback)/i.test(q))).toBe(false);
    expect(statements.slice(decisionsRead + 1).some((q) => /^commit/i.test(q))).toBe(true);
  });
});
