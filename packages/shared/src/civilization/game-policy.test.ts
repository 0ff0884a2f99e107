import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VIEWERS, type Viewer } from '../groups/policy';
import { canOnGame, GAME_ACTIONS, gamePermissions, gameRole, type GameAction, type GameFacts, type GameRole } from './game-policy';

// Written out by hand from docs/decisions/ladder.md and the issue, not derived from the code under test.

const game: GameFacts = { host: 'hostUser', createdBy: 'creatorUser', playerIDs: ['hostUser', 'playerUser', 'adminPlayer', 'otherPlayer'] };
/** The same game added by one of its players. */
const playedByCreator: GameFacts = { ...game, createdBy: 'playerUser' };

interface Case {
  who: string;
  viewer: Viewer;
  userID: string | null;
  role: GameRole;
  allowed: GameAction[];
}

const MANAGER: GameAction[] = ['viewGame', 'changeResult', 'editDetails', 'setOwnCivPlayed', 'decideProposal', 'deleteGame'];
const NOTHING: GameAction[] = [];

const cases: Case[] = [
  { who: 'the host, who plays', viewer: 'member', userID: 'hostUser', role: 'manager', allowed: [...MANAGER, 'voteProposal'] },
  // A member who did not play only reads, whoever added the game.
  { who: 'the creator, who does not play', viewer: 'member', userID: 'creatorUser', role: 'reader', allowed: ['viewGame'] },
  {
    who: 'an Administrator who does not play',
    viewer: 'administrator',
    userID: 'adminUser',
    role: 'manager',
    allowed: [...MANAGER, 'restoreGame'],
  },
  {
    who: 'an Administrator who plays',
    viewer: 'administrator',
    userID: 'adminPlayer',
    role: 'manager',
    allowed: [...MANAGER, 'voteProposal', 'restoreGame'],
  },
  { who: 'the owner, who does not play', viewer: 'owner', userID: 'ownerUser', role: 'manager', allowed: [...MANAGER, 'restoreGame'] },
  {
    who: 'a player who is neither host, creator nor Administrator',
    viewer: 'member',
    userID: 'playerUser',
    role: 'player',
    allowed: ['viewGame', 'editDetails', 'setOwnCivPlayed', 'proposeChange', 'voteProposal'],
  },
  { who: 'a member who did not play', viewer: 'member', userID: 'readerUser', role: 'reader', allowed: ['viewGame'] },
  { who: 'a non-member', viewer: 'nonMember', userID: 'strangerUser', role: 'outsider', allowed: NOTHING },
  { who: 'a non-member named as the host (left the group)', viewer: 'nonMember', userID: 'hostUser', role: 'outsider', allowed: NOTHING },
  { who: 'a non-member who played (left the group)', viewer: 'nonMember', userID: 'playerUser', role: 'outsider', allowed: NOTHING },
  { who: 'someone signed out', viewer: 'anonymous', userID: null, role: 'outsider', allowed: NOTHING },
];

const contextOf = (c: { viewer: Viewer; userID: string | null }, facts: GameFacts = game) => ({
  role: gameRole(c.viewer, c.userID, facts),
  viewer: c.viewer,
  isPlayer: c.userID !== null && facts.playerIDs.includes(c.userID),
});

describe('game policy: role x action -> allowed', () => {
  it.each(cases)('$who is a $role', (c) => {
    expect(gameRole(c.viewer, c.userID, game)).toBe(c.role);
  });

  const rows = cases.flatMap((c) => GAME_ACTIONS.map((action) => ({ ...c, action, expected: c.allowed.includes(action) })));
  it.each(rows)('$who: $action -> $expected', ({ viewer, userID, action, expected }) => {
    expect(canOnGame(action, contextOf({ viewer, userID }))).toBe(expected);
  });

  it.each(cases)('the permissions the game JSON carries for $who follow the table', (c) => {
    const { role, ...flags } = gamePermissions(c.viewer, c.userID, game);
    expect(role).toBe(c.role);
    expect(flags).toEqual({
      changeResult: c.allowed.includes('changeResult'),
      editDetails: c.allowed.includes('editDetails'),
      proposeChange: c.allowed.includes('proposeChange'),
      decideProposal: c.allowed.includes('decideProposal'),
      voteProposal: c.allowed.includes('voteProposal'),
      deleteGame: c.allowed.includes('deleteGame'),
      restoreGame: c.allowed.includes('restoreGame'),
    });
  });
});

describe('game policy: the creator', () => {
  it('manages the game they added while they play in it', () => {
    expect(gameRole('member', 'playerUser', playedByCreator)).toBe('manager');
    expect(gamePermissions('member', 'playerUser', playedByCreator)).toMatchObject({
      changeResult: true,
      deleteGame: true,
      voteProposal: true,
    });
    expect(gameRole('member', 'playerUser', game)).toBe('player');
  });
});

describe('game policy: rules that hold for any game and viewer', () => {
  // Pairs viewerFor can produce: signed out is exactly the anonymous viewer.
  const lookerArb = fc.oneof(
    fc.constant({ viewer: 'anonymous' as Viewer, userID: null }),
    fc.record({ viewer: fc.constantFrom(...VIEWERS.filter((v) => v !== 'anonymous')), userID: fc.constantFrom('a', 'b', 'c', 'd', 'e') }),
  );
  const factsArb = fc.record({
    host: fc.option(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { nil: null }),
    createdBy: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
    playerIDs: fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e')),
  });

  it('managers change results and decide, players only propose, readers only view, outsiders do nothing', () => {
    fc.assert(
      fc.property(lookerArb, factsArb, ({ viewer, userID }, facts) => {
        const ctx = contextOf({ viewer, userID }, facts);
        const isMember = viewer === 'member' || viewer === 'administrator' || viewer === 'owner';
        const isAdministrator = viewer === 'administrator' || viewer === 'owner';
        const expectedRole: GameRole =
          userID === null || !isMember
            ? 'outsider'
            : isAdministrator || facts.host === userID || (facts.createdBy === userID && facts.playerIDs.includes(userID))
              ? 'manager'
              : facts.playerIDs.includes(userID)
                ? 'player'
                : 'reader';
        expect(ctx.role).toBe(expectedRole);

        const allowed = (action: GameAction) => canOnGame(action, ctx);
        expect(allowed('viewGame')).toBe(expectedRole !== 'outsider');
        for (const action of ['changeResult', 'decideProposal', 'deleteGame'] as const)
          expect(allowed(action)).toBe(expectedRole === 'manager');
        // A manager changes the result directly; proposing is for players who may not.
        expect(allowed('proposeChange')).toBe(expectedRole === 'player');
        expect(allowed('voteProposal')).toBe(expectedRole !== 'outsider' && ctx.isPlayer);
        expect(allowed('restoreGame')).toBe(isAdministrator);
        if (expectedRole === 'outsider') expect(GAME_ACTIONS.filter(allowed)).toEqual([]);

        const { role, ...flags } = gamePermissions(viewer, userID, facts);
        expect(role).toBe(expectedRole);
        for (const [action, value] of Object.entries(flags)) expect(value).toBe(allowed(action as GameAction));
      }),
      { numRuns: 200 },
    );
  });
});
