import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_REPLACED_MESSAGE, DRAFT_TTL_MS, type DraftDto } from '@smm/shared/civilization/draft-schemas';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { createGameFrom, draftBody, draftFor, type DraftOptions } from './civ-games-fixtures';
import { createEvent } from './events-fixtures';
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

    // The same member deals again for the same players, and again, in another order.
    const second = (await deal(group, member, table)).draft;
    expect(second.dealNumber).toBe(2);
    expect(second.earlierDeals).toEqual([{ dealtBy: name(member), dealtAt: first.dateCreated }]);
    const third = await deal(group, member, [fourth, member, admin]);
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

  it("nobody deals over another member's open draft for the same players; the draft still makes its game", async () => {
    const group = await newGroup();
    const [owner, admin, member, fourth, fifth] = users as [TestUser, TestUser, TestUser, TestUser, TestUser];
    const table = [admin, member, fourth];
    const first = await deal(group, admin, table);
    for (const other of [member, fifth, owner]) {
      const refused = await call(t.app, '/api/civilization/draftGame', {
        method: 'POST',
        as: other,
        payload: draftBody(group, [fourth, admin, member]),
      });
      expect(refused.status, name(other)).toBe(409);
      expect(refused.body.fields.members).toBe(
        `${name(admin)} already dealt a draft for these players that has made no game yet: open it from the Games page and add its game, or call a redraft vote on it`,
      );
    }
    // A table that is not exactly theirs is another game.
    expect((await deal(group, member, [member, fourth])).draft.dealNumber).toBe(1);
    expect((await getDraft(fourth, first.draft.draftID)).dealNumber).toBe(1);
    await createGameFrom(t.app, member, first.body);
    // Once its game is made, anyone deals for these players again.
    expect((await deal(group, fifth, table)).draft).toMatchObject({ dealNumber: 1, earlierDeals: [] });
  });

  it('two members dealing for the same players at the same moment: one deal stands, the other is refused', async () => {
    const group = await newGroup();
    const [owner, admin, member, fourth] = users as [TestUser, TestUser, TestUser, TestUser];
    const table = [admin, member, fourth];
    t.clock.advance(60_000);
    const dealers = [admin, member, owner, fourth];
    const answers = await Promise.all(
      dealers.map((by) => call(t.app, '/api/civilization/draftGame', { method: 'POST', as: by, payload: draftBody(group, table) })),
    );
    const dealt = answers.filter((res) => res.status === 200);
    expect(dealt).toHaveLength(1);
    expect(answers.filter((res) => res.status === 409)).toHaveLength(dealers.length - 1);
    const standing = dealt[0]!.body as DraftDto;
    expect(standing.dealNumber).toBe(1);
    const open = (await call(t.app, `/api/civilization/getOpenDrafts?groupID=${group._id}`, { as: fourth })).body as { draftID: string }[];
    expect(open.map((d) => d.draftID)).toEqual([standing.draftID]);
    expect((await getDraft(fourth, standing.draftID)).replacedBy).toBeNull();
  });

  it('a dealer deals again over their own draft only until its players have picked in it', async () => {
    const group = await newGroup();
    const [owner, admin, member] = users as [TestUser, TestUser, TestUser];
    const blind = (players: TestUser[]) =>
      call(t.app, '/api/civilization/draftGame', { method: 'POST', as: owner, payload: { ...draftBody(group, players), mode: 'blind' } });
    const untouched = (await blind([owner, admin, member])).body as DraftDto;
    // Nobody has picked yet: the dealer may fix the deal.
    const fixed = await blind([owner, admin, member]);
    expect(fixed.status).toBe(200);
    const draft = fixed.body as DraftDto;
    expect(draft.dealNumber).toBe(2);
    expect(draft.earlierDeals).toEqual([{ dealtBy: name(owner), dealtAt: untouched.dateCreated }]);
    // The replaced draft says which deal replaced it, and takes no step.
    const old = await getDraft(member, untouched.draftID);
    expect(old.replacedBy).toBe(draft.draftID);
    expect(draft.replacedBy).toBeNull();
    const lateHand = old.players.find((p) => p.userID === member.user.id)!.civChoices;
    const late = await call(t.app, '/api/civilization/draftAction', {
      method: 'POST',
      as: member,
      payload: { draftID: untouched.draftID, action: { type: 'blindPick', civID: lateHand[0]!.civID } },
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(DRAFT_REPLACED_MESSAGE);
    const hand = (await getDraft(admin, draft.draftID)).players.find((p) => p.userID === admin.user.id)!.civChoices;
    const picked = await call(t.app, '/api/civilization/draftAction', {
      method: 'POST',
      as: admin,
      payload: { draftID: draft.draftID, action: { type: 'blindPick', civID: hand[0]!.civID } },
    });
    expect(picked.status).toBe(200);
    // Once a player picked, neither the same table nor one sharing a player throws the pick away.
    for (const players of [
      [owner, admin, member],
      [owner, member],
    ]) {
      const refused = await blind(players);
      expect(refused.status).toBe(409);
      expect(refused.body.fields.members).toBe(
        'Your draft for these players is under way: let its players finish it, or call a redraft vote on it, before dealing again',
      );
    }
    expect((await getDraft(member, draft.draftID)).status).toBe('running');
  });

  it("a drafted game goes to the event it was dealt for, or to none: never to another event's game", async () => {
    const group = await newGroup();
    const [owner, admin, member] = users as [TestUser, TestUser, TestUser];
    const newEvent = async (eventName: string) => (await createEvent(t.app, owner, group._id, t.clock.now(), { eventName }))._id;
    const cup = await newEvent('Cup night');
    const other = await newEvent('Other night');
    const forCup = await deal(group, owner, [owner, admin], { eventID: cup });
    const cupGame = (await createGameFrom(t.app, owner, forCup.body)) as { _id: string };

    const loose = await deal(group, member, [member, admin]);
    const makeAt = (body: Record<string, unknown>, eventID: string) =>
      call(t.app, '/api/civilization/createGame', { method: 'POST', as: member, payload: { ...body, eventID } });
    const toCup = await makeAt(loose.body, cup);
    expect(toCup.status).toBe(400);
    expect(toCup.body.fields.eventID).toBe('This draft was not dealt for an event');
    const forOther = await deal(group, member, [member, owner], { eventID: other });
    const moved = await makeAt(forOther.body, cup);
    expect(moved.status).toBe(400);
    expect(moved.body.fields.eventID).toBe("The event does not match the server's draft");
    // The cup's game stands, and the cup still points to it.
    expect((await call(t.app, `/api/civilization/game?gameID=${cupGame._id}`, { as: admin })).status).toBe(200);
    const events = (await call(t.app, `/api/events/getEvents?groupID=${group._id}`, { as: admin })).body as {
      _id: string;
      draftGameID?: string | null;
    }[];
    expect(events.find((e) => e._id === cup)?.draftGameID).toBe(cupGame._id);
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
