import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_TTL_MS, type DraftDto } from '@smm/shared/civilization/draft-schemas';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { createGameFrom, draftFor, type DraftOptions } from './civ-games-fixtures';
import { call, createGroup, join, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// Dealing again for the same players is seen by every one of them: which deal this is, who dealt the ones
// before and when, on every read of the draft, in its Discord copy and in the game made from it.

let t: TestApp;
let users: TestUser[];

beforeAll(async () => {
  t = await createTestApp();
  users = [];
  for (let i = 0; i < 5; i += 1) users.push(await createUser(t.app));
}, 60_000);
afterAll(() => t.close());

/** A Civilization 6 group of all the users, the first its owner. */
async function newGroup(): Promise<FullGroupDto> {
  const [owner, ...rest] = users as [TestUser, ...TestUser[]];
  const group = await createGroup(t.app, owner, { isPrivate: true });
  for (const user of rest) await join(t.app, group, user);
  return (await call(t.app, `/api/groups/getFullGroup?groupID=${group._id}`, { as: owner })).body;
}

const getDraft = async (as: TestUser, draftID: string) => {
  const res = await call(t.app, `/api/civilization/getDraft?draftID=${draftID}`, { as });
  expect(res.status).toBe(200);
  return res.body as DraftDto;
};
const deal = async (group: FullGroupDto, by: TestUser, players: TestUser[], options: DraftOptions = {}) => {
  t.clock.advance(60_000);
  return draftFor(t.app, group, by, players, options);
};
const name = (user: TestUser) => user.user.username;

describe('dealing again for the same players', () => {
  it('numbers the deals and names who dealt the earlier ones, for every player and member who reads the draft', async () => {
    const group = await newGroup();
    const [owner, admin, member, fourth, fifth] = users as [TestUser, TestUser, TestUser, TestUser, TestUser];
    const table = [member, admin, fourth];

    const first = (await deal(group, member, table)).draft;
    expect(first).toMatchObject({ dealNumber: 1, earlierDeals: [] });
    expect(first.discordText.split('\n')[0]).not.toContain('(deal');

    // The same member deals again for the same players, then another member for exactly them, in another order.
    const second = (await deal(group, member, table)).draft;
    expect(second.dealNumber).toBe(2);
    expect(second.earlierDeals).toEqual([{ dealtBy: name(member), dealtAt: first.dateCreated }]);
    const third = await deal(group, admin, [fourth, member, admin]);
    expect(third.draft.dealNumber).toBe(3);

    const earlier = [
      { dealtBy: name(member), dealtAt: first.dateCreated },
      { dealtBy: name(member), dealtAt: second.dateCreated },
    ];
    for (const reader of [member, admin, fourth, owner, fifth]) {
      const seen = await getDraft(reader, third.draft.draftID);
      expect(seen.dealNumber, name(reader)).toBe(3);
      expect(seen.earlierDeals, name(reader)).toEqual(earlier);
      expect(seen.discordText.split('\n')[0]).toMatch(/^Map: .* \(deal 3\)$/);
    }
    // The earlier deals stay as they were dealt.
    expect((await getDraft(fourth, first.draftID)).dealNumber).toBe(1);
    expect((await getDraft(fourth, second.draftID)).earlierDeals).toEqual(earlier.slice(0, 1));

    // The game made from the third deal records in its history that two deals came before it.
    const game = (await createGameFrom(t.app, admin, third.body)) as { _id: string };
    const history = (await call(t.app, `/api/civilization/gameHistory?gameID=${game._id}`, { as: fourth })).body as {
      audit: { action: string; note: string | null }[];
    };
    expect(history.audit.find((a) => a.action === 'created')?.note).toBe(
      `Deal 3 for these players: ${name(member)} dealt 2 earlier drafts that this one replaced`,
    );
    // Once a game is made from a deal, the next one for these players starts again.
    expect((await deal(group, member, table)).draft.dealNumber).toBe(1);
  });

  it('a deal for other players starts at 1; a member dealing again for any of their players counts on', async () => {
    const group = await newGroup();
    const [owner, admin, member, fourth, fifth] = users as [TestUser, TestUser, TestUser, TestUser, TestUser];
    const first = (await deal(group, owner, [owner, admin, member])).draft;
    // Another member, not exactly those players: a new table.
    expect((await deal(group, fourth, [fourth, fifth])).draft).toMatchObject({ dealNumber: 1, earlierDeals: [] });
    expect((await deal(group, fifth, [owner, admin, fifth])).draft.dealNumber).toBe(1);
    // The same dealer for one of the same players replaces the earlier deal, as it does for making the game.
    const again = (await deal(group, owner, [owner, fifth])).draft;
    expect(again.dealNumber).toBe(2);
    expect(again.earlierDeals).toEqual([{ dealtBy: name(owner), dealtAt: first.dateCreated }]);
  });

  it('a deal that has expired is replaced by nothing: the next one is 1 again', async () => {
    const group = await newGroup();
    const [owner, admin] = users as [TestUser, TestUser];
    await deal(group, owner, [owner, admin]);
    t.clock.advance(DRAFT_TTL_MS + 1);
    expect((await deal(group, owner, [owner, admin])).draft.dealNumber).toBe(1);
  });

  it('anonymous mode: the notice names dealers and times only, and every hand stays hidden as before', async () => {
    const group = await newGroup();
    const [owner, admin, member, fourth, fifth] = users as [TestUser, TestUser, TestUser, TestUser, TestUser];
    const players = [owner, admin, member, fourth];
    const options: DraftOptions = { gameType: 'team', teams: [1, 2, 1, 2], anonymousMode: true, numCiv: 2 };
    const first = (await deal(group, owner, players, options)).draft;
    const second = (await deal(group, owner, players, options)).draft;
    expect(second.dealNumber).toBe(2);

    const hands = new Map<string, string[]>();
    for (const player of players) {
      const seen = await getDraft(player, second.draftID);
      hands.set(
        player.user.id,
        seen.players.find((p) => p.userID === player.user.id)!.civChoices.map((c) => c.civID),
      );
    }
    for (const reader of [...players, fifth]) {
      const seen = await getDraft(reader, second.draftID);
      expect(seen.dealNumber).toBe(2);
      expect(seen.earlierDeals).toEqual([{ dealtBy: name(owner), dealtAt: first.dateCreated }]);
      const team = seen.players.find((p) => p.userID === reader.user.id)?.team ?? null;
      const text = JSON.stringify(seen);
      for (const p of seen.players) {
        const visible = team !== null && p.team === team;
        expect(p.civChoicesHidden, `${p.username} as seen by ${name(reader)}`).toBe(!visible);
        for (const civID of visible ? [] : hands.get(p.userID)!) expect(text).not.toContain(civID);
      }
    }
  });
});
