import { describe, expect, it } from 'vitest';
import { seededRandom } from '@smm/shared/civilization/draft';
import { draftGameBody, type DraftDto } from '@smm/shared/civilization/draft-schemas';
import { createGameBody } from '@smm/shared/civilization/games-schemas';
import { ApiError } from '../../lib/api-client';
import { completeRandomDraft } from '../civ-draft/civ-draft-fixtures';
import {
  changesDraft,
  createGameBodyFrom,
  draftErrorText,
  draftGameBodyFrom,
  effectiveOptions,
  hostOf,
  initialForm,
  leavesPreset,
  presetConfigFrom,
  presetPatch,
  captainsNeeded,
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
    expect(effectiveOptions(form)).toEqual({ teamCount: 2, teamSplit: 'random', draftMode: true, bansRemovePicks: false });
  });

  it('keeps the hidden options at their defaults while More options is unchecked', () => {
    const form = { ...initialForm(), draftMode: false, bansRemovePicks: true, teamSplit: 'manual' as const, teamCount: 4 };
    expect(effectiveOptions(form).draftMode).toBe(true);
    expect(effectiveOptions({ ...form, moreOptions: true })).toEqual({
      teamCount: 4,
      teamSplit: 'manual',
      draftMode: false,
      bansRemovePicks: true,
    });
  });

  it('splits balanced teams only in Draft Mode: without a draft they are dealt at random', () => {
    const form = { ...initialForm(), moreOptions: true, teamSplit: 'balanced' as const };
    expect(effectiveOptions(form).teamSplit).toBe('balanced');
    expect(effectiveOptions({ ...form, draftMode: false }).teamSplit).toBe('random');
  });

  it.each([
    [{ gameName: 'New name' }, false],
    [{ host: 'b' }, false],
    [{ anonymousMode: true }, true],
    [{ teamSplit: 'balanced' as const }, true],
    [{ memberIDs: ['a'] }, true],
  ])('changing %j drops the draft: %s', (patch, drops) => {
    expect(changesDraft(patch)).toBe(drops);
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
    const body = createGameBodyFrom({ groupID: 'g1', form, players: players.slice(0, 2), host: 'b', draft: null });
    expect(body).toEqual({
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
    expect(createGameBody.safeParse(body).success).toBe(true);
  });

  const drafted: DraftDto = completeRandomDraft({
    draftID: 'd1',
    groupID: 'g1',
    gameType: 'team',
    anonymousMode: true,
    numCiv: 2,
    map: { name: 'Pangaea', minPlayers: 1 },
    players: [
      { userID: 'b', username: 'B', team: 1, civChoices: [{ civID: 'x', leader: 'Gorgo', nation: 'Greece' }], civChoicesHidden: false },
      { userID: 'a', username: 'A', team: 2, civChoices: [], civChoicesHidden: true },
    ],
    bannedLeaders: [],
    settings: { gameSettings: [], gameModes: [], victoryTypes: [], tradingAndDiplomacy: [] },
    dateCreated: '2026-03-01T12:00:00.000Z',
    discordText: 'B — Gorgo (Greece)\nA — hidden',
    gameID: null,
  });

  it("sends a drafted game by the server's draftID, with the draft's players and teams and no hands", () => {
    const form = {
      ...initialForm({ gameName: 'Night', memberIDs: ['a', 'b'] }),
      gameType: 'team' as const,
      numCiv: 2,
      anonymousMode: true,
    };
    const body = createGameBodyFrom({ groupID: 'g1', form, players: players.slice(0, 2), host: 'a', draft: drafted, eventID: 'e1' });
    expect(body).toEqual({
      groupID: 'g1',
      draftID: 'd1',
      gameName: 'Night',
      host: 'a',
      members: [
        { userID: 'b', team: 1 },
        { userID: 'a', team: 2 },
      ],
      gameType: 'team',
      anonymousMode: true,
      draftMode: true,
      numCiv: 2,
      freeBans: 1,
      bansRemovePicks: false,
      lobbyLink: '',
      eventID: 'e1',
    });
    expect(JSON.stringify(body)).not.toMatch(/civChoices|bannedLeaders|settings|"map"/);
    expect(createGameBody.safeParse(body).success).toBe(true);
  });

  it('asks the server for an FFA draft with the players in order and no teams', () => {
    const form = { ...initialForm({ gameName: 'Night', memberIDs: ['c', 'a'] }), numCiv: 4, freeBans: 2 };
    const body = draftGameBodyFrom({ groupID: 'g1', form, players: [players[0]!, players[2]!], eventID: 'e1', host: 'c' });
    // A host who is not among the players is not sent.
    expect(draftGameBodyFrom({ groupID: 'g1', form, players: [players[0]!, players[2]!], host: 'b' })).not.toHaveProperty('host');
    expect(body).toEqual({
      groupID: 'g1',
      members: [{ userID: 'a' }, { userID: 'c' }],
      gameType: 'ffa',
      numCiv: 4,
      freeBans: 2,
      bansRemovePicks: false,
      anonymousMode: false,
      eventID: 'e1',
      gameName: 'Night',
      host: 'c',
    });
    expect(draftGameBody.safeParse(body).success).toBe(true);
  });

  it.each([
    ['random', undefined],
    ['balanced', undefined],
    ['manual', [1, 2, 3, 2, 1]],
  ] as const)('asks for %s teams (members carry teams only when they are chosen)', (teamSplit, teams) => {
    const form = {
      ...initialForm({ memberIDs: players.map((p) => p.userID) }),
      gameType: 'team' as const,
      moreOptions: true,
      teamSplit,
      teamCount: 3,
      teams: { c: 3 },
      bansRemovePicks: true,
    };
    const body = draftGameBodyFrom({ groupID: 'g1', form, players });
    expect(body).toMatchObject({ gameType: 'team', teamSplit, teamCount: 3, bansRemovePicks: true });
    expect(body.members.map((m) => m.team)).toEqual(teams ?? players.map(() => undefined));
    expect(body).not.toHaveProperty('eventID');
    expect(draftGameBody.safeParse(body).success).toBe(true);
  });

  it.each([
    [new ApiError(400, { message: 'Bob owns 9 leaders; 12 are needed' }), 'Bob owns 9 leaders; 12 are needed'],
    [new ApiError(429, { message: 'Too many drafts' }), 'Too many drafts'],
    [
      new ApiError(500, { message: 'Something went wrong on our side.' }),
      'Unexpected error while drafting: Something went wrong on our side.',
    ],
    [new ApiError(0, { message: 'Cannot reach the server.' }), 'Unexpected error while drafting: Cannot reach the server.'],
    [new Error('boom'), 'Unexpected error while drafting: boom'],
  ])('a failed draft (%s) reads %j', (error, text) => {
    expect(draftErrorText(error)).toBe(text);
  });

  it('sends no mode for the random deal, and only the options of the live mode chosen', () => {
    const base = { ...initialForm({ gameName: 'Night', memberIDs: ['a', 'b', 'c', 'd'] }), gameType: 'team' as const };
    const body = (form: typeof base) => draftGameBodyFrom({ groupID: 'g1', form, players: players.slice(0, 4) });
    expect(body(base)).not.toHaveProperty('mode');
    expect(body({ ...base, mode: 'blind', stepSeconds: 30 })).toMatchObject({ mode: 'blind', stepSeconds: 30 });
    expect(body({ ...base, mode: 'blind' })).not.toHaveProperty('captainOrder');
    // Chosen captains go only when chosen, and only those still playing.
    const captains = { ...base, mode: 'captains' as const, captainIDs: ['e', 'c', 'a'] };
    expect(body(captains)).not.toHaveProperty('captainIDs');
    expect(body({ ...captains, captainSelection: 'chosen' })).toMatchObject({ captainSelection: 'chosen', captainIDs: ['a', 'c'] });
    // Without Draft Mode nothing is drafted live.
    expect(body({ ...base, mode: 'blind', moreOptions: true, draftMode: false })).not.toHaveProperty('mode');
    for (const form of [base, { ...base, mode: 'majorityBans' as const }, { ...captains, captainSelection: 'chosen' as const }])
      expect(draftGameBody.safeParse(body(form)).success).toBe(true);
  });

  it('needs one captain per team: the team count, or the distinct manual teams', () => {
    const form = {
      ...initialForm({ memberIDs: players.map((p) => p.userID) }),
      gameType: 'team' as const,
      moreOptions: true,
      teamCount: 3,
    };
    expect(captainsNeeded(form, players)).toBe(3);
    expect(captainsNeeded({ ...form, teamSplit: 'manual', teams: { a: 1, b: 1, c: 4, d: 4, e: 1 } }, players)).toBe(2);
  });

  it('applies a preset, opening More options when it sets what lies behind them, and keeps it until an option it set changes', () => {
    const config = presetConfigFrom({ ...initialForm(), mode: 'blind', stepSeconds: 30 }, players);
    const preset = { presetID: 'p1', groupID: 'g1', name: 'Quick', dateUpdated: '', config };
    expect(presetPatch(preset)).toMatchObject({ presetID: 'p1', mode: 'blind', stepSeconds: 30, draftMode: true });
    expect(presetPatch(preset)).not.toHaveProperty('moreOptions');
    expect(presetPatch({ ...preset, config: { ...config, teamSplit: 'balanced' } })).toMatchObject({ moreOptions: true });
    expect(leavesPreset({ stepSeconds: 45 })).toBe(true);
    expect(leavesPreset({ gameName: 'Other' })).toBe(false);
    expect(leavesPreset({ memberIDs: ['a'] })).toBe(false);
    expect(leavesPreset(presetPatch(preset))).toBe(false);
  });
});
