import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CIV_CATALOGUES } from '@smm/shared/civilization/catalogue';
import { REDRAFT_VOTE_SECONDS } from '@smm/shared/civilization/draft-machine-schemas';
import { CAPTAINS_NOT_ANONYMOUS_MESSAGE, DRAFT_RUNNING_MESSAGE, type DraftDto } from '@smm/shared/civilization/draft-schemas';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { buildApp } from '../src/app';
import { createGameFrom, draftBody, draftFor, type DraftOptions } from './civ-games-fixtures';
import { call, createGroup, join, setRole, type TestUser } from './groups-fixtures';
import { openLiveStream } from './live-stream-client';
import { createTestApp, createUser, memoryMailer, TEST_APP_CONFIG, type TestApp } from './test-app';

const civ6 = CIV_CATALOGUES['Civilization 6']!;
let t: TestApp;
let users: TestUser[];
let outsider: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  users = [];
  for (let i = 0; i < 4; i += 1) users.push(await createUser(t.app));
  outsider = await createUser(t.app);
}, 60_000);
afterAll(() => t.close());

/** A Civilization 6 group of the four users, the first its owner and the second an Administrator. */
async function groupOfFour(): Promise<FullGroupDto> {
  const [owner, admin, ...rest] = users as [TestUser, TestUser, ...TestUser[]];
  const group = await createGroup(t.app, owner);
  for (const user of [admin, ...rest]) await join(t.app, group, user);
  await setRole(t.app, group._id, owner, admin, 'Administrator');
  return group;
}

const post = (path: string, as: TestUser, payload: object) => call(t.app, `/api/civilization/${path}`, { method: 'POST', as, payload });
const getDraft = async (as: TestUser, draftID: string): Promise<DraftDto> => {
  const res = await call(t.app, `/api/civilization/getDraft?draftID=${draftID}`, { as });
  expect(res.status).toBe(200);
  return res.body as DraftDto;
};
const act = (as: TestUser, draftID: string, action: object) => post('draftAction', as, { draftID, action });

async function start(group: FullGroupDto, by: TestUser, options: DraftOptions & Record<string, unknown>): Promise<DraftDto> {
  const res = await post('draftGame', by, { ...draftBody(group, users, options), ...options });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as DraftDto;
}

const playerOf = (draft: DraftDto, user: TestUser) => draft.view.players.find((p) => p.userID === user.user.id)!;
const handOf = (draft: DraftDto, user: TestUser) => draft.players.find((p) => p.userID === user.user.id)!.civChoices;

describe('blind picks', () => {
  it('a pick stays hidden from every other player until all have picked, then all are revealed at once', async () => {
    const group = await groupOfFour();
    const [a, b, c, d] = users as [TestUser, TestUser, TestUser, TestUser];
    const draft = await start(group, a, { mode: 'blind', numCiv: 3 });
    expect(draft).toMatchObject({ mode: 'blind', status: 'running', round: 1 });
    for (const user of users) expect(handOf(draft, user)).toHaveLength(3);

    const aPick = handOf(draft, a)[1]!;
    const picked = await act(a, draft.draftID, { type: 'blindPick', civID: aPick.civID });
    expect(picked.status).toBe(200);
    expect(playerOf(picked.body, a).pick?.civID).toBe(aPick.civID);

    // Every other player's every read: A has picked, and nothing says which leader.
    for (const reader of [b, c, d]) {
      const seen = await getDraft(reader, draft.draftID);
      expect(playerOf(seen, a)).toMatchObject({ hasPicked: true, pick: null, pickHidden: true });
      expect(JSON.stringify(seen.view.players.map((p) => p.pick))).not.toContain(aPick.civID);
      expect(seen.discordText).toBe('');
    }
    // Nor does the answer to another player's own step.
    const bAnswer = await act(b, draft.draftID, { type: 'blindPick', civID: handOf(draft, b)[0]!.civID });
    expect(playerOf(bAnswer.body, a).pick).toBeNull();
    // A may change their mind before the reveal.
    const aFinal = handOf(draft, a)[2]!;
    expect((await act(a, draft.draftID, { type: 'blindPick', civID: aFinal.civID })).status).toBe(200);
    expect((await act(c, draft.draftID, { type: 'blindPick', civID: handOf(draft, c)[0]!.civID })).status).toBe(200);
    expect(playerOf(await getDraft(b, draft.draftID), a).pick).toBeNull();

    const last = await act(d, draft.draftID, { type: 'blindPick', civID: handOf(draft, d)[2]!.civID });
    expect(last.body).toMatchObject({ status: 'complete' });
    for (const reader of users) {
      const seen = await getDraft(reader, draft.draftID);
      expect(playerOf(seen, a).pick?.civID).toBe(aFinal.civID);
      expect(handOf(seen, a).map((l) => l.civID)).toEqual([aFinal.civID]);
      expect(seen.discordText).toContain(`${a.user.username} — `);
    }
    // The game is made from the picks.
    const game = await createGameFrom(t.app, a, {
      groupID: group._id,
      draftID: draft.draftID,
      gameName: 'Blind game',
      gameType: 'ffa',
      draftMode: true,
      host: a.user.id,
      members: users.map((u) => ({ userID: u.user.id, team: null })),
    });
    expect(game).toBeTruthy();
  });

  it('only one’s own hand: a leader of another hand, a step sent for someone else, a non-player and an outsider are refused', async () => {
    const group = await groupOfFour();
    const [a, b, c] = users as [TestUser, TestUser, TestUser];
    const draft = await start(group, a, { mode: 'blind', numCiv: 2 });
    const theirs = handOf(draft, a)[0]!;
    const forged = await post('draftAction', b, {
      draftID: draft.draftID,
      action: { type: 'blindPick', civID: theirs.civID, userID: a.user.id },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.fields.action).toContain(`not in ${b.user.username}'s hand`);
    expect(playerOf(await getDraft(a, draft.draftID), a).hasPicked).toBe(false);
    expect((await act(c, draft.draftID, { type: 'ban', civID: theirs.civID })).status).toBe(400);
    expect((await act(outsider, draft.draftID, { type: 'blindPick', civID: theirs.civID })).status).toBe(404);
    expect((await act(a, draft.draftID, { type: 'launch' })).status).toBe(400);
    const running = await post('createGame', a, {
      groupID: group._id,
      draftID: draft.draftID,
      gameName: 'Too soon',
      gameType: 'ffa',
      draftMode: true,
      host: a.user.id,
      members: users.map((u) => ({ userID: u.user.id, team: null })),
    });
    expect(running.status).toBe(400);
    expect(running.body.message).toBe(DRAFT_RUNNING_MESSAGE);
  });

  it('the timer picks at random from the hand of each player who did not pick, and reveals', async () => {
    const group = await groupOfFour();
    const [a] = users as [TestUser];
    const draft = await start(group, a, { mode: 'blind', numCiv: 3, stepSeconds: 30 });
    await act(a, draft.draftID, { type: 'blindPick', civID: handOf(draft, a)[0]!.civID });
    expect(await t.app.draftTimers.tick()).not.toContain(draft.draftID);
    t.clock.advance(30_000);
    expect(await t.app.draftTimers.tick()).toContain(draft.draftID);
    const done = await getDraft(a, draft.draftID);
    expect(done.status).toBe('complete');
    for (const user of users.slice(1)) {
      const player = playerOf(done, user);
      expect(player.autoPicked).toBe(true);
      expect(handOf(draft, user).map((l) => l.civID)).toContain(player.pick!.civID);
    }
    expect(playerOf(done, a).autoPicked).toBe(false);
    expect((await act(a, draft.draftID, { type: 'blindPick', civID: handOf(draft, a)[1]!.civID })).status).toBe(400);
  });
});

describe('live', () => {
  it("every step reaches the players' live streams as a bare 'this draft moved on', never the leader picked", async () => {
    const group = await groupOfFour();
    const [a, b] = users as [TestUser, TestUser];
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const stream = await openLiveStream(`http://127.0.0.1:${port}`, group._id, b.token);
    try {
      expect((await stream.next())?.event).toBe('ready');
      const draft = await start(group, a, { mode: 'blind', numCiv: 2 });
      expect((await stream.next((f) => f.event === 'change'))?.data).toEqual({
        topic: 'drafts',
        action: 'changed',
        draftId: draft.draftID,
      });
      const pick = handOf(draft, a)[0]!;
      await act(a, draft.draftID, { type: 'blindPick', civID: pick.civID });
      expect((await stream.next((f) => f.event === 'change'))?.data).toEqual({
        topic: 'drafts',
        action: 'changed',
        draftId: draft.draftID,
      });
      expect(JSON.stringify(stream.frames)).not.toContain(pick.civID);

      // Making the game from a draft turns the draft's open pages to the game (a deal by another member for
      // other players: the blind pick under way is not theirs to replace).
      const random = await draftFor(t.app, group, b, users.slice(1), { numCiv: 1 });
      expect((await stream.next((f) => f.event === 'change'))?.data).toMatchObject({ topic: 'drafts', draftId: random.draft.draftID });
      await createGameFrom(t.app, a, random.body);
      expect((await stream.next((f) => f.event === 'change'))?.data).toEqual({
        topic: 'drafts',
        action: 'changed',
        draftId: random.draft.draftID,
      });
    } finally {
      stream.close();
    }
  });
});

describe('other games', () => {
  it('a Civilization 5 group drafts blind picks from its own catalogue', async () => {
    const [a, ...rest] = users as [TestUser, ...TestUser[]];
    const group = await createGroup(t.app, a, { gameName: 'Civilization 5' });
    for (const user of rest) await join(t.app, group, user);
    const draft = await start(group, a, { mode: 'blind', numCiv: 2 });
    const civ5 = new Set(CIV_CATALOGUES['Civilization 5']!.leaders.map((l) => l.civID));
    for (const user of users) for (const leader of handOf(draft, user)) expect(civ5.has(leader.civID)).toBe(true);
  });
});

describe('captains', () => {
  it('a 2v2 snake: the captain on turn bans then picks, the other is refused; two picks at once: one wins', async () => {
    const group = await groupOfFour();
    const [a, b, c, d] = users as [TestUser, TestUser, TestUser, TestUser];
    const draft = await start(group, a, {
      gameType: 'team',
      teams: [1, 2, 1, 2],
      mode: 'captains',
      captainSelection: 'chosen',
      captainIDs: [a.user.id, b.user.id],
      captainOrder: 'snake',
      bansPerTeam: 1,
    });
    expect(draft.view.steps).toEqual([
      { kind: 'ban', team: 1 },
      { kind: 'ban', team: 2 },
      { kind: 'pick', team: 1 },
      { kind: 'pick', team: 2 },
      { kind: 'pick', team: 2 },
      { kind: 'pick', team: 1 },
    ]);
    expect(draft.view.turn).toEqual({ kind: 'ban', team: 1, captainID: a.user.id });
    const wrong = await act(c, draft.draftID, { type: 'ban', civID: 'x' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.action).toBe(`It is ${a.user.username}'s turn to ban for Team 1`);

    const [first, second, third, fourth, fifth, sixth] = distinctNations(civ6.leaders);
    expect((await act(a, draft.draftID, { type: 'ban', civID: first })).status).toBe(200);
    expect((await act(b, draft.draftID, { type: 'ban', civID: first })).body.fields.action).toContain('already banned');
    expect((await act(b, draft.draftID, { type: 'ban', civID: second })).status).toBe(200);

    // Both captains send a pick of one leader at the same moment: Team 1's turn; Team 2's is refused.
    const [one, two] = await Promise.all([
      act(a, draft.draftID, { type: 'pick', civID: third }),
      act(b, draft.draftID, { type: 'pick', civID: third }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 400]);
    expect(one.status).toBe(200);
    for (const civID of [fourth, fifth]) expect((await act(b, draft.draftID, { type: 'pick', civID })).status).toBe(200);
    const done = await act(a, draft.draftID, { type: 'pick', civID: sixth });
    expect(done.body.status).toBe('complete');
    const teamOne = done.body.players.filter((p: { team: number }) => p.team === 1);
    for (const player of teamOne) expect(player.civChoices.map((l: { civID: string }) => l.civID)).toEqual([third, sixth]);
    expect(done.body.bannedLeaders.map((l: { civID: string }) => l.civID)).toEqual(expect.arrayContaining([first, second]));
    void c;
    void d;
  });

  it('a captain who lets the timer run out gets a random leader they may take', async () => {
    const group = await groupOfFour();
    const [a] = users as [TestUser];
    const draft = await start(group, a, {
      gameType: 'team',
      mode: 'captains',
      captainSelection: 'random',
      bansPerTeam: 0,
      stepSeconds: 10,
    });
    t.clock.advance(10_000);
    expect(await t.app.draftTimers.tick()).toContain(draft.draftID);
    const after = await getDraft(a, draft.draftID);
    expect(after.view.history).toHaveLength(1);
    expect(after.view.history[0]).toMatchObject({ kind: 'pick', userID: null });
    expect(after.view.stepIndex).toBe(1);
  });
});

/** One leader per civilization, the first of each, as ids. */
function distinctNations(leaders: readonly { civID: string; nation: string }[]): string[] {
  const seen = new Set<string>();
  return leaders.filter((l) => !seen.has(l.nation) && seen.add(l.nation)).map((l) => l.civID);
}

describe('majority bans', () => {
  it('bans what more than half proposed; proposals stay hidden from the others until all are in', async () => {
    const group = await groupOfFour();
    const [a, b, c, d] = users as [TestUser, TestUser, TestUser, TestUser];
    const [x, y, z] = distinctNations(civ6.leaders);
    const draft = await start(group, a, { mode: 'majorityBans', numCiv: 2, majorityBansPerPlayer: 2 });
    expect((await act(a, draft.draftID, { type: 'proposeBans', civIDs: [x, y] })).status).toBe(200);
    const seen = await getDraft(b, draft.draftID);
    expect(playerOf(seen, a)).toMatchObject({ bansSubmitted: true, proposedBans: [], proposedBansHidden: true });
    expect(JSON.stringify(seen.view)).not.toContain(y);
    await act(b, draft.draftID, { type: 'proposeBans', civIDs: [x, z] });
    await act(c, draft.draftID, { type: 'proposeBans', civIDs: [x, y] });
    const done = await act(d, draft.draftID, { type: 'proposeBans', civIDs: [z] });
    expect(done.body.status).toBe('complete');
    // x: 3 of 4; y: 2 of 4 and z: 2 of 4 are not more than half.
    expect(done.body.bannedLeaders.map((l: { civID: string }) => l.civID)).toEqual([x]);
    const dealt = done.body.players.flatMap((p: { civChoices: { civID: string }[] }) => p.civChoices.map((l) => l.civID));
    expect(dealt).not.toContain(x);
    expect(playerOf(await getDraft(b, draft.draftID), a).proposedBans.map((l) => l.civID)).toEqual([x, y]);
  });
});

describe('redraft votes', () => {
  it('passes with more than half voting yes: a new deal; fails when it no longer can; closed once a game is made', async () => {
    const group = await groupOfFour();
    const [a, b, c, d] = users as [TestUser, TestUser, TestUser, TestUser];
    const { draft, body } = await draftFor(t.app, group, a, users, { numCiv: 2 });

    expect((await act(a, draft.draftID, { type: 'callVote' })).body.view.vote).toMatchObject({ yes: [a.user.id], needed: 3 });
    await act(b, draft.draftID, { type: 'vote', yes: false });
    const failed = await act(c, draft.draftID, { type: 'vote', yes: false });
    expect(failed.body.view).toMatchObject({ vote: null, lastVote: { outcome: 'failed', yes: 1, no: 2 }, round: 1 });
    expect((await act(d, draft.draftID, { type: 'vote', yes: true })).body.fields.action).toBe('No redraft vote is open');

    await act(b, draft.draftID, { type: 'callVote' });
    await act(c, draft.draftID, { type: 'vote', yes: true });
    expect((await act(c, draft.draftID, { type: 'vote', yes: false })).status).toBe(400);
    const passed = await act(d, draft.draftID, { type: 'vote', yes: true });
    expect(passed.body).toMatchObject({ round: 2, status: 'complete' });
    expect(passed.body.view.lastVote).toMatchObject({ outcome: 'passed', yes: 3 });
    for (const player of passed.body.players) expect(player.civChoices).toHaveLength(2);

    // A vote nobody finishes closes after its time, as failed.
    await act(a, draft.draftID, { type: 'callVote' });
    t.clock.advance(REDRAFT_VOTE_SECONDS * 1000);
    expect(await t.app.draftTimers.tick()).toContain(draft.draftID);
    expect((await getDraft(a, draft.draftID)).view.lastVote).toMatchObject({ outcome: 'failed', yes: 1 });

    // The game takes round 2's hands; after that nobody can redraft.
    const redrafted = await getDraft(a, draft.draftID);
    const game = await createGameFrom(t.app, a, body);
    expect(game).toBeTruthy();
    const closed = await act(b, draft.draftID, { type: 'callVote' });
    expect(closed.status).toBe(400);
    expect(closed.body.fields.action).toContain('can no longer be redrafted');
    expect((await getDraft(a, draft.draftID)).players).toEqual(redrafted.players);
    void outsider;
  });
});

describe('timers across instances', () => {
  it('two server instances on one database apply a due timer once', async () => {
    const other = await buildApp({
      database: t.database,
      mailer: memoryMailer(),
      clock: t.clock,
      config: TEST_APP_CONFIG,
    });
    await other.ready();
    try {
      const [a] = users as [TestUser];
      for (let round = 0; round < 5; round += 1) {
        // A group each round: a draft under way is not dealt over.
        const group = await groupOfFour();
        const draft = await start(group, a, {
          gameType: 'team',
          mode: 'captains',
          captainSelection: 'random',
          bansPerTeam: 1,
          stepSeconds: 10,
        });
        t.clock.advance(10_000);
        const applied = await Promise.all([t.app.draftTimers.runDue(), other.draftTimers.runDue(), other.draftTimers.runDue()]);
        expect(applied.flat().filter((id) => id === draft.draftID)).toHaveLength(1);
        expect((await getDraft(a, draft.draftID)).view.history).toHaveLength(1);
      }
    } finally {
      await other.close();
    }
  });
});

describe('captains in the open', () => {
  it('a captains draft, or a preset of one, in anonymous mode is refused: both captains see every pick', async () => {
    const group = await groupOfFour();
    const [owner, admin] = users as [TestUser, TestUser];
    const captains = { gameType: 'team', mode: 'captains', captainSelection: 'random', anonymousMode: true };
    const dealt = await post('draftGame', owner, { ...draftBody(group, users), ...captains });
    expect(dealt.status).toBe(400);
    expect(dealt.body.fields.anonymousMode).toBe(CAPTAINS_NOT_ANONYMOUS_MESSAGE);
    const preset = await post('postDraftPreset', admin, { groupID: group._id, name: 'Hidden captains', config: captains });
    expect(preset.status).toBe(400);
    expect(preset.body.fields.config).toBe(CAPTAINS_NOT_ANONYMOUS_MESSAGE);
    expect((await post('draftGame', owner, { ...draftBody(group, users), ...captains, anonymousMode: false })).status).toBe(200);
  });
});

describe('presets', () => {
  it('Administrators save and delete presets, members read them and draft with one', async () => {
    const group = await groupOfFour();
    const [owner, admin, member] = users as [TestUser, TestUser, TestUser];
    const config = { mode: 'blind', gameType: 'ffa', numCiv: 2, stepSeconds: 45 };
    expect((await post('postDraftPreset', member, { groupID: group._id, name: 'Blind 2', config })).status).toBe(403);
    const saved = await post('postDraftPreset', admin, { groupID: group._id, name: 'Blind 2', config });
    expect(saved.status).toBe(200);
    const again = await post('postDraftPreset', owner, { groupID: group._id, name: 'Blind 2', config: { ...config, numCiv: 3 } });
    expect(again.body.presetID).toBe(saved.body.presetID);
    const bad = await post('postDraftPreset', admin, { groupID: group._id, name: ' ', config: { mode: 'shuffle', gameType: 'ffa' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ name: 'Give the preset a name', config: expect.stringContaining('mode must be one of') });
    const list = await call(t.app, `/api/civilization/getDraftPresets?groupID=${group._id}`, { as: member });
    expect(list.body).toHaveLength(1);
    expect(list.body[0].config).toMatchObject({ mode: 'blind', numCiv: 3, stepSeconds: 45 });
    expect((await call(t.app, `/api/civilization/getDraftPresets?groupID=${group._id}`, { as: outsider })).status).toBe(404);

    const drafted = await start(group, member, { presetID: saved.body.presetID, mode: 'random' });
    expect(drafted).toMatchObject({ mode: 'blind', status: 'running', numCiv: 3 });

    expect((await post('deleteDraftPreset', member, { presetID: saved.body.presetID })).status).toBe(403);
    expect((await post('deleteDraftPreset', outsider, { presetID: saved.body.presetID })).status).toBe(404);
    expect((await post('deleteDraftPreset', admin, { presetID: saved.body.presetID })).status).toBe(200);
    expect(await start(group, member, { presetID: saved.body.presetID }).catch(() => null)).toBeNull();
  });
});
