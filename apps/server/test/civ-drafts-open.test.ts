import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_TTL_MS, OPEN_DRAFTS_MEMBERS_MESSAGE, type DraftDto, type OpenDraftDto } from '@smm/shared/civilization/draft-schemas';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { draftBody, draftFor } from './civ-games-fixtures';
import { call, createGroup, join, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// The Games page lists the group's open drafts, those still being played and those dealt and waiting
// for their game, so a member dealt into a blind pick or a captains' draft started by someone else
// finds it: the mode, its status, the players, who started it and the timer, never a hand or a pick;
// for members only, like the drafts themselves.

let t: TestApp;
let users: TestUser[];
let outsider: TestUser;
let group: FullGroupDto;

beforeAll(async () => {
  t = await createTestApp();
  users = [];
  for (let i = 0; i < 4; i += 1) users.push(await createUser(t.app));
  outsider = await createUser(t.app);
  group = await createGroup(t.app, users[0]!);
  for (const user of users.slice(1)) await join(t.app, group, user);
}, 60_000);
afterAll(() => t.close());

const openDrafts = async (as: TestUser): Promise<OpenDraftDto[]> => {
  const res = await call(t.app, `/api/civilization/getOpenDrafts?groupID=${group._id}`, { as });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as OpenDraftDto[];
};
const start = async (by: TestUser, players: TestUser[], options: Record<string, unknown>): Promise<DraftDto> => {
  const res = await call(t.app, '/api/civilization/draftGame', {
    method: 'POST',
    as: by,
    payload: { ...draftBody(group, players), ...options },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as DraftDto;
};
const pick = (as: TestUser, draft: DraftDto) =>
  call(t.app, '/api/civilization/draftAction', {
    method: 'POST',
    as,
    payload: {
      draftID: draft.draftID,
      action: { type: 'blindPick', civID: draft.players.find((p) => p.userID === as.user.id)!.civChoices[0]!.civID },
    },
  });

describe('the open drafts on the Games page', () => {
  it('lists a running blind pick and a dealt draft waiting for its game to every member, never a hand or a pick', async () => {
    const [a, b, c, d] = users as [TestUser, TestUser, TestUser, TestUser];
    const blind = await start(a, [a, b, c], { mode: 'blind', stepSeconds: 60, gameName: '  Friday FFA ' });
    // The name given when it was started is kept with the draft, for whoever makes the game from it.
    expect(blind.gameName).toBe('Friday FFA');
    // A random deal is complete at once: listed until its game is made.
    const dealt = (await draftFor(t.app, group, b, [b, d])).draft;
    expect((await pick(a, blind)).status).toBe(200);

    for (const reader of [a, b, c, d]) {
      const listed = await openDrafts(reader);
      expect(listed).toEqual([
        {
          draftID: dealt.draftID,
          gameName: null,
          mode: 'random',
          status: 'complete',
          gameType: 'ffa',
          startedBy: b.user.username,
          dateCreated: dealt.dateCreated,
          players: [b, d].map((u) => ({ userID: u.user.id, username: u.user.username })),
          deadline: null,
        },
        {
          draftID: blind.draftID,
          gameName: 'Friday FFA',
          mode: 'blind',
          status: 'running',
          gameType: 'ffa',
          startedBy: a.user.username,
          dateCreated: blind.dateCreated,
          players: [a, b, c].map((u) => ({ userID: u.user.id, username: u.user.username })),
          deadline: new Date(t.clock.now() + 60_000).toISOString(),
        },
      ]);
      const text = JSON.stringify(listed);
      for (const player of [...blind.players, ...dealt.players])
        for (const leader of player.civChoices) expect(text).not.toContain(leader.civID);
    }
    // Its game made, the random deal is no longer open.
    const made = await call(t.app, '/api/civilization/createGame', {
      method: 'POST',
      as: b,
      payload: {
        groupID: group._id,
        draftID: dealt.draftID,
        gameName: 'Two of us',
        gameType: 'ffa',
        draftMode: true,
        host: b.user.id,
        members: [b, d].map((u) => ({ userID: u.user.id })),
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((await openDrafts(c)).map((draft) => draft.draftID)).toEqual([blind.draftID]);
  });

  it('keeps a complete draft listed until its game is made, and stands a re-deal for the one it replaced', async () => {
    const [a, b, c, d] = users as [TestUser, TestUser, TestUser, TestUser];
    // Everyone picks in the blind pick above: complete, listed as waiting for its game.
    const [running] = await openDrafts(a);
    const blind = (await call(t.app, `/api/civilization/getDraft?draftID=${running!.draftID}`, { as: b })).body as DraftDto;
    expect((await pick(b, blind)).status).toBe(200);
    const readC = (await call(t.app, `/api/civilization/getDraft?draftID=${running!.draftID}`, { as: c })).body as DraftDto;
    expect((await pick(c, readC)).status).toBe(200);
    expect((await openDrafts(a)).map((draft) => [draft.draftID, draft.status, draft.deadline])).toEqual([
      [running!.draftID, 'complete', null],
    ]);
    // A redraft vote called on it is listed with the vote's deadline.
    const vote = await call(t.app, '/api/civilization/draftAction', {
      method: 'POST',
      as: c,
      payload: { draftID: running!.draftID, action: { type: 'callVote' } },
    });
    expect(vote.status, JSON.stringify(vote.body)).toBe(200);
    expect((await openDrafts(b))[0]).toMatchObject({ draftID: running!.draftID, status: 'complete' });
    expect((await openDrafts(b))[0]!.deadline).not.toBeNull();

    // While the vote is open its dealer may not deal again for any of its players.
    const busy = await call(t.app, '/api/civilization/draftGame', {
      method: 'POST',
      as: a,
      payload: { ...draftBody(group, [a, b]), mode: 'blind' },
    });
    expect(busy.status).toBe(409);
    expect(busy.body.fields.members).toMatch(/^Your draft for these players is under way/);

    // Another member deals, then deals again before anyone picks: the re-deal stands for the one it replaced.
    const first = await start(b, [b, d], { mode: 'blind' });
    const second = await start(b, [d, b], { mode: 'blind' });
    expect((await openDrafts(c)).map((draft) => [draft.draftID, draft.gameName])).toEqual([
      [second.draftID, null],
      [running!.draftID, 'Friday FFA'],
    ]);
    const long = await call(t.app, '/api/civilization/draftGame', {
      method: 'POST',
      as: a,
      payload: { ...draftBody(group, [c, d]), mode: 'blind', gameName: 'x'.repeat(101) },
    });
    expect(long.status).toBe(400);
    expect(long.body.fields.gameName).toBe('Game name must be at most 100 characters');
    // The host chosen when it was started is kept with the draft too, and must be one of its players.
    const hosted = await start(c, [c, a], { mode: 'blind', host: a.user.id });
    expect((await call(t.app, `/api/civilization/getDraft?draftID=${hosted.draftID}`, { as: a })).body.host).toBe(a.user.id);
    expect(second.host).toBeNull();
    const stranger = await call(t.app, '/api/civilization/draftGame', {
      method: 'POST',
      as: c,
      payload: { ...draftBody(group, [c, b]), mode: 'blind', host: d.user.id },
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.fields.host).toBe('The host must be one of the players');
    expect(first.draftID).not.toBe(second.draftID);
  });

  it('lists the newest first, and forgets drafts past their day', async () => {
    const [a, b, c, d] = users as [TestUser, TestUser, TestUser, TestUser];
    t.clock.advance(1000);
    const newer = await start(c, [c, d], { mode: 'blind' });
    const listed = await openDrafts(a);
    expect(listed.map((draft) => draft.draftID)[0]).toBe(newer.draftID);
    expect(listed).toHaveLength(3);
    t.clock.advance(DRAFT_TTL_MS + 1000);
    expect(await openDrafts(b)).toEqual([]);
  });

  it('refuses outsiders, of a private group and of a public one, and anyone signed out', async () => {
    const refused = await call(t.app, `/api/civilization/getOpenDrafts?groupID=${group._id}`, { as: outsider });
    expect([403, 404]).toContain(refused.status);
    const open = await createGroup(t.app, users[0]!, { groupName: 'Open to all', isPrivate: false });
    await join(t.app, open, users[1]!);
    await start(users[0]!, [users[0]!, users[1]!], { mode: 'blind', groupID: open._id });
    const stranger = await call(t.app, `/api/civilization/getOpenDrafts?groupID=${open._id}`, { as: outsider });
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toBe(OPEN_DRAFTS_MEMBERS_MESSAGE);
    expect(JSON.stringify(stranger.body)).not.toContain(users[0]!.user.username);
    expect((await call(t.app, '/api/civilization/getOpenDrafts?groupID=nope', { as: users[0]! })).status).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/civilization/getOpenDrafts?groupID=${group._id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
