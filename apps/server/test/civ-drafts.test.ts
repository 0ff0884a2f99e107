import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CIV_CATALOGUES } from '@smm/shared/civilization/catalogue';
import { conflictGroups } from '@smm/shared/civilization/draft';
import { DRAFT_NOT_FOUND_MESSAGE, DRAFT_TTL_MS, type DraftDto } from '@smm/shared/civilization/draft-schemas';
import { civChoiceLabel, personaOf } from '@smm/shared/civilization/labels';
import { initialSkill, skillOrdinal } from '@smm/shared/civilization/ladder';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { createGameFrom, draftBody, draftFor, type DraftOptions } from './civ-games-fixtures';
import { call, createGroup, join, setRole, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

const civ6 = CIV_CATALOGUES['Civilization 6']!;
const queries: CompiledQuery[] = [];
// Only the queries of the request being measured count.
const measured = new AsyncLocalStorage<true>();
let t: TestApp;
let users: TestUser[];
let outsider: TestUser;

beforeAll(async () => {
  t = await createTestApp({ onQuery: (query) => measured.getStore() && queries.push(query) });
  users = [];
  for (let i = 0; i < 13; i += 1) users.push(await createUser(t.app));
  outsider = await createUser(t.app);
}, 60_000);
afterAll(() => t.close());

/** A Civilization 6 group of the first `size` users, the first its owner and the second an Administrator. */
async function groupOf(size: number, isPrivate = true): Promise<FullGroupDto> {
  const [owner, ...rest] = users.slice(0, size) as [TestUser, ...TestUser[]];
  const group = await createGroup(t.app, owner, { isPrivate });
  for (const user of rest) await join(t.app, group, user);
  if (rest[0]) await setRole(t.app, group._id, owner, rest[0], 'Administrator');
  return (await call(t.app, `/api/groups/getFullGroup?groupID=${group._id}`, { as: owner })).body;
}

const post = (path: string, as: TestUser, payload: object) => call(t.app, `/api/civilization/${path}`, { method: 'POST', as, payload });
const prefer = (group: { _id: string }, as: TestUser, path: string, payload: object) =>
  post(`${path}?groupID=${group._id}`, as, payload).then((res) => {
    if (res.status !== 200) throw new Error(`${path} failed: ${JSON.stringify(res.body)}`);
  });
const deal = async (group: { _id: string }, by: TestUser, players: TestUser[], options: DraftOptions = {}): Promise<DraftDto> =>
  (await draftFor(t.app, group, by, players, options)).draft;
const getDraft = (as: TestUser, draftID: string) => call(t.app, `/api/civilization/getDraft?draftID=${draftID}`, { as });
const leaderOf = new Map(civ6.leaders.map((l) => [l.civID, l]));

/** No civID, civilization or persona of one leader dealt twice in the draft. */
function expectFairPool(draft: DraftDto) {
  const dealt = draft.players.flatMap((p) => p.civChoices.map((c) => leaderOf.get(c.civID)!));
  expect(new Set(dealt.map((l) => l.civID)).size).toBe(dealt.length);
  expect(new Set(dealt.map((l) => l.nation)).size).toBe(dealt.length);
  expect(new Set(dealt.map((l) => personaOf(l.leader))).size).toBe(dealt.length);
}

describe('the server deals', () => {
  it('exact counts, no banned leader and no civilization or persona twice; the stored bans are cut to the group limit, first made first', async () => {
    const group = await groupOf(4);
    const [owner, admin, member, fourth] = users as [TestUser, TestUser, TestUser, TestUser];
    const bans = civ6.leaders.slice(0, 7).map((l) => l.civID);
    for (const civID of bans.slice(0, 5)) await prefer(group, member, 'postCivLeaderBanPreference', { leader: civID, operation: 'add' });
    // The group lowers its limit to 2: the member's latest three bans no longer count.
    expect((await post(`updateGroup?groupID=${group._id}`, owner, { settings: { maxNumberOfLeaderBans: 2 } })).status).toBe(200);
    for (const civID of bans.slice(5, 7)) await prefer(group, fourth, 'postCivLeaderBanPreference', { leader: civID, operation: 'add' });
    for (let run = 0; run < 5; run += 1) {
      const draft = await deal(group, admin, [owner, admin, member, fourth], { numCiv: 4 });
      expect(draft.players.map((p) => p.civChoices.length)).toEqual([4, 4, 4, 4]);
      expect(draft.bannedLeaders.map((b) => b.civID).sort()).toEqual([bans[0], bans[1], bans[5], bans[6]].sort());
      const dealt = draft.players.flatMap((p) => p.civChoices.map((c) => c.civID));
      for (const civID of draft.bannedLeaders.map((b) => b.civID)) expect(dealt).not.toContain(civID);
      expectFairPool(draft);
      expect(draft.players.map((p) => p.username)).toEqual([owner, admin, member, fourth].map((u) => u.user.username));
    }
  });

  it('a short pool gives every player floor(pool / players); bans remove picks exactly; the group may allow duplicates', async () => {
    const group = await groupOf(12);
    const players = users.slice(0, 12);
    const banned = [...new Map(civ6.leaders.map((l) => [l.nation, l])).values()].slice(0, 12).map((l) => l.civID);
    for (const [i, player] of players.entries()) {
      await prefer(group, player, 'postCivLeaderBanPreference', { leader: banned[i]!, operation: 'add' });
    }
    const pool = conflictGroups(
      civ6.leaders.filter((l) => !banned.includes(l.civID)),
      false,
    ).length;
    const short = await deal(group, players[0]!, players, { numCiv: 5 });
    expect(short.numCiv).toBe(Math.floor(pool / 12));
    expect(short.players.every((p) => p.civChoices.length === Math.floor(pool / 12))).toBe(true);
    expectFairPool(short);

    // numCiv 3 minus one ban plus one free ban: three each, the same as without bans.
    const picks = await deal(group, players[0]!, players.slice(0, 3), { numCiv: 3, bansRemovePicks: true, freeBans: 1 });
    expect(picks.players.map((p) => p.civChoices.length)).toEqual([3, 3, 3]);

    expect((await post(`updateGroup?groupID=${group._id}`, players[0]!, { settings: { allowDuplicateCivs: true } })).status).toBe(200);
    const duplicates = await deal(group, players[0]!, players, { numCiv: 5 });
    // 65 leaders are left after 12 bans: enough for five each once leaders of one civilization may go to two players.
    expect(duplicates.players.every((p) => p.civChoices.length === 5)).toBe(true);
    const dealt = duplicates.players.flatMap((p) => p.civChoices.map((c) => c.civID));
    expect(new Set(dealt).size).toBe(60);
  });

  it('the map is drawn from the preferred maps that fit, else from any that fits; settings are the locked values and the preferences', async () => {
    const group = await groupOf(2);
    const [owner, admin] = users as [TestUser, TestUser];
    await prefer(group, owner, 'postCivMapPreference', { map: 'Pangaea', operation: 'add' });
    await prefer(group, admin, 'postCivMapPreference', { map: 'Earth', operation: 'add' });
    for (const as of [owner, admin]) {
      await prefer(group, as, 'postGameSettingPreference', { title: 'Game Speed', value: 'Quick', settingType: 'gameSettings' });
    }
    const speedOf = (draft: DraftDto) => draft.settings.gameSettings.find((s) => s.title === 'Game Speed')?.value;
    // Earth needs six players: Pangaea is the only preferred map two can play.
    for (let run = 0; run < 6; run += 1) {
      const draft = await deal(group, owner, [owner, admin]);
      expect(draft.map?.name).toBe('Pangaea');
      expect(speedOf(draft)).toBe('Quick');
    }
    const fresh = await groupOf(3);
    const anyMap = await deal(fresh, owner, users.slice(0, 3));
    expect(civ6.maps.filter((m) => m.minPlayers <= 3).map((m) => m.name)).toContain(anyMap.map?.name);

    for (const change of [
      { property: 'lockedValue', lockedValue: 'Epic' },
      { property: 'isEnabled', isEnabled: false },
    ]) {
      const res = await post(`postGroupGameSetting?groupID=${group._id}`, owner, {
        title: 'Game Speed',
        settingType: 'gameSettings',
        ...change,
      });
      expect(res.status).toBe(200);
    }
    expect(speedOf(await deal(group, owner, [owner, admin]))).toBe('Epic');
  });

  it('deals each player only leaders of packs they own, and refuses a draft their packs cannot cover, naming them', async () => {
    const group = await groupOf(4);
    const [owner, admin, member, fourth] = users as [TestUser, TestUser, TestUser, TestUser];
    const packs = civ6.packs.filter((p) => p !== 'Base Game');
    expect((await post('postOwnedPacks', admin, { groupID: group._id, ownedPacks: [packs[0]!] })).status).toBe(200);
    const owned = new Set(['Base Game', packs[0]!]);
    for (let run = 0; run < 5; run += 1) {
      const draft = await deal(group, owner, [owner, admin, member], { numCiv: 2 });
      const hand = draft.players.find((p) => p.userID === admin.user.id)!.civChoices;
      expect(hand).toHaveLength(2);
      for (const choice of hand) expect(owned).toContain(leaderOf.get(choice.civID)!.pack);
    }
    expect((await post('postOwnedPacks', fourth, { groupID: group._id, ownedPacks: ['Base Game'] })).status).toBe(200);
    const refused = await post('draftGame', owner, draftBody(group, [owner, admin, member, fourth], { numCiv: 5 }));
    expect(refused.status).toBe(400);
    expect(refused.body.fields.members).toMatch(new RegExp(`${fourth.user.username} owns \\d+ leaders; 20 are needed`));
  });

  it('errors name players by username (by the id sent only when it is nobody’s)', async () => {
    const group = await groupOf(3);
    const [owner, admin] = users as [TestUser, TestUser];
    const outside = await post('draftGame', owner, draftBody(group, [owner, outsider]));
    expect(outside.status).toBe(400);
    expect(outside.body.fields.members).toBe(`Not members of this group: ${outsider.user.username}`);
    const nobody = await post('draftGame', owner, {
      ...draftBody(group, [owner]),
      members: [{ userID: owner.user.id }, { userID: 'no-such-user' }],
    });
    expect(nobody.body.fields.members).toBe('Not members of this group: no-such-user');
    const twice = await post('draftGame', owner, draftBody(group, [owner, admin, admin]));
    expect(twice.body.fields.members).toBe(`${admin.user.username} is chosen more than once`);
    const noTeam = await post('draftGame', owner, { ...draftBody(group, [owner, admin], { gameType: 'team', teamSplit: 'manual' }) });
    expect(noTeam.status).toBe(400);
    expect(noTeam.body.fields.members).toBe(`${owner.user.username} needs a team from 1 to 12`);
    const teams = await post('draftGame', owner, draftBody(group, [owner, admin], { gameType: 'team', teamCount: 3 }));
    expect(teams.body.fields.teamCount).toBeTruthy();
    const stored = await t.database.db.selectFrom('civ_drafts').select('id').where('group_id', '=', group._id).execute();
    expect(stored).toHaveLength(0);
  });
});

describe('who sees a draft', () => {
  it('anonymous mode: the caller’s answer, getDraft and the Discord copy show only their own and their team-mates’ hands', async () => {
    const group = await groupOf(5);
    const [owner, admin, member, fourth, reader] = users as [TestUser, TestUser, TestUser, TestUser, TestUser];
    const players = [owner, admin, member, fourth];
    const draft = await deal(group, owner, players, { gameType: 'team', teams: [1, 2, 1, 2], anonymousMode: true, numCiv: 2 });
    expect(draft.anonymousMode).toBe(true);
    const hands = new Map<string, DraftDto['players'][number]['civChoices']>();
    for (const player of players) {
      const seen = (await getDraft(player, draft.draftID)).body as DraftDto;
      const teamOf = (id: string) => seen.players.find((p) => p.userID === id)!.team;
      for (const p of seen.players) {
        const visible = teamOf(p.userID) === teamOf(player.user.id);
        expect(p.civChoicesHidden, `${p.username} as seen by ${player.user.username}`).toBe(!visible);
        expect(p.civChoices.length).toBe(visible ? 2 : 0);
      }
      hands.set(player.user.id, seen.players.find((p) => p.userID === player.user.id)!.civChoices);
    }
    // The caller (team 1 with the member) never receives team 2's leaders, in any field.
    const opponents = [admin, fourth].flatMap((u) => hands.get(u.user.id)!);
    const answer = JSON.stringify(draft);
    for (const leader of opponents) {
      expect(answer).not.toContain(leader.civID);
      expect(draft.discordText).not.toContain(civChoiceLabel(leader));
    }
    for (const leader of hands.get(member.user.id)!) expect(draft.discordText).toContain(civChoiceLabel(leader));
    // A member who plays no part sees no hand.
    const readers = (await getDraft(reader, draft.draftID)).body as DraftDto;
    expect(readers.players.every((p) => p.civChoicesHidden && p.civChoices.length === 0)).toBe(true);

    const open = await deal(group, owner, players, { numCiv: 2 });
    const seenByReader = (await getDraft(reader, open.draftID)).body as DraftDto;
    expect(seenByReader.players.every((p) => !p.civChoicesHidden && p.civChoices.length === 2)).toBe(true);
    for (const p of open.players) expect(open.discordText).toContain(`${p.username} — ${p.civChoices.map(civChoiceLabel).join(', ')}`);
  });

  it('members only: an outsider, or a draft that does not exist, gets 404', async () => {
    const group = await groupOf(2);
    const [owner, admin] = users as [TestUser, TestUser];
    const draft = await deal(group, owner, [owner, admin]);
    for (const [as, id] of [
      [outsider, draft.draftID],
      [owner, '0190a0b0-0000-7000-8000-000000000000'],
    ] as const) {
      const res = await getDraft(as, id);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(DRAFT_NOT_FOUND_MESSAGE);
    }
    expect((await post('draftGame', outsider, draftBody(group, [owner, admin]))).status).toBe(404);
    expect((await call(t.app, '/api/civilization/getDraft', { as: owner })).status).toBe(400);
  });
});

describe('games from drafts', () => {
  it('the draft’s owner or another member makes the game from it, once, within a day', async () => {
    const group = await groupOf(3);
    const [owner, admin, member] = users as [TestUser, TestUser, TestUser];
    const { draft, body } = await draftFor(t.app, group, owner, [owner, admin, member], { anonymousMode: true });
    // The member, not the draft's owner, adds the game; it carries the draft's hands and anonymous mode.
    const game = await createGameFrom(t.app, member, body);
    expect(game).toMatchObject({ anonymousMode: true, draftMode: true, createdBy: member.user.id, map: draft.map?.name ?? null });
    const stored = await t.database.db
      .selectFrom('civ_drafts')
      .select(['result', 'game_id'])
      .where('id', '=', draft.draftID)
      .executeTakeFirstOrThrow();
    expect(stored.game_id).toBe(game._id);
    const dealt = JSON.parse(stored.result) as { players: { userID: string; civChoices: { civID: string }[] }[] };
    const members = await t.database.db
      .selectFrom('civ_game_members')
      .select(['user_id', 'civ_choices'])
      .where('game_id', '=', game._id)
      .execute();
    for (const player of dealt.players) {
      expect(JSON.parse(members.find((m) => m.user_id === player.userID)!.civ_choices)).toEqual(player.civChoices.map((c) => c.civID));
    }
    expect((await post('createGame', owner, body)).status).toBe(409);

    const late = await draftFor(t.app, group, admin, [owner, admin]);
    t.clock.advance(DRAFT_TTL_MS + 1);
    const expired = await post('createGame', admin, late.body);
    expect(expired.status).toBe(400);
    expect(expired.body.fields.draftID).toBe('This draft has expired; draft again');
  });
});

describe('games from drafts tell nothing hidden', () => {
  it('in anonymous mode a hand hidden from the caller is never compared: no answer says whether a guess at it was right', async () => {
    const group = await groupOf(4);
    const [owner, admin, member, fourth] = users as [TestUser, TestUser, TestUser, TestUser];
    const { draft, body } = await draftFor(t.app, group, owner, [owner, admin, member, fourth], {
      gameType: 'team',
      teams: [1, 2, 1, 2],
      anonymousMode: true,
      numCiv: 1,
    });
    const stored = await t.database.db.selectFrom('civ_drafts').select('result').where('id', '=', draft.draftID).executeTakeFirstOrThrow();
    const dealt = JSON.parse(stored.result) as { players: { userID: string; civChoices: { civID: string }[] }[] };
    const handOf = (user: TestUser) => dealt.players.find((p) => p.userID === user.user.id)!.civChoices.map((c) => c.civID);
    const members = body.members as { userID: string; team: number }[];
    const withHand = (user: TestUser, civChoices: string[]) =>
      members.map((m) => (m.userID === user.user.id ? { ...m, civChoices } : { ...m, civChoices: [] }));
    const wrong = civ6.leaders.map((l) => l.civID).find((id) => id !== handOf(admin)[0])!;
    // The member (team 1) guesses at the admin's (team 2) hidden hand, with a host who is no player:
    // the right guess and a wrong one answer alike, and the draft stays unused.
    const answers = [];
    for (const guess of [handOf(admin), [wrong]]) {
      const res = await post('createGame', member, { ...body, host: outsider.user.id, members: withHand(admin, guess) });
      answers.push({ status: res.status, body: res.body });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.body.fields).toEqual({ host: 'The host must be one of the players' });
    // A hand the caller can see is still held to the draft.
    const forged = await post('createGame', member, {
      ...body,
      members: withHand(owner, [wrong === handOf(owner)[0] ? handOf(admin)[0]! : wrong]),
    });
    expect(forged.status).toBe(400);
    expect(forged.body.fields.members).toBe("The hands do not match the server's draft");
    // A guess sent for the hidden hand is not stored: the game takes the dealt hand.
    const game = (await createGameFrom(t.app, member, { ...body, members: withHand(admin, [wrong]) })) as { _id: string };
    const row = await t.database.db
      .selectFrom('civ_game_members')
      .select('civ_choices')
      .where('game_id', '=', game._id)
      .where('user_id', '=', admin.user.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.civ_choices)).toEqual(handOf(admin));
  });

  it("only the latest deal makes a game: a member dealing again replaces it; nobody replaces another member's draft", async () => {
    const group = await groupOf(5);
    const [owner, admin, member, fourth, fifth] = users as [TestUser, TestUser, TestUser, TestUser, TestUser];
    const superseded = (by: TestUser) => `${by.user.username} dealt a newer draft for these players: make the game from that one`;

    // The same member deals again for one of the same players: the first deal is gone.
    const first = await draftFor(t.app, group, member, [member, admin]);
    const again = await draftFor(t.app, group, member, [member, owner]);
    const refused = await post('createGame', member, first.body);
    expect(refused.status).toBe(409);
    expect(refused.body.fields.draftID).toBe(superseded(member));
    // Even once the newer deal made a game that was then deleted.
    const made = (await createGameFrom(t.app, member, again.body)) as { _id: string };
    expect((await call(t.app, `/api/civilization/deleteGame?gameID=${made._id}`, { method: 'POST', as: member })).status).toBe(200);
    expect((await post('createGame', member, first.body)).status).toBe(409);

    // Another member's deal sharing one player does not stand in its way; one for exactly its players is
    // refused: nobody throws away another member's draft.
    const mine = await draftFor(t.app, group, fourth, [fourth, fifth]);
    await draftFor(t.app, group, admin, [admin, fifth]);
    expect((await post('createGame', fourth, mine.body)).status).toBe(200);
    const theirs = await draftFor(t.app, group, fourth, [fourth, fifth]);
    const refusedDeal = await post('draftGame', admin, draftBody(group, [fifth, fourth]));
    expect(refusedDeal.status).toBe(409);
    expect(refusedDeal.body.fields.members).toBe(
      `${fourth.user.username} already dealt a draft for these players that has made no game yet: open it from the Games page and add its game, or call a redraft vote on it`,
    );
    expect((await post('createGame', fourth, theirs.body)).status).toBe(200);
  });

  it('a player who left the group since the deal makes the game refused, naming them', async () => {
    const group = await groupOf(3);
    const [owner, admin, member] = users as [TestUser, TestUser, TestUser];
    const { body } = await draftFor(t.app, group, owner, [owner, member]);
    expect(
      (await call(t.app, '/api/groups/leaveGroup', { method: 'POST', as: member, payload: { groupID: group._id, userID: member.user.id } }))
        .status,
    ).toBe(200);
    const refused = await post('createGame', owner, body);
    expect(refused.status).toBe(400);
    expect(refused.body.fields.members).toBe(`Not members of this group: ${member.user.username}`);
    // Back in the group, they play again.
    await join(t.app, group, member);
    expect((await post('createGame', admin, body)).status).toBe(200);
  });
});

describe('balanced teams', () => {
  /** Team sizes as equal as possible, largest first. */
  const teamSizes = (players: number, teamCount: number) =>
    Array.from({ length: teamCount }, (_, team) => Math.floor(players / teamCount) + (team < players % teamCount ? 1 : 0));

  /** The highest summed team rating minus the lowest. */
  function ratingSpread(ratings: readonly number[], teams: readonly number[]): number {
    const sums = new Map<number, number>();
    teams.forEach((team, i) => sums.set(team, (sums.get(team) ?? 0) + ratings[i]!));
    return Math.max(...sums.values()) - Math.min(...sums.values());
  }

  /** The least spread any split of these sizes reaches, by trying every assignment of players to teams. */
  function bruteForce(ratings: readonly number[], teamCount: number): number {
    const sizes = teamSizes(ratings.length, teamCount).join();
    let best = Infinity;
    const teams = new Array<number>(ratings.length).fill(1);
    const visit = (i: number) => {
      if (i === ratings.length) {
        const counts = Array.from({ length: teamCount }, (_, k) => teams.filter((x) => x === k + 1).length).sort((a, b) => b - a);
        if (counts.join() === sizes) best = Math.min(best, ratingSpread(ratings, teams));
        return;
      }
      for (let k = 1; k <= teamCount; k += 1) {
        teams[i] = k;
        visit(i + 1);
      }
    };
    visit(0);
    return best;
  }

  it('draftGame balances by the stored team-game ratings; an unrated member counts as a new player', async () => {
    const group = await groupOf(7);
    const players = users.slice(0, 7);
    const skills = [
      { mu: 40, sigma: 2 },
      { mu: 35, sigma: 3 },
      { mu: 30, sigma: 4 },
      { mu: 22, sigma: 5 },
      { mu: 18, sigma: 6 },
      { mu: 27, sigma: 1.5 },
    ];
    const counts = {
      games_played: 0,
      score: 0,
      science: 0,
      diplomatic: 0,
      domination: 0,
      religion: 0,
      culture: 0,
      territorial: 0,
      total: 0,
    };
    await t.database.db
      .insertInto('civ_ratings')
      .values(skills.map((s, i) => ({ group_id: group._id, game_type: 'team', user_id: players[i]!.user.id, ...s, ...counts })))
      .execute();
    // A free-for-all rating is not a team-game rating: it changes nothing.
    await t.database.db
      .insertInto('civ_ratings')
      .values({ group_id: group._id, game_type: 'ffa', user_id: players[6]!.user.id, mu: 60, sigma: 1, ...counts })
      .execute();
    const ratings = [...skills.map(skillOrdinal), skillOrdinal(initialSkill())];
    for (const teamCount of [2, 3]) {
      const draft = await deal(group, players[0]!, players, { gameType: 'team', teamSplit: 'balanced', teamCount, numCiv: 1 });
      const teams = players.map((u) => draft.players.find((p) => p.userID === u.user.id)!.team!);
      const sizes = Array.from({ length: teamCount }, (_, k) => teams.filter((team) => team === k + 1).length);
      expect(sizes.sort((a, b) => b - a)).toEqual(teamSizes(7, teamCount));
      expect(ratingSpread(ratings, teams)).toBeCloseTo(bruteForce(ratings, teamCount), 9);
    }
  });
});

describe('limits', () => {
  it('a fixed number of queries, for two players or twelve with all their preferences', async () => {
    const group = await groupOf(12);
    for (const [i, player] of users.slice(0, 12).entries()) {
      await prefer(group, player, 'postCivLeaderBanPreference', { leader: civ6.leaders[i]!.civID, operation: 'add' });
      await prefer(group, player, 'postCivMapPreference', { map: 'Pangaea', operation: 'add' });
      await prefer(group, player, 'postGameSettingPreference', { title: 'Game Speed', value: 'Quick', settingType: 'gameSettings' });
      expect((await post('postOwnedPacks', player, { groupID: group._id, ownedPacks: civ6.packs })).status).toBe(200);
    }
    // Rows written in one statement read as one: the deals before this one are one insert, however many.
    const shape = (text: string) =>
      text
        .replace(/\$\d+/g, '?')
        .replace(/\(\?(, \?)*\)/g, '(?…)')
        .replace(/\(\?…\)(, \(\?…\))+/g, '(?…)');
    const queriesOf = async (players: TestUser[], options: DraftOptions) => {
      // Rows kept between requests lapse once their table is written to: every request reads everything.
      for (const table of ['users', 'groups'] as const) {
        await t.database.db
          .updateTable(table)
          .set({ id: sql<string>`id` })
          .where(sql<boolean>`0 = 1`)
          .execute();
      }
      queries.length = 0;
      const res = await measured.run(true, () => post('draftGame', users[0]!, draftBody(group, players, options)));
      expect(res.status).toBe(200);
      return queries.map((q) => shape(q.sql)).sort();
    };
    for (const options of [{ numCiv: 3 }, { gameType: 'team', teamSplit: 'balanced', numCiv: 3 }] as DraftOptions[]) {
      const few = await queriesOf(users.slice(0, 2), options);
      const many = await queriesOf(users.slice(0, 12), options);
      expect(many).toEqual(few);
      // The deals it may replace read in one statement; it and the deals at its table written in one transaction,
      // on PostgreSQL after the group's row is locked, so the group's deals are judged one at a time.
      expect(few.length).toBeLessThanOrEqual(process.env.TEST_DATABASE_URL ? 15 : 14);
    }
  });

  it('30 drafts per 10 minutes per user, then 429 with Retry-After', async () => {
    const drafter = await createUser(t.app);
    const other = await createUser(t.app);
    const third = await createUser(t.app);
    const group = await createGroup(t.app, drafter);
    await join(t.app, group, other);
    await join(t.app, group, third);
    const body = draftBody(group, [drafter, other]);
    // Deals refused for what was asked dealt no hand and take nothing from the 30.
    for (let i = 0; i < 5; i += 1) expect((await post('draftGame', drafter, draftBody(group, [drafter, outsider]))).status).toBe(400);
    for (let i = 0; i < 30; i += 1) expect((await post('draftGame', drafter, body)).status).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/civilization/draftGame',
      headers: { authorization: drafter.token },
      payload: body,
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another member's drafts are their own.
    expect((await post('draftGame', other, draftBody(group, [other, third]))).status).toBe(200);
    t.clock.advance(10 * 60_000);
    expect((await post('draftGame', drafter, body)).status).toBe(200);

    // Refused deals have a larger allowance of their own: 120 in 10 minutes, then 429.
    const outsiders = draftBody(group, [drafter, outsider]);
    for (let i = 0; i < 120; i += 1) expect((await post('draftGame', drafter, outsiders)).status).toBe(400);
    const tooMany = await post('draftGame', drafter, outsiders);
    expect(tooMany.status).toBe(429);
    expect((await post('draftGame', drafter, body)).status).toBe(429);
  });
});
