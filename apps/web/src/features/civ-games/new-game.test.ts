import { describe, expect, it } from 'vitest';
import { seededRandom } from '@smm/shared/civilization/draft';
import {
  createGameBodyFrom,
  effectiveOptions,
  hostOf,
  initialForm,
  randomTeams,
  teamCountChoices,
  teamCountFor,
  toggleMember,
} from './new-game';

const players = ['a', 'b', 'c', 'd', 'e'].map((userID) => ({ userID, username: userID.toUpperCase() }));

describe('the New Game form rules', () => {
  it('starts FFA with 3 civs, 1 free ban, draft mode on and the prefill cut to 12', () => {
    const form = initialForm({ gameName: 'Night', memberIDs: Array.from({ length: 14 }, (_, i) => `u${i}`) });
    expect(form).toMatchObject({ gameName: 'Night', gameType: 'ffa', numCiv: 3, freeBans: 1, anonymousMode: false, moreOptions: false });
    expect(form.memberIDs).toHaveLength(12);
    expect(effectiveOptions(form)).toEqual({ teamCount: 2, randomTeams: true, draftMode: true, bansRemovePicks: false });
  });

  it('keeps the hidden options at their defaults while More options is unchecked', () => {
    const form = { ...initialForm(), draftMode: false, bansRemovePicks: true, randomTeams: false, teamCount: 4 };
    expect(effectiveOptions(form).draftMode).toBe(true);
    expect(effectiveOptions({ ...form, moreOptions: true })).toEqual({
      teamCount: 4,
      randomTeams: false,
      draftMode: false,
      bansRemovePicks: true,
    });
  });

  it.each([
    [[], 'a', ['a']],
    [['a'], 'a', []],
    [Array.from({ length: 12 }, (_, i) => `u${i}`), 'x', Array.from({ length: 12 }, (_, i) => `u${i}`)],
    [Array.from({ length: 12 }, (_, i) => `u${i}`), 'u3', Array.from({ length: 12 }, (_, i) => `u${i}`).filter((id) => id !== 'u3')],
  ])('toggleMember(%j, %s) -> %j (never a 13th)', (memberIDs, userID, expected) => {
    expect(toggleMember(memberIDs, userID)).toEqual(expected);
  });

  it.each([
    [0, []],
    [1, []],
    [2, [2]],
    [5, [2, 3, 4, 5]],
    [12, [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]],
  ])('teams for %i players: %j', (count, expected) => {
    expect(teamCountChoices(count)).toEqual(expected);
  });

  it.each([
    [2, 5, 2],
    [4, 3, 3],
    [1, 5, 2],
    [3, 1, 2],
  ])('a team count of %i with %i players is used as %i', (teamCount, playerCount, expected) => {
    expect(teamCountFor(teamCount, playerCount)).toBe(expected);
  });

  it('picks the chosen host, else the viewer, else the first player', () => {
    expect(hostOf({ host: 'c' }, players, 'b')).toBe('c');
    expect(hostOf({ host: 'gone' }, players, 'b')).toBe('b');
    expect(hostOf({ host: null }, players, 'outsider')).toBe('a');
    expect(hostOf({ host: null }, [], 'a')).toBeNull();
  });

  it('deals random teams round-robin: team sizes differ by at most one', () => {
    for (let seed = 1; seed <= 50; seed += 1) {
      const teams = randomTeams(
        players.map((p) => p.userID),
        3,
        seededRandom(seed),
      );
      const sizes = [1, 2, 3].map((team) => Object.values(teams).filter((t) => t === team).length);
      expect(sizes.sort()).toEqual([1, 2, 2]);
    }
  });

  it('sends an FFA game without Draft Mode with no teams and no civ choices', () => {
    const form = { ...initialForm({ gameName: '  Quick  ', memberIDs: ['a', 'b'] }), moreOptions: true, draftMode: false };
    expect(createGameBodyFrom({ groupID: 'g1', form, players: players.slice(0, 2), host: 'b', draft: null })).toEqual({
      groupID: 'g1',
      gameName: 'Quick',
      members: [
        { userID: 'a', team: null, civChoices: [] },
        { userID: 'b', team: null, civChoices: [] },
      ],
      host: 'b',
      gameType: 'ffa',
      anonymousMode: false,
      draftMode: false,
      numCiv: 3,
      freeBans: 1,
      bansRemovePicks: false,
      map: null,
      bannedLeaders: [],
      lobbyLink: '',
    });
  });
});
