import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GroupSettings } from '../groups/settings';
import { CIV_CATALOGUES, defaultCivGroupSettings } from './catalogue';
import { SETTING_TYPES, type CivLeader, type CivMap, type SettingType, type SettingValue } from './catalogue-types';
import { checkDraft, type DraftCheckContext } from './draft-check';
import { DRAFT_LIMITS, DraftError, draft, draftAsText, seededRandom, type DraftInput, type DraftPlayer, type DraftResult } from './draft';

// Expected counts are worked out here from spec 9's wording, independently of draft.ts's helpers. The properties here
// allow duplicate civilizations, so the pool is the leaders left after bans; draft-fairness.test.ts covers the fair pool
// (one leader per civilization and persona) and owned packs.

const civ6 = CIV_CATALOGUES['Civilization 6'];
if (!civ6) throw new Error('no Civilization 6 catalogue');
const LEADERS = civ6.leaders;
const CIV_IDS = LEADERS.map((leader) => leader.civID);
const MAP_NAMES = civ6.maps.map((map) => map.name);
const BASE_SETTINGS = defaultCivGroupSettings('Civilization 6');
const UNKNOWN_CIV = 'LEADER_NOT_IN_THIS_GAME';

const at = <T>(items: readonly T[], index: number): T => {
  const item = items[index];
  if (item === undefined) throw new Error(`no item at ${index}`);
  return item;
};

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const player = (index: number, rest: Partial<DraftPlayer> = {}): DraftPlayer => ({
  userID: `u${index}`,
  username: `player${index}`,
  leaderBans: [],
  ...rest,
});
const playersOf = (count: number, rest: (index: number) => Partial<DraftPlayer> = () => ({})): DraftPlayer[] =>
  Array.from({ length: count }, (_, index) => player(index, rest(index)));

const baseInput = (overrides: Partial<DraftInput> = {}): DraftInput => ({
  players: playersOf(2),
  leaders: LEADERS,
  maps: civ6.maps,
  groupSettings: BASE_SETTINGS,
  gameType: 'ffa',
  ...overrides,
});

const run = (overrides: Partial<DraftInput> = {}, seed = 1): DraftResult => draft(baseInput(overrides), seededRandom(seed));
const counts = (result: DraftResult) => result.players.map((p) => p.civChoices.length);
const draftErrorOf = (fn: () => unknown): DraftError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DraftError) return error;
    throw error;
  }
  throw new Error('expected a DraftError');
};

/** The context a server would build for a draft made from `input`. */
function contextFor(input: DraftInput, result: DraftResult): DraftCheckContext {
  const max = input.groupSettings.maxNumberOfLeaderBans;
  const known = new Set(input.leaders.map((leader) => leader.civID));
  const ownBans = (p: DraftPlayer) => [...new Set(p.leaderBans.slice(0, max).filter((civID) => known.has(civID)))];
  return {
    memberIDs: input.players.map((p) => p.userID),
    leaders: input.leaders,
    maps: input.maps,
    bans: [...new Set(input.players.flatMap(ownBans))],
    numCiv: result.numCiv,
    freeBans: Number(input.freeBans ?? 1),
    bansRemovePicks: input.bansRemovePicks,
    playerBans: Object.fromEntries(input.players.map((p) => [p.userID, ownBans(p).length])),
    gameType: input.gameType,
  };
}

// ---- Arbitraries ---------------------------------------------------------------------------------

const definitions = civ6.settings;

const groupSettingsArb: fc.Arbitrary<GroupSettings> = fc
  .record({
    max: fc.integer({ min: 1, max: 5 }),
    entries: fc.tuple(...definitions.map((d) => fc.record({ isEnabled: fc.boolean(), locked: fc.constantFrom(...d.options) }))),
  })
  .map(({ max, entries }) => {
    const settings: GroupSettings = { ...defaultCivGroupSettings('Civilization 6'), maxNumberOfLeaderBans: max };
    for (const type of SETTING_TYPES) {
      settings[type] = definitions.flatMap((d, index) => {
        const entry = at(entries, index);
        return d.settingType === type ? [{ title: d.title, isEnabled: entry.isEnabled, value: d.default, lockedValue: entry.locked }] : [];
      });
    }
    return settings;
  });

// Preferences lean on the first few settings and options so majorities and ties both happen often.
const settingPrefsArb = fc
  .uniqueArray(fc.tuple(fc.integer({ min: 0, max: definitions.length - 1 }), fc.nat({ max: 2 })), { selector: ([d]) => d, maxLength: 8 })
  .map((picks) => {
    const prefs: Partial<Record<SettingType, { title: string; value: SettingValue }[]>> = {};
    for (const [index, option] of picks) {
      const d = at(definitions, index);
      (prefs[d.settingType] ??= []).push({ title: d.title, value: at(d.options, option % d.options.length) });
    }
    return prefs;
  });

const playerArb = fc.record({
  bans: fc.shuffledSubarray([...CIV_IDS.slice(0, 30), UNKNOWN_CIV], { maxLength: 7 }),
  maps: fc.shuffledSubarray(MAP_NAMES, { maxLength: 4 }),
  team: fc.integer({ min: 1, max: 12 }),
  settings: settingPrefsArb,
});

const configArb = fc.record({
  players: fc.array(playerArb, { minLength: 1, maxLength: 12 }),
  groupSettings: groupSettingsArb,
  numCiv: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
  freeBans: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
  bansRemovePicks: fc.boolean(),
  gameType: fc.constantFrom('ffa' as const, 'team' as const),
  randomTeams: fc.boolean(),
  teamCount: fc.option(fc.integer({ min: 2, max: 12 }), { nil: undefined }),
  // Sometimes a short leader list, so the pool clamp and its failure are reached; sometimes a few maps only.
  leaderCount: fc.oneof(fc.constant(LEADERS.length), fc.integer({ min: 0, max: 40 })),
  maps: fc.oneof(fc.constant(civ6.maps), fc.subarray([...civ6.maps], { maxLength: 6 })),
  seed: fc.integer(),
});
type Config = typeof configArb extends fc.Arbitrary<infer C> ? C : never;

function inputOf(config: Config): DraftInput {
  const max = config.groupSettings.maxNumberOfLeaderBans;
  return {
    players: config.players.map((p, index) =>
      // Bans arrive already cut to the group's max (spec: the draft is given each member's first bans).
      player(index, { leaderBans: p.bans.slice(0, max), maps: p.maps, team: p.team, settings: p.settings }),
    ),
    leaders: LEADERS.slice(0, config.leaderCount),
    maps: config.maps,
    groupSettings: config.groupSettings,
    numCiv: config.numCiv,
    freeBans: config.freeBans,
    bansRemovePicks: config.bansRemovePicks,
    gameType: config.gameType,
    randomTeams: config.randomTeams,
    teamCount: config.teamCount,
    allowDuplicateCivs: true,
  };
}

/** What spec 9 says the draft must give, or the reason it must refuse. */
function expectationsFor(input: DraftInput) {
  const known = new Set(input.leaders.map((leader) => leader.civID));
  const ownBans = input.players.map((p) => [...new Set(p.leaderBans.filter((civID) => known.has(civID)))]);
  const banned = [...new Set(ownBans.flat())];
  const poolSize = input.leaders.length - banned.length;
  const requested = input.numCiv === undefined ? 5 : Number(input.numCiv);
  const n = input.players.length;
  const numCiv = n * requested > poolSize ? Math.floor(poolSize / n) : requested;
  const freeBans = input.freeBans === undefined ? 1 : Number(input.freeBans);
  const choices = ownBans.map((bans) => (input.bansRemovePicks ? Math.min(numCiv, Math.max(1, numCiv - bans.length + freeBans)) : numCiv));
  const teamCount = input.teamCount === undefined ? 2 : Number(input.teamCount);
  const manualTeams = input.players.map((p) => p.team);
  let refusal: string | null = null;
  if (input.leaders.length === 0) refusal = 'Failure to retrieve civilizations';
  else if (numCiv < 1) refusal = 'Not enough leaders left to draft';
  else if (input.gameType === 'team' && n < 2) refusal = 'at least 2 players';
  else if (input.gameType === 'team' && input.randomTeams && teamCount > n) refusal = 'Teams must be';
  else if (input.gameType === 'team' && !input.randomTeams && new Set(manualTeams).size < 2) refusal = 'at least 2 teams';
  return { banned, numCiv, choices, teamCount, refusal };
}

// ---- Properties ----------------------------------------------------------------------------------

// About 3 s together on an idle machine; the margin is for a busy CI runner.
const PROPERTY_TIMEOUT = 30_000;

describe('draft: properties over random configurations', () => {
  it(
    'keeps every rule of spec 9, is reproducible, and checkDraft accepts what it makes',
    () => {
      fc.assert(
        fc.property(configArb, (config) => {
          const input = inputOf(config);
          const expected = expectationsFor(input);
          if (expected.refusal !== null) {
            expect(() => draft(input, seededRandom(config.seed))).toThrow(DraftError);
            expect(draftErrorOf(() => draft(input, seededRandom(config.seed))).message).toContain(expected.refusal);
            return;
          }
          const result = draft(input, seededRandom(config.seed));

          // Reproducible for a seed.
          expect(draft(input, seededRandom(config.seed))).toEqual(result);

          // Bans: the known ones, first seen first, never drafted; no leader twice; choices are catalogue rows.
          expect(result.bannedLeaders.map((b) => b.civID)).toEqual(expected.banned);
          const draftedIDs = result.players.flatMap((p) => p.civChoices.map((choice) => choice.civID));
          expect(draftedIDs.filter((civID) => expected.banned.includes(civID))).toEqual([]);
          expect(new Set(draftedIDs).size).toBe(draftedIDs.length);
          const rows = new Map(input.leaders.map((leader) => [leader.civID, leader]));
          const notCatalogueRow = (choice: DraftResult['bannedLeaders'][number]) => {
            const row = rows.get(choice.civID);
            return row?.leader !== choice.leader || row.nation !== choice.nation || Object.keys(choice).length !== 3;
          };
          expect(result.players.flatMap((p) => p.civChoices).filter(notCatalogueRow)).toEqual([]);

          // Counts, including the pool clamp and the bansRemovePicks clamp.
          expect(result.numCiv).toBe(expected.numCiv);
          expect(counts(result)).toEqual(expected.choices);

          // Players keep their order; teams as the game type says.
          expect(result.players.map((p) => p.userID)).toEqual(input.players.map((p) => p.userID));
          const teams = result.players.map((p) => p.team);
          if (input.gameType === 'ffa') expect(teams.filter((team) => team !== null)).toEqual([]);
          else if (input.randomTeams) {
            const sizes = Array.from({ length: expected.teamCount }, (_, t) => teams.filter((team) => team === t + 1).length);
            expect(sizes.reduce((a, b) => a + b, 0)).toBe(teams.length);
            expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
          } else expect(teams).toEqual(input.players.map((p) => p.team));

          // Map: a candidate, from the preferences when any preference is a candidate.
          const candidates = input.maps.filter((map) => map.minPlayers <= input.players.length);
          const preferred = input.players.flatMap((p) => p.maps ?? []).filter((name) => candidates.some((map) => map.name === name));
          if (candidates.length === 0) expect(result.map).toBeNull();
          else {
            expect(candidates).toContainEqual(result.map);
            if (preferred.length > 0) expect(preferred).toContain(result.map?.name);
          }

          // Settings: locked -> lockedValue; enabled -> a most chosen value, or the group's value.
          const wrongSettings = SETTING_TYPES.flatMap((type) => {
            const drafted = result.settings[type];
            if (drafted.length !== input.groupSettings[type].length) return [`${type} has ${drafted.length} entries`];
            return input.groupSettings[type].flatMap((entry, index) => {
              const { title, value } = drafted[index] ?? {};
              const votes = input.players.flatMap(
                (p) => p.settings?.[type]?.filter((s) => s.title === entry.title).map((s) => s.value) ?? [],
              );
              const tally = votes.map((v) => votes.filter((w) => w === v).length);
              const allowed = !entry.isEnabled
                ? [entry.lockedValue]
                : votes.length === 0
                  ? [entry.value]
                  : votes.filter((_, i) => tally[i] === Math.max(...tally));
              return title === entry.title && allowed.includes(value ?? null) ? [] : [`${type} ${entry.title}: ${title} = ${value}`];
            });
          });
          expect(wrongSettings).toEqual([]);

          expect(checkDraft(result, contextFor(input, result))).toEqual({});
        }),
        { numRuns: 2500 },
      );
    },
    PROPERTY_TIMEOUT,
  );

  const TAMPERS = ['duplicate leader', 'banned leader', 'extra choice', 'unknown player', 'map too small', 'dropped ban', 'team'] as const;
  const tamperField: Record<(typeof TAMPERS)[number], string> = {
    'duplicate leader': 'civChoices',
    'banned leader': 'civChoices',
    'extra choice': 'civChoices',
    'unknown player': 'players',
    'map too small': 'map',
    'dropped ban': 'bannedLeaders',
    team: 'team',
  };

  function tamper(result: DraftResult, kind: (typeof TAMPERS)[number], input: DraftInput): DraftResult | null {
    const forged: DraftResult = clone(result);
    const first = at(forged.players, 0);
    const last = at(forged.players, forged.players.length - 1);
    switch (kind) {
      case 'duplicate leader':
        last.civChoices.push(at(first.civChoices, 0));
        return forged;
      case 'banned leader': {
        const banned = forged.bannedLeaders[0];
        if (!banned) return null;
        first.civChoices[0] = banned;
        return forged;
      }
      case 'extra choice': {
        const taken = new Set([...forged.bannedLeaders, ...forged.players.flatMap((p) => p.civChoices)].map((l) => l.civID));
        const free = input.leaders.find((leader) => !taken.has(leader.civID));
        if (!free) return null;
        first.civChoices.push({ civID: free.civID, leader: free.leader, nation: free.nation });
        return forged;
      }
      case 'unknown player':
        first.userID = 'intruder';
        return forged;
      case 'map too small':
        forged.map = forged.players.length < 6 ? { name: 'Earth', minPlayers: 6 } : { name: 'Atlantis', minPlayers: 1 };
        return forged;
      case 'dropped ban':
        if (forged.bannedLeaders.length === 0) return null;
        forged.bannedLeaders.pop();
        return forged;
      case 'team':
        for (const p of forged.players) p.team = input.gameType === 'ffa' ? 1 : 3;
        return forged;
    }
  }

  it(
    'checkDraft rejects tampered drafts, naming the field',
    () => {
      fc.assert(
        fc.property(configArb, fc.constantFrom(...TAMPERS), (config, kind) => {
          const input = { ...inputOf(config), leaders: LEADERS, maps: civ6.maps };
          fc.pre(expectationsFor(input).refusal === null);
          const result = draft(input, seededRandom(config.seed));
          const forged = tamper(result, kind, input);
          fc.pre(forged !== null);
          expect(checkDraft(forged, contextFor(input, result))).toHaveProperty(tamperField[kind]);
        }),
        { numRuns: 1500 },
      );
    },
    PROPERTY_TIMEOUT,
  );
});

// ---- Tables: spec 9 constants and clamps -----------------------------------------------------------

describe('draft: spec 9 constants and clamps', () => {
  it('exposes the limits of spec 5 and 9', () => {
    expect(DRAFT_LIMITS).toEqual({
      maxPlayers: 12,
      numCivMin: 1,
      numCivMax: 5,
      numCivDraftDefault: 5,
      numCivFormDefault: 3,
      freeBansMin: 1,
      freeBansMax: 5,
      freeBansDefault: 1,
      teamCountDefault: 2,
      teamMin: 1,
      teamMax: 12,
    });
  });

  it('gives 5 civs per player when numCiv is not given, and the form default of 3 when it is', () => {
    expect(counts(run())).toEqual([5, 5]);
    expect(run().numCiv).toBe(5);
    expect(counts(run({ numCiv: DRAFT_LIMITS.numCivFormDefault }))).toEqual([3, 3]);
    expect(counts(run({ numCiv: null }))).toEqual([5, 5]);
  });

  it.each([
    [1, 1],
    [2, 2],
    [5, 5],
    ['3', 3],
    [3.7, 3],
    ['4.9', 4],
    [1.2, 1],
  ] as const)('treats numCiv %j as %i', (numCiv, expected) => {
    expect(counts(run({ numCiv }))).toEqual([expected, expected]);
  });

  it.each([0, 0.9, 6, -1, 'three', '', Number.NaN, Number.POSITIVE_INFINITY])('refuses numCiv %j', (numCiv) => {
    expect(draftErrorOf(() => run({ numCiv })).message).toBe('Civs per player must be a whole number from 1 to 5');
  });

  it.each([
    // leaders, players, bans, numCiv -> civs per player
    [77, 12, 20, 5, 4], // 57 / 12
    [77, 12, 0, 5, 5], // 60 <= 77: no clamp
    [77, 12, 17, 5, 5], // exactly 60 left
    [77, 12, 18, 5, 4], // 59 left
    [30, 12, 0, 3, 2], // 30 / 12
    [12, 12, 0, 5, 1],
    [77, 1, 5, 5, 5],
  ])(
    'with duplicates allowed, %i leaders, %i players, %i bans and numCiv %i, drafts %i each',
    (leaderCount, playerCount, banCount, numCiv, expected) => {
      const bans = CIV_IDS.slice(0, banCount);
      // Bans spread 5 a player (the group max), so they stay within the max.
      const players = playersOf(playerCount, (index) => ({ leaderBans: bans.slice(index * 5, index * 5 + 5) }));
      const result = run({ leaders: LEADERS.slice(0, leaderCount), players, numCiv, allowDuplicateCivs: true });
      expect(result.numCiv).toBe(expected);
      expect(counts(result)).toEqual(Array(playerCount).fill(expected));
      expect(result.bannedLeaders).toHaveLength(banCount);
    },
  );

  it('has the Civilization 6 example of spec 9: 77 leaders, 20 bans, 12 players -> 4 each', () => {
    expect(LEADERS).toHaveLength(77);
  });

  it.each([
    // players, banned civIDs, numCiv -> civs per player, by default one leader per civilization and persona
    [12, [], 5, 4], // 48 groups / 12: China with Mongolia (Kublai Khan) and England with France (Eleanor) are one each
    [12, ['LEADER_GORGO'], 5, 4], // Pericles still stands for Greece
    [12, ['LEADER_GORGO', 'LEADER_PERICLES'], 5, 3], // 47 groups / 12
    [9, [], 5, 5], // 45 <= 48
    [10, [], 5, 4],
  ])('by default, with %i players and bans %j, numCiv %i drafts %i each', (playerCount, bans, numCiv, expected) => {
    const players = playersOf(playerCount, (index) => ({ leaderBans: index === 0 ? bans : [] }));
    const result = run({ players, numCiv });
    expect(result.numCiv).toBe(expected);
    expect(counts(result)).toEqual(Array(playerCount).fill(expected));
  });

  it('refuses when the pool cannot give each player one leader', () => {
    const message = draftErrorOf(() => run({ leaders: LEADERS.slice(0, 11), players: playersOf(12) })).message;
    expect(message).toMatch(/^Not enough leaders left to draft: /);
    const afterBans = playersOf(2, (index) => ({ leaderBans: index === 0 ? CIV_IDS.slice(0, 2) : [] }));
    expect(() => run({ leaders: LEADERS.slice(0, 3), players: afterBans })).toThrow(/^Not enough leaders left to draft: /);
  });

  it.each([
    // numCiv, own bans, freeBans -> choices
    [3, 2, 1, 2],
    [3, 0, 1, 3], // 4, clamped to numCiv
    [3, 5, 1, 1], // -1, clamped to 1
    [3, 3, 1, 1],
    [5, 3, 1, 3],
    [5, 5, 5, 5],
    [5, 5, 2, 2],
    [1, 5, 1, 1],
    [3, 4, 3, 2],
  ])('with bansRemovePicks, numCiv %i, %i bans and %i free bans give %i choices', (numCiv, banCount, freeBans, expected) => {
    const players = [player(0, { leaderBans: CIV_IDS.slice(0, banCount) }), player(1)];
    const result = run({ players, numCiv, freeBans, bansRemovePicks: true });
    expect(counts(result)).toEqual([expected, numCiv]);
    // Without the option, bans take nothing away.
    expect(counts(run({ players, numCiv, freeBans }))).toEqual([numCiv, numCiv]);
  });

  it('counts only a player’s own known bans, within the group max', () => {
    const players = [
      player(0, { leaderBans: [UNKNOWN_CIV, at(CIV_IDS, 0), at(CIV_IDS, 0)] }),
      player(1, { leaderBans: [at(CIV_IDS, 0), at(CIV_IDS, 1), at(CIV_IDS, 2), at(CIV_IDS, 3)] }),
    ];
    const groupSettings = { ...BASE_SETTINGS, maxNumberOfLeaderBans: 3 };
    const result = run({ players, numCiv: 3, bansRemovePicks: true, groupSettings });
    // Player 0: 1 known ban -> 3; player 1: 3 bans within the max -> 3 - 3 + 1 = 1.
    expect(counts(result)).toEqual([3, 1]);
    expect(result.bannedLeaders.map((b) => b.civID)).toEqual(CIV_IDS.slice(0, 3));
  });

  it.each([
    [undefined, 1],
    [1, 1],
    [2, 2],
    ['2', 2],
    [2.9, 2],
    [5, 3],
  ] as const)('treats freeBans %j as %i', (freeBans, expected) => {
    // numCiv 3 and 3 bans: choices = freeBans, at most 3.
    const players = [player(0, { leaderBans: CIV_IDS.slice(0, 3) }), player(1)];
    expect(counts(run({ players, numCiv: 3, freeBans, bansRemovePicks: true }))).toEqual([expected, 3]);
  });

  it.each([0, 6, -2, 'x'])('refuses freeBans %j', (freeBans) => {
    expect(() => run({ freeBans })).toThrow('Free bans must be a whole number from 1 to 5');
  });

  it.each([
    [4, undefined, 2],
    [6, undefined, 2],
    [6, 3, 3],
    [6, '3', 3],
    [6, 3.7, 3],
    [5, 5, 5],
    [12, 12, 12],
  ] as const)('with %i players and teamCount %j deals %i random teams round-robin', (playerCount, teamCount, expectedTeams) => {
    for (const seed of [1, 2, 3]) {
      const teams = run({ players: playersOf(playerCount), gameType: 'team', randomTeams: true, teamCount }, seed).players.map(
        (p) => p.team,
      );
      const sizes = Array.from({ length: expectedTeams }, (_, t) => teams.filter((team) => team === t + 1).length);
      expect(
        sizes.every((size) => size === Math.floor(playerCount / expectedTeams) || size === Math.ceil(playerCount / expectedTeams)),
      ).toBe(true);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(playerCount);
    }
  });

  it.each([1, 0, 5, 'two'])('refuses teamCount %j for 4 players', (teamCount) => {
    expect(() => run({ players: playersOf(4), gameType: 'team', randomTeams: true, teamCount })).toThrow(
      'Teams must be a whole number from 2 to 4',
    );
  });

  it('shuffles who shares a team, and keeps the players in their order', () => {
    const lineups = new Set<string>();
    for (let seed = 0; seed < 20; seed += 1) {
      const result = run({ players: playersOf(6), gameType: 'team', randomTeams: true, teamCount: 2 }, seed);
      expect(result.players.map((p) => p.userID)).toEqual(['u0', 'u1', 'u2', 'u3', 'u4', 'u5']);
      lineups.add(result.players.map((p) => p.team).join());
    }
    expect(lineups.size).toBeGreaterThan(1);
  });

  it.each([
    [
      [1, 2],
      [1, 2],
    ],
    [
      [12, 1, 12],
      [12, 1, 12],
    ],
    [
      [2.5, 1],
      [2, 1],
    ],
  ])('keeps manual teams %j as %j', (manual, expected) => {
    const players = playersOf(manual.length, (index) => ({ team: at(manual, index) }));
    expect(run({ players, gameType: 'team' }).players.map((p) => p.team)).toEqual(expected);
  });

  it.each([
    [[0, 1], "player0's team must be from 1 to 12"],
    [[1, 13], "player1's team must be from 1 to 12"],
    [[1, null], "player1's team must be from 1 to 12"],
    [[3, 3], 'A team game needs players on at least 2 teams'],
  ])('refuses manual teams %j', (manual, message) => {
    const players = playersOf(manual.length, (index) => ({ team: manual[index] }));
    expect(() => run({ players, gameType: 'team' })).toThrow(message);
  });

  it('gives no team in a free-for-all game, whatever the form held', () => {
    const players = playersOf(3, (index) => ({ team: index + 1 }));
    expect(run({ players, randomTeams: true }).players.map((p) => p.team)).toEqual([null, null, null]);
  });

  it('refuses a team game of one player', () => {
    expect(() => run({ players: playersOf(1), gameType: 'team', randomTeams: true })).toThrow('A team game needs at least 2 players');
  });

  it('drafts 1 to 12 players and refuses 0, 13 or a player twice', () => {
    expect(counts(run({ players: playersOf(12), numCiv: 1 }))).toHaveLength(12);
    expect(counts(run({ players: playersOf(1) }))).toEqual([5]);
    expect(() => run({ players: playersOf(13), numCiv: 1 })).toThrow('At most 12 players can be drafted');
    expect(() => run({ players: [] })).toThrow('Select at least 1 player to draft');
    expect(() => run({ players: [player(0), player(1), player(0)] })).toThrow('player0 is selected more than once');
  });

  it("refuses an empty civ list with spec 8's message", () => {
    expect(draftErrorOf(() => run({ leaders: [] })).message).toBe('Failure to retrieve civilizations');
  });
});

// ---- Tables: draws, map and settings --------------------------------------------------------------

describe('draft: draws, map and settings', () => {
  it('draws every leader of the pool about equally often', () => {
    const seen = new Map<string, number>();
    const leaders = LEADERS.slice(0, 10);
    for (let seed = 0; seed < 5000; seed += 1) {
      const civID = at(at(run({ leaders, players: playersOf(1), numCiv: 1 }, seed).players, 0).civChoices, 0).civID;
      seen.set(civID, (seen.get(civID) ?? 0) + 1);
    }
    expect(seen.size).toBe(10);
    for (const count of seen.values()) expect(count).toBeGreaterThan(400); // 500 expected each
  });

  it('gives each member choice of a map one ticket', () => {
    const players = playersOf(4, (index) => ({ maps: index < 3 ? ['Pangaea'] : ['Fractal', 'Fractal'] }));
    const picks = { Pangaea: 0, Fractal: 0 };
    for (let seed = 0; seed < 4000; seed += 1) {
      const name = run({ players }, seed).map?.name;
      if (name === 'Pangaea' || name === 'Fractal') picks[name] += 1;
    }
    expect(picks.Pangaea + picks.Fractal).toBe(4000);
    expect(picks.Pangaea / picks.Fractal).toBeGreaterThan(2.5);
    expect(picks.Pangaea / picks.Fractal).toBeLessThan(3.5);
  });

  it('ignores map choices the players are too few for, then falls back to any candidate, then to no map', () => {
    const players = playersOf(3, () => ({ maps: ['Earth'] }));
    const maps: CivMap[] = [
      { name: 'Earth', minPlayers: 6 },
      { name: 'Lakes', minPlayers: 1 },
    ];
    expect(run({ players, maps }).map).toEqual({ name: 'Lakes', minPlayers: 1 });
    expect(run({ players: playersOf(6, () => ({ maps: ['Earth'] })), maps }).map).toEqual({ name: 'Earth', minPlayers: 6 });
    expect(run({ players, maps: [{ name: 'Earth', minPlayers: 6 }] }).map).toBeNull();
    expect(run({ maps: [] }).map).toBeNull();
  });

  const withEntries = (entries: GroupSettings['gameSettings']): GroupSettings => ({ ...BASE_SETTINGS, gameSettings: entries });
  const prefer = (value: string) => ({ settings: { gameSettings: [{ title: 'Map Size', value }] } });

  it('takes the locked value of a disabled setting, whatever the players prefer', () => {
    const groupSettings = withEntries([{ title: 'Map Size', isEnabled: false, value: 'Standard', lockedValue: 'Huge' }]);
    const result = run({ groupSettings, players: playersOf(3, () => prefer('Tiny')) });
    expect(result.settings.gameSettings).toEqual([{ title: 'Map Size', value: 'Huge' }]);
  });

  it("takes the players' most chosen value of an enabled setting, or the group's value when nobody chose", () => {
    const groupSettings = withEntries([
      { title: 'Map Size', isEnabled: true, value: 'Standard', lockedValue: 'Huge' },
      { title: 'Turn Mode', isEnabled: true, value: 'Dynamic Turns', lockedValue: 'Simultaneous Turns' },
    ]);
    const players = [player(0, prefer('Tiny')), player(1, prefer('Small')), player(2, prefer('Tiny'))];
    for (const seed of [1, 2, 3, 4]) {
      expect(run({ groupSettings, players }, seed).settings.gameSettings).toEqual([
        { title: 'Map Size', value: 'Tiny' },
        { title: 'Turn Mode', value: 'Dynamic Turns' },
      ]);
    }
  });

  it('breaks a tie between preferred values at random', () => {
    const groupSettings = withEntries([{ title: 'Map Size', isEnabled: true, value: 'Standard', lockedValue: 'Standard' }]);
    const players = [player(0, prefer('Tiny')), player(1, prefer('Huge'))];
    const values = new Set(Array.from({ length: 30 }, (_, seed) => run({ groupSettings, players }, seed).settings.gameSettings[0]?.value));
    expect(values).toEqual(new Set(['Tiny', 'Huge']));
  });

  it('lists bans in first-seen order, ignoring civIDs the game does not have', () => {
    const [a, b, c] = [at(LEADERS, 4), at(LEADERS, 9), at(LEADERS, 2)];
    const players = [player(0, { leaderBans: [a.civID, UNKNOWN_CIV, b.civID] }), player(1, { leaderBans: [b.civID, c.civID] })];
    const result = run({ players });
    expect(result.bannedLeaders).toEqual([a, b, c].map(({ civID, leader, nation }) => ({ civID, leader, nation })));
  });

  it('stays within the pool when the random source returns its extremes', () => {
    for (const random of [() => 0, () => 0.9999999999, () => 1]) {
      const result = draft(baseInput({ players: playersOf(12), numCiv: 5, gameType: 'team', randomTeams: true }), random);
      const ids = result.players.flatMap((p) => p.civChoices.map((c) => c.civID));
      // 48 groups of Civilization 6 for 12 players: 4 each, every group dealt once.
      expect(new Set(ids).size).toBe(48);
      const nations = result.players.flatMap((p) => p.civChoices.map((c) => c.nation));
      expect(new Set(nations).size).toBe(48);
      expect(result.map).not.toBeNull();
    }
  });
});

// ---- checkDraft tables ---------------------------------------------------------------------------

describe('checkDraft', () => {
  const bans = [at(CIV_IDS, 0)];
  const input = baseInput({ players: [player(0, { leaderBans: bans }), player(1)], numCiv: 3 });
  const valid = draft(input, seededRandom(7));
  const context = contextFor(input, valid);
  const leaderOf = (civID: string) => {
    const found = LEADERS.find((l: CivLeader) => l.civID === civID);
    if (!found) throw new Error(civID);
    return { civID: found.civID, leader: found.leader, nation: found.nation };
  };
  const forged = (change: (d: DraftResult) => void): DraftResult => {
    const copy = clone(valid);
    change(copy);
    return copy;
  };

  it('accepts the draft it was made from', () => {
    expect(checkDraft(valid, context)).toEqual({});
  });

  it.each<[string, (d: DraftResult) => void, string, RegExp]>([
    ['a banned leader', (d) => (at(d.players, 0).civChoices[0] = leaderOf(at(CIV_IDS, 0))), 'civChoices', /is banned/],
    ['a leader twice', (d) => at(d.players, 1).civChoices.push(at(at(d.players, 0).civChoices, 0)), 'civChoices', /given more than once/],
    ['an unknown leader', (d) => (at(d.players, 0).civChoices[0] = { civID: 'X', leader: 'X', nation: 'X' }), 'civChoices', /not a leader/],
    ['a renamed leader', (d) => (at(at(d.players, 0).civChoices, 0).leader = 'Someone'), 'civChoices', /not Someone/],
    [
      'a 4th choice',
      (d) => at(d.players, 0).civChoices.push(leaderOf(at(CIV_IDS, 76))),
      'civChoices',
      /4 civ choices but may have at most 3/,
    ],
    ['no choices', (d) => (at(d.players, 0).civChoices = []), 'civChoices', /has no civ choices/],
    ['a stranger', (d) => (at(d.players, 0).userID = 'stranger'), 'players', /not a member/],
    ['a player twice', (d) => d.players.push(clone(at(d.players, 0))), 'players', /more than once/],
    ['no map', (d) => (d.map = null), 'map', /must be chosen/],
    ['a map too small', (d) => (d.map = { name: 'Earth', minPlayers: 6 }), 'map', /needs at least 6 players/],
    ['a map made smaller', (d) => (d.map = { name: 'Earth', minPlayers: 1 }), 'map', /needs at least 6 players/],
    ['an unknown map', (d) => (d.map = { name: 'Atlantis', minPlayers: 1 }), 'map', /not a map/],
    ['a dropped ban', (d) => (d.bannedLeaders = []), 'bannedLeaders', /missing/],
    ['an invented ban', (d) => d.bannedLeaders.push(leaderOf(at(CIV_IDS, 5))), 'bannedLeaders', /not banned/],
    ['a team in a free-for-all', (d) => (at(d.players, 0).team = 1), 'team', /free-for-all/],
  ])('refuses %s', (_, change, field, message) => {
    expect(checkDraft(forged(change), context)[field]).toMatch(message);
  });

  it('allows fewer choices than the limit (at least 1)', () => {
    expect(
      checkDraft(
        forged((d) => at(d.players, 0).civChoices.splice(1)),
        context,
      ),
    ).toEqual({});
  });

  it('checks team games: teams 1 to 12, at least 2 of them', () => {
    const teamContext = { ...context, gameType: 'team' as const };
    const withTeams = (teams: (number | null)[]) => forged((d) => d.players.forEach((p, i) => (p.team = teams[i] ?? null)));
    expect(checkDraft(withTeams([1, 2]), teamContext)).toEqual({});
    expect(checkDraft(withTeams([12, 1]), teamContext)).toEqual({});
    expect(checkDraft(withTeams([1, 1]), teamContext).team).toBe('A team game needs players on at least 2 teams');
    expect(checkDraft(withTeams([1, 13]), teamContext).team).toBe("player1's team must be from 1 to 12");
    expect(checkDraft(withTeams([null, 2]), teamContext).team).toBe("player0's team must be from 1 to 12");
  });

  it('applies the bansRemovePicks limit and the pool clamp', () => {
    const strict = { ...context, bansRemovePicks: true, freeBans: 1, playerBans: { u0: 3 } };
    expect(checkDraft(valid, strict).civChoices).toBe('player0 has 3 civ choices but may have at most 1');
    const smallPool = { ...context, leaders: LEADERS.slice(0, 5) };
    expect(checkDraft(valid, smallPool).civChoices).toMatch(/may have at most 2/);
  });

  it('refuses more than 12 players and joins every problem of a field', () => {
    const many = forged((d) => {
      d.players = Array.from({ length: 13 }, (_, i) => ({
        userID: `x${i}`,
        username: `x${i}`,
        team: null,
        civChoices: [leaderOf(at(CIV_IDS, 10 + i))],
      }));
    });
    const problems = checkDraft(many, context);
    expect(problems.players).toMatch(/^A game has at most 12 players; x0 is not a member of this group; x1 is not/);
  });

  it('refuses a numCiv outside 1 to 5', () => {
    expect(checkDraft(valid, { ...context, numCiv: 6 }).numCiv).toBe('Civs per player must be a whole number from 1 to 5');
  });
});

// ---- Text and random source ----------------------------------------------------------------------

describe('draftAsText', () => {
  const result: DraftResult = {
    map: { name: 'Pangaea', minPlayers: 1 },
    players: [
      {
        userID: 'a',
        username: 'Alice',
        team: 1,
        civChoices: [
          { civID: 'X', leader: 'Gorgo', nation: 'Greece' },
          { civID: 'Y', leader: 'Trajan', nation: 'Rome' },
        ],
      },
      { userID: 'b', username: 'Bob', team: 2, civChoices: [{ civID: 'Z', leader: 'Kublai Khan (China)', nation: 'China' }] },
      { userID: 'c', username: 'Cleo', team: 1, civChoices: [{ civID: 'V', leader: 'Gandhi', nation: 'India' }] },
    ],
    bannedLeaders: [{ civID: 'W', leader: 'Cleopatra (Egyptian)', nation: 'Egypt' }],
    settings: { gameSettings: [{ title: 'Map Size', value: 'Small' }], gameModes: [], victoryTypes: [], tradingAndDiplomacy: [] },
    numCiv: 2,
  };
  const ffa: DraftResult = { ...result, players: result.players.map((p) => ({ ...p, team: null })) };

  it('writes a short summary: game, map, one line per player with their team, and the bans', () => {
    expect(draftAsText(result, { gameName: ' Friday game ' })).toBe(
      [
        'Game: Friday game',
        'Map: Pangaea',
        'Alice (Team 1) — Gorgo (Greece), Trajan (Rome)',
        'Bob (Team 2) — Kublai Khan (China)',
        'Cleo (Team 1) — Gandhi (India)',
        'Bans: Cleopatra (Egyptian) (Egypt)',
      ].join('\n'),
    );
  });

  it('takes the game name as a bare string too, and leaves out teams in a free-for-all', () => {
    expect(draftAsText(ffa, 'Friday game').split('\n')).toEqual([
      'Game: Friday game',
      'Map: Pangaea',
      'Alice — Gorgo (Greece), Trajan (Rome)',
      'Bob — Kublai Khan (China)',
      'Cleo — Gandhi (India)',
      'Bans: Cleopatra (Egyptian) (Egypt)',
    ]);
  });

  it('says on its first line which deal for these players it is, from the second on', () => {
    expect(draftAsText(ffa, { dealNumber: 3 }).split('\n')[0]).toBe('Map: Pangaea (deal 3)');
    expect(draftAsText(ffa, { gameName: 'Friday game', dealNumber: 2 }).split('\n').slice(0, 2)).toEqual([
      'Game: Friday game (deal 2)',
      'Map: Pangaea',
    ]);
    expect(draftAsText(ffa, { dealNumber: 1 })).toBe(draftAsText(ffa));
  });

  it('leaves out the game line without a name, and says none for no map and no bans', () => {
    const text = draftAsText(run({ maps: [], players: playersOf(1), numCiv: 1 }));
    expect(text.split('\n')).toEqual([expect.stringMatching(/^Map: none$/), expect.stringMatching(/^player0 — .+$/), 'Bans: none']);
    expect(draftAsText({ ...ffa, map: null, bannedLeaders: [] }, { gameName: '  ' }).split('\n')).toEqual([
      'Map: none',
      'Alice — Gorgo (Greece), Trajan (Rome)',
      'Bob — Kublai Khan (China)',
      'Cleo — Gandhi (India)',
      'Bans: none',
    ]);
  });

  it('in anonymous mode shows the reader only their own hand and their team-mates’', () => {
    expect(draftAsText(result, { anonymous: true, viewerID: 'a' }).split('\n').slice(1, 4)).toEqual([
      'Alice (Team 1) — Gorgo (Greece), Trajan (Rome)',
      'Bob (Team 2) — hidden until the game ends',
      'Cleo (Team 1) — Gandhi (India)',
    ]);
    expect(draftAsText(ffa, { anonymous: true, viewerID: 'b' }).split('\n').slice(1, 4)).toEqual([
      'Alice — hidden until the game ends',
      'Bob — Kublai Khan (China)',
      'Cleo — hidden until the game ends',
    ]);
  });

  it('in anonymous mode hides every hand from a reader who is not playing, or unnamed', () => {
    for (const viewerID of ['stranger', null, undefined]) {
      const text = draftAsText(result, { anonymous: true, viewerID });
      expect(text).not.toMatch(/Gorgo|Trajan|Kublai|Gandhi/);
      expect(text.match(/hidden until the game ends/g)).toHaveLength(3);
      expect(text).toContain('Bans: Cleopatra (Egyptian) (Egypt)');
    }
  });
});

describe('seededRandom', () => {
  it('repeats for a seed, differs between seeds and stays in [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const seqA = Array.from({ length: 1000 }, a);
    expect(Array.from({ length: 1000 }, b)).toEqual(seqA);
    expect(Array.from({ length: 1000 }, c)).not.toEqual(seqA);
    for (const value of seqA) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});
