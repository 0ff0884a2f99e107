// The two data sets. Both hold the benched caller's world, the same in each: 20 groups of 12
// members, 10 upcoming events per group (5 sign-ups each), 4 cards per group, a Civilization group
// with 2,000 finished and 25 active games, and 250 more accounts. The large set adds 50,000 users
// in 10,000 more groups (20 members, 20 events with 2 sign-ups, 3 cards each; one group in ten
// plays Civilization with 10 games), loaded in bulk.
import { civGameRows } from './civ-games.mjs';
import { groupRows, insertGroupRows, userRows } from './groups-rows.mjs';
import { DAY, HOUR, idFactory, randomSource } from './rows.mjs';

export const WORLD = { users: 250, groups: 20, members: 12, events: 10, attendees: 5, cards: 4, civFinished: 2000, civActive: 25 };
export const LARGE = { users: 50_000, groups: 10_000, members: 20, events: 20, attendees: 2, cards: 3, civEvery: 10, civGames: 10 };

function worldRows(setup, context) {
  const { caller, mate, groupId, templates } = setup;
  const { random, newId, now } = context;
  const users = userRows(templates.user, 'benchw', WORLD.users, context);
  const others = users.map((user) => user.id);
  const upcoming = (g) => Array.from({ length: WORLD.events }, (_, k) => now + (k + 1) * DAY + g * HOUR);
  const specs = [
    {
      id: groupId,
      name: 'Bench Group 0',
      ownerId: caller.id,
      exists: true,
      memberIds: random.pick(others, WORLD.members - 2),
    },
  ];
  for (let g = 1; g < WORLD.groups; g += 1) {
    const [ownerId, ...rest] = random.pick(others, WORLD.members - 1);
    specs.push({ id: newId(), name: `Bench Group ${g}`, ownerId, memberIds: [caller.id, ...rest] });
  }
  specs.forEach((spec, g) =>
    Object.assign(spec, { events: upcoming(g), attendees: WORLD.attendees, attendeeExclude: new Set([caller.id]), cards: WORLD.cards }),
  );
  const civPlayers = [caller.id, mate.id, ...specs[0].memberIds.slice(0, 6)];
  const civ = civGameRows({
    groupId,
    userIds: civPlayers,
    finished: WORLD.civFinished,
    active: WORLD.civActive,
    start: now - (WORLD.civFinished + WORLD.civActive) * HOUR,
    gameId: (i) => `bench-game-${String(i).padStart(6, '0')}`,
  });
  return { users, groups: groupRows(templates, specs, context), civ, loginEmails: users.map((user) => user.email) };
}

function largeRows(templates, context) {
  const { random, newId, now } = context;
  const users = userRows(templates.user, 'benchf', LARGE.users, context);
  const ids = users.map((user) => user.id);
  const specs = [];
  const civ = { games: [], members: [] };
  for (let g = 0; g < LARGE.groups; g += 1) {
    const [ownerId, ...memberIds] = random.pick(ids, LARGE.members);
    const events = Array.from({ length: LARGE.events }, () => now - 300 * DAY + random.int(360) * DAY + random.int(24) * HOUR);
    const spec = { id: newId(), name: `Group ${g}`, ownerId, memberIds, events, attendees: LARGE.attendees, cards: LARGE.cards };
    specs.push(spec);
    if (g % LARGE.civEvery === 0) {
      const rows = civGameRows({
        groupId: spec.id,
        userIds: [ownerId, ...memberIds],
        finished: LARGE.civGames - 2,
        active: 2,
        start: now - 100 * DAY,
        gameId: newId,
      });
      civ.games.push(...rows.games);
      civ.members.push(...rows.members);
    }
  }
  return { users, groups: groupRows(templates, specs, context), civ };
}

async function insertCiv(database, civ) {
  await database.insert('civ_games', civ.games);
  await database.insert('civ_game_members', civ.members);
}

/** Writes the rows of `size` ('small' or 'large') around the templates, in bulk, with the server stopped. */
export async function loadRows(size, setup, database) {
  const started = performance.now();
  const context = { random: randomSource(20_26), now: Date.now() };
  context.newId = idFactory(context.random, context.now);
  const world = worldRows(setup, context);
  await database.insert('users', world.users);
  await insertGroupRows(database, world.groups);
  await insertCiv(database, world.civ);
  if (size === 'large') {
    const large = largeRows(setup.templates, context);
    await database.insert('users', large.users);
    await insertGroupRows(database, large.groups);
    await insertCiv(database, large.civ);
  }
  await database.analyze();
  const counts = {};
  for (const table of ['users', 'groups', 'group_members', 'events', 'event_attendees', 'group_cards', 'civ_games', 'civ_game_members']) {
    counts[table] = Number((await database.one(`select count(*) as n from ${table}`)).n);
  }
  return { loginEmails: world.loginEmails, counts, loadSeconds: (performance.now() - started) / 1000 };
}

/** Editing a finished game recomputes the ratings of its type from the group's whole history. */
export async function computeRatings(api, setup) {
  for (const gameID of ['bench-game-000000', 'bench-game-000003']) {
    await api.post('/api/civilization/updateGame', { gameID, lobbyLink: 'steam://edited', members: [] }, setup.caller.token);
  }
}
