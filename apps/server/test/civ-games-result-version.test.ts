import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPOSAL_SUPERSEDED_MESSAGE, RESULT_CHANGED_MESSAGE, type GameDto } from '@smm/shared/civilization/games-schemas';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { createGameFrom, draftFor } from './civ-games-fixtures';
import { call, createGroup, join, setRole, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// Two managers with the same game's result open: the second save, from the view before the first,
// is refused instead of silently overwriting it.

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let host: TestUser;
let p2: TestUser;
let p3: TestUser;
let p4: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [owner, admin, host, p2, p3, p4] = (await Promise.all(Array.from({ length: 6 }, () => createUser(t.app)))) as TestUser[] as [
    TestUser,
    TestUser,
    TestUser,
    TestUser,
    TestUser,
    TestUser,
  ];
});
afterAll(() => t.close());

async function ladderGroup(): Promise<FullGroupDto> {
  const group = await createGroup(t.app, owner, { isPrivate: true, groupName: 'Result versions' });
  for (const user of [admin, host, p2, p3, p4]) await join(t.app, group, user);
  await setRole(t.app, group._id, owner, admin, 'Administrator');
  return (await call(t.app, `/api/groups/getFullGroup?groupID=${group._id}`, { as: owner })).body;
}

const update = (as: TestUser, payload: object) => call(t.app, '/api/civilization/updateGame', { method: 'POST', as, payload });
const post = (path: string, as: TestUser, payload: object = {}) =>
  call(t.app, `/api/civilization/${path}`, { method: 'POST', as, payload });
const getGame = async (as: TestUser, id: string): Promise<GameDto> =>
  (await call(t.app, `/api/civilization/game?gameID=${id}`, { as })).body;
const audit = async (as: TestUser, id: string) => (await call(t.app, `/api/civilization/gameHistory?gameID=${id}`, { as })).body.audit;
const stored = async (id: string) =>
  (await t.database.db.selectFrom('civ_games').select('result_version').where('id', '=', id).executeTakeFirstOrThrow()).result_version;
const eliminate = (...users: TestUser[]) => users.map((u) => ({ userID: u.user.id, isActive: false }));
const rankings = async (groupID: string) =>
  (await call(t.app, `/api/civilization/getRankings?groupID=${groupID}&gameType=ffa&season=all`, { as: p2 })).body;

/** A free-for-all `host` creates and hosts for these players. */
async function ffa(group: FullGroupDto, players: TestUser[]): Promise<GameDto> {
  const { body } = await draftFor(t.app, group, host, players, { numCiv: 1 });
  return (await createGameFrom(t.app, host, { ...body, host: host.user.id })) as GameDto;
}

describe('a result saved from a view of an older result', () => {
  it('is refused with 409 for the second manager, changing nothing and auditing nothing; after reloading it goes through', async () => {
    const group = await ladderGroup();
    const game = await ffa(group, [host, p2, p3]);
    expect(game.resultVersion).toBe(0);
    await update(host, { gameID: game._id, members: eliminate(p3) });
    await update(host, { gameID: game._id, members: eliminate(p2) });

    // Both managers open Declare Winner on the same view.
    const hostView = await getGame(host, game._id);
    const adminView = await getGame(admin, game._id);
    expect(adminView.resultVersion).toBe(hostView.resultVersion);
    const first = await update(host, {
      gameID: game._id,
      winner: host.user.id,
      victoryType: 'Science',
      expectedResultVersion: hostView.resultVersion,
    });
    expect(first.status).toBe(200);
    expect(first.body.resultVersion).toBe(hostView.resultVersion! + 1);

    const before = await getGame(p2, game._id);
    const trail = await audit(p2, game._id);
    const ranked = await rankings(group._id);
    const second = await update(admin, {
      gameID: game._id,
      winner: host.user.id,
      victoryType: 'Culture',
      expectedResultVersion: adminView.resultVersion,
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(RESULT_CHANGED_MESSAGE);
    expect(await getGame(p2, game._id)).toEqual(before);
    expect(before).toMatchObject({ victoryType: 'Science', isFinished: true });
    expect(await audit(p2, game._id)).toEqual(trail);
    expect(await rankings(group._id)).toEqual(ranked);
    expect(await stored(game._id)).toBe(first.body.resultVersion);

    // Reloaded, the admin sees the newer result and corrects it from there.
    const reloaded = await getGame(admin, game._id);
    const corrected = await update(admin, {
      gameID: game._id,
      victoryType: 'Culture',
      expectedResultVersion: reloaded.resultVersion,
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({ victoryType: 'Culture', resultVersion: reloaded.resultVersion! + 1 });
    expect((await audit(p2, game._id)).length).toBe(trail.length + 1);
  });

  it('sent at the same moment by two managers, exactly one of two saves from one view goes through', async () => {
    const group = await ladderGroup();
    const game = await ffa(group, [host, p2, p3]);
    const opened = (await getGame(host, game._id)).resultVersion;
    const [a, b] = await Promise.all([
      update(host, { gameID: game._id, members: eliminate(p2), expectedResultVersion: opened }),
      update(admin, { gameID: game._id, members: eliminate(p3), expectedResultVersion: opened }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const after = await getGame(host, game._id);
    expect(after.members.filter((m) => !m.isActive)).toHaveLength(1);
    expect(after.resultVersion).toBe(opened! + 1);
  });

  it('without expectedResultVersion a change is made over whatever is stored, as before; a version that is not a whole number is a 400', async () => {
    const group = await ladderGroup();
    const game = await ffa(group, [host, p2, p3]);
    await update(host, { gameID: game._id, members: eliminate(p2) });
    const unversioned = await update(admin, { gameID: game._id, members: eliminate(p3) });
    expect(unversioned.status).toBe(200);
    expect(unversioned.body.resultVersion).toBe(2);
    const bad = await update(admin, { gameID: game._id, gameName: 'x', expectedResultVersion: 'latest' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.expectedResultVersion).toBe('expectedResultVersion must be a whole number');
  });

  it('an accepted proposal is refused when the result changed since the decider opened it, and decided once reloaded', async () => {
    const group = await ladderGroup();
    const game = await ffa(group, [host, p2, p3]);
    const proposed = await post('proposeGameChange', p2, { gameID: game._id, changes: { members: eliminate(p3) }, reason: 'p3 left' });
    expect(proposed.status).toBe(200);
    const opened = (await getGame(admin, game._id)).resultVersion;
    // Meanwhile the host eliminates p3 themselves.
    expect((await update(host, { gameID: game._id, members: eliminate(p3) })).status).toBe(200);
    const trail = await audit(host, game._id);
    const stale = await post('decideGameProposal', admin, {
      proposalID: proposed.body._id,
      decision: 'accept',
      expectedResultVersion: opened,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(RESULT_CHANGED_MESSAGE);
    expect(await audit(host, game._id)).toEqual(trail);
    const history = (await call(t.app, `/api/civilization/gameHistory?gameID=${game._id}`, { as: host })).body;
    expect(history.proposals[0].status).toBe('pending');
    const reloaded = (await getGame(admin, game._id)).resultVersion;
    const decided = await post('decideGameProposal', admin, {
      proposalID: proposed.body._id,
      decision: 'reject',
      reason: 'Already recorded',
      expectedResultVersion: reloaded,
    });
    expect(decided.status).toBe(200);
  });
});

describe('a correction proposed before the result last changed', () => {
  it('cannot be accepted over the newer result, even by a decider who opened it after: 409, and it is superseded', async () => {
    const group = await ladderGroup();
    const game = await ffa(group, [host, p2, p3]);
    expect((await update(host, { gameID: game._id, members: eliminate(p3, host) })).status).toBe(200);
    expect((await update(host, { gameID: game._id, winner: p2.user.id, victoryType: 'Science' })).status).toBe(200);
    const proposed = await post('proposeGameChange', p3, {
      gameID: game._id,
      changes: { victoryType: 'Culture' },
      reason: 'It was culture',
    });
    expect(proposed.status).toBe(200);
    expect(proposed.body.outOfDate).toBe(false);
    // The host records a newer result; the Administrator opens the game after it, so their view is current.
    expect(
      (
        await update(host, {
          gameID: game._id,
          victoryType: 'Domination',
          expectedResultVersion: (await getGame(host, game._id)).resultVersion,
        })
      ).status,
    ).toBe(200);
    const opened = await getGame(admin, game._id);
    // Every reader of the game's history sees that it was proposed before the result last changed.
    for (const reader of [admin, host, p2, p3]) {
      const read = (await call(t.app, `/api/civilization/gameHistory?gameID=${game._id}`, { as: reader })).body;
      expect(read.proposals[0]).toMatchObject({ status: 'pending', outOfDate: true });
    }
    const trail = await audit(host, game._id);
    const accepted = await post('decideGameProposal', admin, {
      proposalID: proposed.body._id,
      decision: 'accept',
      expectedResultVersion: opened.resultVersion,
    });
    expect(accepted.status).toBe(409);
    expect(accepted.body.message).toBe(PROPOSAL_SUPERSEDED_MESSAGE);
    const after = await getGame(admin, game._id);
    expect(after.victoryType).toBe('Domination');
    expect(after.resultVersion).toBe(opened.resultVersion);
    expect(await audit(host, game._id)).toEqual(trail);
    const history = (await call(t.app, `/api/civilization/gameHistory?gameID=${game._id}`, { as: host })).body;
    expect(history.proposals[0]).toMatchObject({ status: 'superseded', outOfDate: false });
    // Superseded is decided: neither accepting nor rejecting it again changes anything.
    expect((await post('decideGameProposal', admin, { proposalID: proposed.body._id, decision: 'reject' })).status).toBe(409);
  });

  it('one proposed on the result as it stands is accepted as before', async () => {
    const group = await ladderGroup();
    const game = await ffa(group, [host, p2, p3]);
    expect((await update(host, { gameID: game._id, members: eliminate(p3, host) })).status).toBe(200);
    expect((await update(host, { gameID: game._id, winner: p2.user.id, victoryType: 'Science' })).status).toBe(200);
    const proposed = await post('proposeGameChange', p3, {
      gameID: game._id,
      changes: { victoryType: 'Culture' },
      reason: 'It was culture',
    });
    const accepted = await post('decideGameProposal', admin, { proposalID: proposed.body._id, decision: 'accept' });
    expect(accepted.status).toBe(200);
    expect((await getGame(admin, game._id)).victoryType).toBe('Culture');
  });
});

describe('the result version', () => {
  it('rises with each kind of result change, and not with the name, the lobby link, a proposal, a vote or a rejection', async () => {
    const group = await ladderGroup();
    const game = await ffa(group, [host, p2, p3, p4]);
    let version = 0;
    /** A change that must raise the version by one, in the answer, in a read and in the row. */
    const raises = async (as: TestUser, payload: object) => {
      const res = await update(as, { gameID: game._id, ...payload });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      version += 1;
      expect(res.body.resultVersion).toBe(version);
      expect((await getGame(p2, game._id)).resultVersion).toBe(version);
      expect(await stored(game._id)).toBe(version);
    };
    const keeps = async (as: TestUser, path: string, payload: object) => {
      const res = await post(path, as, payload);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await getGame(p2, game._id)).resultVersion).toBe(version);
      return res;
    };

    await keeps(p2, 'updateGame', { gameID: game._id, gameName: 'Renamed' });
    await keeps(host, 'updateGame', { gameID: game._id, lobbyLink: 'steam://join/1' });
    await raises(host, { members: eliminate(p4) }); // an elimination
    await raises(host, { members: [{ userID: p4.user.id, isActive: true }] }); // a reactivation
    await raises(host, { host: p2.user.id }); // who records the results
    await raises(p2, {
      gameType: 'team',
      members: [
        { userID: host.user.id, team: 1 },
        { userID: p2.user.id, team: 1 },
        { userID: p3.user.id, team: 2 },
        { userID: p4.user.id, team: 2 },
      ],
    }); // the type, with teams
    await raises(p2, {
      members: [
        { userID: p3.user.id, team: 1 },
        { userID: p2.user.id, team: 2 },
      ],
    }); // teams
    await raises(p2, { gameType: 'ffa' });
    await raises(p2, { members: eliminate(p4) });
    await raises(p2, { members: eliminate(p3, host) });
    await raises(p2, { winner: p2.user.id, victoryType: 'Science' }); // finishing
    await raises(p2, { victoryType: 'Domination' }); // the victory type
    await raises(p2, { placements: [p2, host, p3, p4].map((u, i) => ({ userID: u.user.id, placement: i === 3 ? 3 : i + 1 })) }); // the finishing order
    await raises(p2, { winner: null }); // reopening

    // A proposal, a vote on it and its rejection change no result; its acceptance does.
    const back = { members: [{ userID: p3.user.id, isActive: true }] };
    const first = await keeps(p3, 'proposeGameChange', { gameID: game._id, changes: back, reason: 'Back in' });
    await keeps(p4, 'voteGameProposal', { proposalID: first.body._id, vote: 'confirm', reason: 'yes' });
    await keeps(p2, 'decideGameProposal', { proposalID: first.body._id, decision: 'reject' });
    const second = await keeps(p3, 'proposeGameChange', { gameID: game._id, changes: back, reason: 'Really back' });
    const accepted = await post('decideGameProposal', p2, {
      proposalID: second.body._id,
      decision: 'accept',
      expectedResultVersion: version,
    });
    expect(accepted.status).toBe(200);
    version += 1;
    expect((await getGame(p2, game._id)).resultVersion).toBe(version);

    // Deleting and restoring an unfinished game counts nothing; a finished one leaves the ladder and comes back.
    expect((await post(`deleteGame?gameID=${game._id}`, admin)).status).toBe(200);
    expect(await stored(game._id)).toBe(version);
    expect((await post(`restoreGame?gameID=${game._id}`, admin)).body.resultVersion).toBe(version);
    await raises(p2, { members: eliminate(p3) });
    await raises(p2, { winner: p2.user.id, victoryType: 'Score' });
    expect((await post(`deleteGame?gameID=${game._id}`, admin)).status).toBe(200);
    expect(await stored(game._id)).toBe(version + 1);
    const restored = await post(`restoreGame?gameID=${game._id}`, admin);
    expect(restored.body.resultVersion).toBe(version + 2);
    expect((await getGame(p2, game._id)).resultVersion).toBe(version + 2);
    expect(await audit(p2, game._id)).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'restored' })]));
  });

  it('does not rise when a leader played is recorded in anonymous mode, where some members may not see it', async () => {
    const group = await ladderGroup();
    const { body } = await draftFor(t.app, group, host, [host, p2, p3, p4], {
      gameType: 'team',
      numCiv: 2,
      teams: [1, 1, 2, 2],
      anonymousMode: true,
    });
    const game = (await createGameFrom(t.app, host, { ...body, host: host.user.id })) as GameDto;
    const own = await getGame(p3, game._id);
    const hand = own.members.find((m) => m.userID === p3.user.id)!.civChoices;
    const opponentView = await getGame(host, game._id);
    expect(opponentView.members.find((m) => m.userID === p3.user.id)!.civChoicesHidden).toBe(true);

    // The player sets their leader, then changes it; the host (who cannot see it) sees the same version.
    for (const leader of [hand[0]!, hand[1]!]) {
      const set = await update(p3, {
        gameID: game._id,
        members: [{ userID: p3.user.id, civPlayed: leader.civID }],
        expectedResultVersion: 0,
      });
      expect(set.status).toBe(200);
      expect(set.body.resultVersion).toBe(0);
      expect((await getGame(host, game._id)).resultVersion).toBe(0);
    }
    // A manager recording a leader for a player does not raise it either.
    const hostHand = (await getGame(host, game._id)).members.find((m) => m.userID === host.user.id)!.civChoices;
    const byManager = await update(host, { gameID: game._id, members: [{ userID: host.user.id, civPlayed: hostHand[1]!.civID }] });
    expect(byManager.body.resultVersion).toBe(0);
    expect(await stored(game._id)).toBe(0);
    // The leader line is still in the trail, hidden from the opponent.
    expect((await audit(host, game._id)).filter((a: { action: string }) => a.action === 'edited')).toHaveLength(3);
  });
});
