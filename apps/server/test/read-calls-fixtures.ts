import type { FastifyInstance } from 'fastify';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import type { Db } from '../src/db/schema';
import '../src/features/runescape/bingo.tables';
import '../src/features/runescape/competitions.tables';
import '../src/features/runescape/runescape.tables';
import { createGameFrom, draftFor } from './civ-games-fixtures';
import { attend, createEvent, HOUR } from './events-fixtures';
import type { OsrsHiscoresFake } from './fakes/osrs-hiscores-fake';
import { ZEZIMA } from './fakes/osrs-hiscores-fixtures';
import { call, createGroup, join, setRole, type TestUser } from './groups-fixtures';
import { createUser } from './test-app';

/** How much a world holds: the small one has one of everything, the large one many. */
export interface WorldSize {
  /** Groups the viewer belongs to (the first is the world's group). */
  groups: number;
  members: number;
  events: number;
  cards: number;
  /** Finished and active Civilization games, each. */
  games: number;
  comments: number;
  /** Snapshots of each clan member taken during each of the clan's competitions, and edits in each one's history. */
  competitionSnapshots: number;
  /** The side of the clan's bingo boards, their teams, and the claims each team sent. */
  bingoBoard: number;
  bingoTeams: number;
  bingoClaims: number;
}

export const SMALL: WorldSize = {
  groups: 1,
  members: 2,
  events: 1,
  cards: 1,
  games: 1,
  comments: 1,
  competitionSnapshots: 1,
  bingoBoard: 3,
  bingoTeams: 2,
  bingoClaims: 1,
};
export const LARGE: WorldSize = {
  groups: 20,
  members: 30,
  events: 25,
  cards: 6,
  games: 6,
  comments: 12,
  competitionSnapshots: 40,
  bingoBoard: 10,
  bingoTeams: 5,
  bingoClaims: 12,
};

/** A Civilization 6 group as one of its Administrators (the owner) sees it, with everything the read calls read. */
export interface World {
  size: WorldSize;
  viewer: TestUser;
  other: TestUser;
  group: FullGroupDto;
  eventID: string;
  gameID: string;
  /** The draft the world's last game was made from. */
  draftID: string;
  /** The game's newest comment: the next page of comments starts after it. */
  commentID: string;
  feedPath: string;
  /** An Old School RuneScape clan of the same members, each with a linked account. */
  clanID: string;
  /** The clan's competitions that everyone took part in: one finished, one under way (and one to come). */
  competitions: { finished: string; ongoing: string };
  /**
   * The clan's bingos: one finished (with `other` its appointed moderator), one under way (and one
   * to come). The viewer and `other` are on different teams; `claim` is one of `other`'s team's
   * claims in the ongoing bingo.
   */
  bingos: { finished: string; ongoing: string; claim: string };
}

const PLAYERS_PER_GAME = 8;
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const TIMES = ['Morning', 'Afternoon', 'Evening'];
const MAPS = ['Pangaea', 'Continents', 'Fractal', 'Archipelago'];
const RELATIONSHIPS = ['Seeking Revenge', 'Allies', 'Suspicious'];

async function ok(what: string, pending: ReturnType<typeof call>) {
  const res = await pending;
  if (res.status !== 200) throw new Error(`${what} failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

async function finishedGame(app: FastifyInstance, group: FullGroupDto, owner: TestUser, players: TestUser[]) {
  const game = await createGameFrom(app, owner, (await draftFor(app, group, owner, players)).body);
  const [winner, ...losers] = players;
  const update = (payload: object) => ok('updateGame', call(app, '/api/civilization/updateGame', { method: 'POST', as: owner, payload }));
  await update({ gameID: game._id, members: losers.map((p) => ({ userID: p.user.id, isActive: false })) });
  await update({ gameID: game._id, winner: winner!.user.id, victoryType: 'Science' });
}

/** A clan of the members, each linking an account the hiscores fake knows. */
async function seedClan(app: FastifyInstance, osrs: OsrsHiscoresFake, owner: TestUser, members: TestUser[]): Promise<string> {
  const clan = await createGroup(app, owner, { groupName: 'Read Clan', gameName: 'Old School RuneScape', isPrivate: true });
  for (const [i, member] of members.entries()) {
    if (member !== owner) await join(app, clan, member);
    const playerName = `Rd ${member.user.id.slice(0, 4)} ${i}`;
    osrs.setPlayer(playerName, ZEZIMA, 'hiscore_oldschool');
    await ok(
      'linkAccount',
      call(app, '/api/runescape/linkAccount', {
        method: 'POST',
        as: member,
        payload: { groupID: clan._id, playerName, gameMode: 'normal' },
      }),
    );
  }
  // A roster twice as large as the clan: its list grows with the clan.
  const roster = members
    .flatMap((member, i) => [`Rd ${member.user.id.slice(0, 4)} ${i}`, `Rs ${member.user.id.slice(0, 4)} ${i}`])
    .join('\n');
  await ok(
    'importRoster',
    call(app, '/api/runescape/importRoster', { method: 'POST', as: owner, payload: { groupID: clan._id, roster, gameMode: 'normal' } }),
  );
  return clan._id;
}

const DAY = 24 * HOUR;

/**
 * The clan's competitions, stored as the competitions job leaves them (the clock of these tests
 * does not move): a finished one with everyone's start and end, an ongoing one with everyone's
 * start, one to come, and `competitionSnapshots` snapshots of each member inside each of them.
 */
async function seedCompetitions(db: Db, clanID: string, ownerID: string, now: number, size: WorldSize): Promise<World['competitions']> {
  const members = await db
    .selectFrom('runescape_accounts')
    .innerJoin('runescape_players', 'runescape_players.id', 'runescape_accounts.player_id')
    .innerJoin('runescape_snapshots', 'runescape_snapshots.id', 'runescape_players.latest_snapshot_id')
    .select(['runescape_accounts.user_id', 'runescape_accounts.player_id', 'runescape_snapshots.data'])
    .where('runescape_accounts.group_id', '=', clanID)
    .orderBy('runescape_accounts.user_id')
    .execute();
  const overallOf = (data: string) =>
    (JSON.parse(data) as { skills: { name: string; xp: number }[] }).skills.find((line) => line.name === 'Overall')!.xp;
  const competition = (id: string, startsAt: number, endsAt: number, done: boolean) => ({
    id,
    group_id: clanID,
    name: `Cup ${id}`,
    starts_at: startsAt,
    ends_at: endsAt,
    metrics: JSON.stringify(['overall', 'attack']),
    kind: 'classic',
    participation: 'everyone',
    event_id: null,
    created_by: ownerID,
    created_at: startsAt - DAY,
    updated_at: startsAt - DAY,
    participants_fixed_at: startsAt < now ? startsAt : null,
    start_done_at: startsAt < now ? startsAt + 60_000 : null,
    end_done_at: done ? endsAt + 60_000 : null,
    refreshed_at: startsAt < now ? now : null,
    posted_start_at: startsAt < now ? startsAt : null,
    posted_day_at: done ? endsAt - DAY : null,
    posted_hour_at: done ? endsAt - HOUR : null,
    posted_end_at: done ? endsAt + 60_000 : null,
    closed_at: done ? endsAt + 60_000 : null,
  });
  const ids = { finished: `${clanID}-finished`, ongoing: `${clanID}-ongoing`, upcoming: `${clanID}-upcoming` };
  const finished = competition(ids.finished, now - 10 * DAY, now - 3 * DAY, true);
  const ongoing = competition(ids.ongoing, now - 2 * DAY, now + 5 * DAY, false);
  await db
    .insertInto('runescape_competitions')
    .values([finished, ongoing, competition(ids.upcoming, now + DAY, now + 8 * DAY, false)])
    .execute();
  for (const row of [finished, ongoing]) {
    const done = row === finished;
    await db
      .insertInto('runescape_competition_participants')
      .values(
        members.map((m, i) => {
          const xp = overallOf(m.data);
          return {
            competition_id: row.id,
            user_id: m.user_id,
            player_id: m.player_id,
            team: null,
            joined_at: row.starts_at,
            start_status: 'taken' as const,
            start_attempts: 1,
            start_next_at: row.starts_at,
            start_taken_at: row.starts_at + 1000,
            start_values: JSON.stringify({ overall: xp - 1000 * (i + 1), attack: null }),
            end_status: done ? ('taken' as const) : ('pending' as const),
            end_attempts: done ? 1 : 0,
            end_next_at: row.ends_at,
            end_taken_at: done ? row.ends_at + 1000 : null,
            end_values: done ? JSON.stringify({ overall: xp, attack: null }) : null,
          };
        }),
      )
      .execute();
    // Snapshots spread over the competition (before now), as the hourly refreshes would leave them.
    const span = Math.min(row.ends_at, now) - row.starts_at;
    await db
      .insertInto('runescape_snapshots')
      .values(
        members.flatMap((m) =>
          Array.from({ length: size.competitionSnapshots }, (_, k) => ({
            id: `${row.id}-${m.player_id}-${k}`,
            player_id: m.player_id,
            taken_at: row.starts_at + Math.floor(((k + 1) * span) / (size.competitionSnapshots + 1)),
            overall_xp: overallOf(m.data),
            data: m.data,
          })),
        ),
      )
      .execute();
  }
  // Their histories: as many edits of each as snapshots of each member.
  await db
    .insertInto('runescape_competition_changes')
    .values(
      [finished, ongoing].flatMap((row) =>
        Array.from({ length: size.competitionSnapshots }, (_, k) => ({
          id: `${row.id}-change-${k}`,
          competition_id: row.id,
          group_id: clanID,
          actor_id: ownerID,
          changed_at: row.created_at + k,
          changes: JSON.stringify([{ field: 'endsAt', before: row.ends_at - HOUR, after: row.ends_at }]),
        })),
      ),
    )
    .execute();
  return { finished: ids.finished, ongoing: ids.ongoing };
}

const CLAIM_STATUSES = ['pending', 'held', 'accepted', 'declined'] as const;

/**
 * The clan's bingos, stored as the bingo job and the members leave them (the clock of these tests
 * does not move): a finished one, an ongoing one and one to come, each with a `bingoBoard`-sided
 * board (task, XP and kill-count tiles) and every member on one of `bingoTeams` teams in turn (so
 * the viewer and `other` play against each other). In the finished and the ongoing one each team
 * sent `bingoClaims` claims of task tiles (pending, held, accepted or declined in turn, an accepted
 * one completing its tile) and reached the XP goal of the board's first XP tile. `other` moderates
 * the finished bingo; further members (in a large world) the ongoing one.
 */
async function seedBingos(db: Db, clanID: string, members: TestUser[], now: number, size: WorldSize): Promise<World['bingos']> {
  const accounts = await db.selectFrom('runescape_accounts').select(['user_id', 'player_id']).where('group_id', '=', clanID).execute();
  const playerOf = new Map(accounts.map((a) => [a.user_id, a.player_id]));
  const ids = { finished: `${clanID}-bingo-finished`, ongoing: `${clanID}-bingo-ongoing`, upcoming: `${clanID}-bingo-upcoming` };
  const plans = [
    { id: ids.finished, startsAt: now - 10 * DAY, endsAt: now - 3 * DAY, moderators: [members[1]!] },
    { id: ids.ongoing, startsAt: now - 2 * DAY, endsAt: now + 5 * DAY, moderators: members.slice(2, 5) },
    { id: ids.upcoming, startsAt: now + DAY, endsAt: now + 8 * DAY, moderators: [] },
  ];
  for (const plan of plans) {
    const started = plan.startsAt < now;
    const done = plan.endsAt < now;
    await db
      .insertInto('runescape_bingos')
      .values({
        id: plan.id,
        group_id: clanID,
        name: `Bingo ${plan.id}`,
        starts_at: plan.startsAt,
        ends_at: plan.endsAt,
        size: size.bingoBoard,
        bonuses: JSON.stringify({ row: 5, column: 5, diagonal: 10, board: 50 }),
        created_by: members[0]!.user.id,
        created_at: plan.startsAt - DAY,
        updated_at: plan.startsAt - DAY,
        start_done_at: started ? plan.startsAt + 60_000 : null,
        end_done_at: done ? plan.endsAt + 60_000 : null,
        refreshed_at: started ? Math.min(now, plan.endsAt) : null,
        posted_end_at: done ? plan.endsAt + 60_000 : null,
        closed_at: done ? plan.endsAt + 60_000 : null,
      })
      .execute();
    // Every fourth tile from the second an XP tile, every fourth from the fourth a kill-count tile, the rest tasks.
    const tiles = Array.from({ length: size.bingoBoard ** 2 }, (_, position) => {
      const kind = position % 4 === 1 ? 'xp' : position % 4 === 3 ? 'kc' : 'task';
      return {
        id: `${plan.id}-tile-${position}`,
        bingo_id: plan.id,
        position,
        kind,
        title: `Tile ${position}`,
        description: kind === 'task' ? 'Send a screenshot of the drop' : '',
        metric: kind === 'xp' ? (position % 8 === 1 ? 'overall' : 'attack') : kind === 'kc' ? 'zulrah' : null,
        goal: kind === 'xp' ? 5000 : kind === 'kc' ? 10 : null,
        points: 1 + (position % 3),
      };
    });
    await db.insertInto('runescape_bingo_tiles').values(tiles).execute();
    const teams = Array.from({ length: size.bingoTeams }, (_, position) => ({
      id: `${plan.id}-team-${position}`,
      bingo_id: plan.id,
      name: `Team ${position + 1}`,
      position,
    }));
    await db.insertInto('runescape_bingo_teams').values(teams).execute();
    await db
      .insertInto('runescape_bingo_members')
      .values(
        members.map((member, i) => ({
          bingo_id: plan.id,
          user_id: member.user.id,
          team_id: teams[i % teams.length]!.id,
          player_id: playerOf.get(member.user.id) ?? null,
          start_status: started ? ('taken' as const) : ('pending' as const),
          start_attempts: started ? 1 : 0,
          start_next_at: plan.startsAt,
          start_taken_at: started ? plan.startsAt + 1000 : null,
          start_values: started ? JSON.stringify({ overall: 1000 * (i + 1), attack: 100, zulrah: null }) : null,
          end_status: 'pending' as const,
          end_attempts: 0,
          end_next_at: 0,
          end_taken_at: null,
          end_values: null,
        })),
      )
      .execute();
    if (plan.moderators.length > 0)
      await db
        .insertInto('runescape_bingo_moderators')
        .values(plan.moderators.map((m) => ({ bingo_id: plan.id, user_id: m.user.id })))
        .execute();
    if (!started) continue;

    const tasks = tiles.filter((tile) => tile.kind === 'task');
    const firstXp = tiles.find((tile) => tile.kind === 'xp')!;
    for (const [t, team] of teams.entries()) {
      const teamMembers = members.filter((_, i) => i % teams.length === t);
      const claims = Array.from({ length: size.bingoClaims }, (_, k) => {
        const decided = CLAIM_STATUSES[k % CLAIM_STATUSES.length] !== 'pending';
        return {
          id: `${team.id}-c${k}`,
          bingo_id: plan.id,
          tile_id: tasks[k % tasks.length]!.id,
          team_id: team.id,
          user_id: teamMembers[k % teamMembers.length]!.user.id,
          note: `Claim ${k}`,
          status: CLAIM_STATUSES[k % CLAIM_STATUSES.length]!,
          reason: CLAIM_STATUSES[k % CLAIM_STATUSES.length] === 'declined' ? 'The drop is not in the screenshot' : '',
          decided_by: decided ? members[0]!.user.id : null,
          decided_at: decided ? plan.startsAt + (k + 2) * HOUR : null,
          created_at: plan.startsAt + (k + 1) * HOUR,
          proof_type: 'image/png',
          proof_width: 30,
          proof_height: 20,
        };
      });
      await db.insertInto('runescape_bingo_claims').values(claims).execute();
      await db
        .insertInto('runescape_bingo_proofs')
        .values(claims.map((c) => ({ claim_id: c.id, data: Buffer.from(`proof of ${c.id}`).toString('base64') })))
        .execute();
      // Each decided claim's history: held first, then accepted or declined (a held claim only its hold).
      const decisions = claims
        .filter((c) => c.decided_at !== null)
        .flatMap((c) =>
          [
            ...(c.status === 'held' ? [] : [{ decision: 'held', reason: '', decided_at: c.decided_at! - HOUR / 2 }]),
            { decision: c.status, reason: c.reason, decided_at: c.decided_at! },
          ].map((d, i) => ({ id: `${c.id}-d${i}`, claim_id: c.id, bingo_id: plan.id, decided_by: members[0]!.user.id, ...d })),
        );
      if (decisions.length > 0) await db.insertInto('runescape_bingo_claim_decisions').values(decisions).execute();
      const completions = [
        ...claims
          .filter((c) => c.status === 'accepted')
          .map((c) => ({ tile_id: c.tile_id, team_id: team.id, bingo_id: plan.id, claim_id: c.id, completed_at: c.decided_at! })),
        { tile_id: firstXp.id, team_id: team.id, bingo_id: plan.id, claim_id: null, completed_at: plan.startsAt + DAY },
      ];
      await db.insertInto('runescape_bingo_completions').values(completions).execute();
    }
  }
  return { finished: ids.finished, ongoing: ids.ongoing, claim: `${ids.ongoing}-team-1-c0` };
}

/**
 * Builds a world of the given size through the API, as the app itself would fill it (the clan's
 * competitions and bingos stored directly in `db`, see seedCompetitions and seedBingos). The app's hiscores URL must point at
 * `osrs`, with an upstream limit that lets every member link an account.
 */
export async function seedWorld(app: FastifyInstance, now: number, size: WorldSize, osrs: OsrsHiscoresFake, db: Db): Promise<World> {
  const viewer = await createUser(app);
  const members = [viewer];
  for (let i = 1; i < size.members; i += 1) members.push(await createUser(app));
  const other = members[1]!;
  let group = await createGroup(app, viewer, { groupName: 'Read Group', gameName: 'Civilization 6', isPrivate: true });
  for (const member of members.slice(1)) await join(app, group, member);
  await setRole(app, group._id, viewer, other, 'Administrator');
  for (let i = 1; i < size.groups; i += 1) {
    const more = await createGroup(app, viewer, { groupName: `More ${i}`, gameName: 'Old School RuneScape', isPrivate: i % 2 === 0 });
    await createEvent(app, viewer, more._id, now, { eventName: `Raid ${i}`, startIn: (i + 1) * HOUR });
  }
  for (let i = 1; i < size.cards; i += 1) {
    await ok(
      'postGroupCard',
      call(app, '/api/components/postGroupCard', {
        method: 'POST',
        as: viewer,
        payload: { groupID: group._id, title: `Card ${i}`, body: 'Text' },
      }),
    );
  }

  const eventIDs: string[] = [];
  for (let i = 0; i < size.events; i += 1) {
    const event = await createEvent(app, viewer, group._id, now, { eventName: `Night ${i}`, startIn: (i + 2) * HOUR });
    eventIDs.push(event._id);
    for (const member of members.slice(0, Math.min(members.length, 10))) await attend(app, member, event._id);
    // Answers that take no seat, so the events carry every kind of answer.
    for (const [j, member] of members.slice(10, 12).entries()) {
      const payload = { eventID: event._id, response: j === 0 ? 'maybe' : 'can_sub' };
      await ok('respondToEvent', call(app, '/api/events/respondToEvent', { method: 'POST', as: member, payload }));
    }
  }

  for (const [i, member] of members.entries()) {
    const post = (path: string, payload: object) =>
      ok(path, call(app, `/api/civilization/${path}?groupID=${group._id}`, { method: 'POST', as: member, payload }));
    await post('postCivMapPreference', { map: MAPS[i % MAPS.length], operation: 'add' });
    await post('postUserLeaderAgenda', { userLeaderAgenda: `Agenda of member ${i}` });
    await post('postGameSettingPreference', { title: 'Game Speed', value: 'Quick', settingType: 'gameSettings' });
    await ok(
      'postPlayerAvailability',
      call(app, `/api/civilization/postPlayerAvailability/${group._id}/${member.user.id}`, {
        method: 'POST',
        as: member,
        payload: { day: DAYS[i % DAYS.length], time: TIMES[i % TIMES.length] },
      }),
    );
  }

  group = await ok('getFullGroup', call(app, `/api/groups/getFullGroup?groupID=${group._id}`, { as: viewer }));
  const players = members.slice(0, Math.min(members.length, PLAYERS_PER_GAME));
  for (let i = 0; i < size.games; i += 1) await finishedGame(app, group, viewer, players);
  let gameID = '';
  let draftID = '';
  for (let i = 0; i < size.games; i += 1) {
    const { draft, body } = await draftFor(app, group, viewer, players);
    draftID = draft.draftID;
    gameID = (await createGameFrom(app, viewer, body))._id;
  }

  let commentID = '';
  for (let i = 0; i < size.comments; i += 1) {
    const author = members[i % members.length]!;
    commentID = (
      await ok(
        'postComment',
        call(app, '/api/comments/postComment', {
          method: 'POST',
          as: author,
          payload: {
            comment: `Comment ${i}`,
            userID: author.user.id,
            username: author.user.username,
            groupID: group._id,
            gameID,
            date: '2026-01-01',
          },
        }),
      )
    )._id as string;
  }
  await ok(
    'postUserNotes',
    call(app, '/api/notes/postUserNotes', {
      method: 'POST',
      as: viewer,
      payload: { userID: viewer.user.id, groupID: group._id, gameID, notes: 'Rush.' },
    }),
  );
  for (const [i, player] of players.slice(1).entries()) {
    await ok(
      'postPlayerRelationship',
      call(app, `/api/notes/postPlayerRelationship/${viewer.user.id}/${group._id}/${gameID}`, {
        method: 'POST',
        as: viewer,
        payload: { userID: player.user.id, relationship: RELATIONSHIPS[i % RELATIONSHIPS.length] },
      }),
    );
  }

  const feed = await ok('feedToken', call(app, '/api/calendar/feedToken', { method: 'POST', as: viewer, payload: {} }));
  const clanID = await seedClan(app, osrs, viewer, members);
  const competitions = await seedCompetitions(db, clanID, viewer.user.id, now, size);
  const bingos = await seedBingos(db, clanID, members, now, size);
  return {
    size,
    viewer,
    other,
    group,
    eventID: eventIDs[0]!,
    gameID,
    draftID,
    commentID,
    feedPath: new URL(feed.url as string).pathname,
    clanID,
    competitions,
    bingos,
  };
}

/** One read call of the API, made by the world's viewer (or, `as: 'other'`, by the world's other member). */
export interface ReadCall {
  name: string;
  request: (world: World) => { method?: 'GET' | 'POST'; url: string; payload?: unknown; anonymous?: boolean; as?: 'other' };
}

const g = (w: World) => w.group._id;

/** Every read call of the API whose work depends on stored data. */
export const READ_CALLS: ReadCall[] = [
  { name: 'users/current', request: () => ({ url: '/api/users/current' }) },
  { name: 'users/getTimeZone', request: () => ({ url: '/api/users/getTimeZone' }) },
  { name: 'auth/discord', request: () => ({ url: '/api/auth/discord' }) },
  { name: 'groups/{id}/discordChannel', request: (w) => ({ url: `/api/groups/${g(w)}/discordChannel` }) },
  { name: 'groups/getUserGroups', request: (w) => ({ url: `/api/groups/getUserGroups?userID=${w.viewer.user.id}` }) },
  { name: 'groups/searchGroups', request: () => ({ url: '/api/groups/searchGroups?gameName=Old%20School%20RuneScape' }) },
  { name: 'groups/getGroup', request: (w) => ({ url: `/api/groups/getGroup?groupID=${g(w)}` }) },
  {
    name: 'groups/getGroup with invite',
    request: (w) => ({ url: `/api/groups/getGroup?groupID=${g(w)}&inviteLink=${w.group.inviteLink}`, anonymous: true }),
  },
  { name: 'groups/getFullGroup', request: (w) => ({ url: `/api/groups/getFullGroup?groupID=${g(w)}` }) },
  { name: 'groups/getMembers', request: (w) => ({ url: `/api/groups/getMembers?groupID=${g(w)}` }) },
  { name: 'components/getGroupCards', request: (w) => ({ url: `/api/components/getGroupCards?groupID=${g(w)}` }) },
  { name: 'events/getEvents', request: (w) => ({ url: `/api/events/getEvents?groupID=${g(w)}` }) },
  { name: 'events/getMyUpcomingEvents', request: () => ({ url: '/api/events/getMyUpcomingEvents' }) },
  { name: 'events/{eventID}.ics', request: (w) => ({ url: `/api/events/${w.eventID}.ics` }) },
  { name: 'events/getEventAttendance', request: (w) => ({ url: `/api/events/getEventAttendance?eventID=${w.eventID}` }) },
  { name: 'events/getAttendanceRates', request: (w) => ({ url: `/api/events/getAttendanceRates?groupID=${g(w)}` }) },
  { name: 'events/getEventNudge', request: (w) => ({ url: `/api/events/getEventNudge?eventID=${w.eventID}` }) },
  { name: 'calendar/feedToken', request: () => ({ url: '/api/calendar/feedToken' }) },
  { name: 'calendar/{token}.ics', request: (w) => ({ url: w.feedPath, anonymous: true }) },
  { name: 'civilization/getGroupAvailability', request: (w) => ({ url: `/api/civilization/getGroupAvailability?groupID=${g(w)}` }) },
  {
    name: 'civilization/getPlayerAvailability',
    request: (w) => ({ url: `/api/civilization/getPlayerAvailability?groupID=${g(w)}&userID=${w.other.user.id}` }),
  },
  { name: 'civilization/getGroupLeaderAgendas', request: (w) => ({ url: `/api/civilization/getGroupLeaderAgendas/${g(w)}` }) },
  {
    name: 'civilization/getUserLeaderAgenda',
    request: (w) => ({ url: `/api/civilization/getUserLeaderAgenda?groupID=${g(w)}&userID=${w.other.user.id}` }),
  },
  { name: 'civilization/getAllCivPreferences', request: (w) => ({ url: `/api/civilization/getAllCivPreferences?groupID=${g(w)}` }) },
  {
    name: 'civilization/getCivPreferences',
    request: (w) => ({ url: `/api/civilization/getCivPreferences?groupID=${g(w)}&userID=${w.other.user.id}` }),
  },
  {
    name: 'civilization/getMemberCivPreferences',
    request: (w) => ({
      method: 'POST',
      url: `/api/civilization/getMemberCivPreferences?groupID=${g(w)}`,
      payload: w.group.members.slice(0, PLAYERS_PER_GAME).map((m) => m.userID),
    }),
  },
  { name: 'civilization/game', request: (w) => ({ url: `/api/civilization/game?gameID=${w.gameID}` }) },
  { name: 'civilization/getDraft', request: (w) => ({ url: `/api/civilization/getDraft?draftID=${w.draftID}` }) },
  { name: 'civilization/getDraftPresets', request: (w) => ({ url: `/api/civilization/getDraftPresets?groupID=${g(w)}` }) },
  { name: 'civilization/getOpenDrafts', request: (w) => ({ url: `/api/civilization/getOpenDrafts?groupID=${g(w)}` }) },
  { name: 'civilization/getActiveGames', request: (w) => ({ url: `/api/civilization/getActiveGames?groupID=${g(w)}` }) },
  { name: 'civilization/getFinishedGames', request: (w) => ({ url: `/api/civilization/getFinishedGames?groupID=${g(w)}&gameType=ffa` }) },
  {
    name: 'civilization/getFinishedGames filtered',
    request: (w) => ({
      url: `/api/civilization/getFinishedGames?groupID=${g(w)}&gameType=ffa&filterField=member&filterType=includes&filterValue=${w.viewer.user.username}`,
    }),
  },
  { name: 'civilization/getRankings', request: (w) => ({ url: `/api/civilization/getRankings?groupID=${g(w)}&gameType=ffa` }) },
  { name: 'comments/getComments', request: (w) => ({ url: `/api/comments/getComments/${w.gameID}/${g(w)}` }) },
  {
    name: 'comments/getComments, the next page',
    request: (w) => ({ url: `/api/comments/getComments/${w.gameID}/${g(w)}?limit=5&before=${w.commentID}` }),
  },
  { name: 'runescape/getLinkedAccount', request: (w) => ({ url: `/api/runescape/getLinkedAccount?groupID=${w.clanID}` }) },
  { name: 'runescape/getClanStats', request: (w) => ({ url: `/api/runescape/getClanStats?groupID=${w.clanID}&period=week` }) },
  { name: 'runescape/listRosterInvitations', request: (w) => ({ url: `/api/runescape/listRosterInvitations?groupID=${w.clanID}` }) },
  {
    name: 'runescape/getPlayerHistory',
    request: (w) => ({ url: `/api/runescape/getPlayerHistory?groupID=${w.clanID}&userID=${w.other.user.id}` }),
  },
  { name: 'runescape/getCompetitions', request: (w) => ({ url: `/api/runescape/getCompetitions?groupID=${w.clanID}` }) },
  {
    name: 'runescape/getCompetition, finished',
    request: (w) => ({ url: `/api/runescape/getCompetition?groupID=${w.clanID}&competitionID=${w.competitions.finished}` }),
  },
  {
    name: 'runescape/getCompetition, ongoing',
    request: (w) => ({ url: `/api/runescape/getCompetition?groupID=${w.clanID}&competitionID=${w.competitions.ongoing}` }),
  },
  { name: 'runescape/getBingos', request: (w) => ({ url: `/api/runescape/getBingos?groupID=${w.clanID}` }) },
  {
    name: 'runescape/getBingo, ongoing, as an Administrator on a team',
    request: (w) => ({ url: `/api/runescape/getBingo?groupID=${w.clanID}&bingoID=${w.bingos.ongoing}` }),
  },
  {
    name: 'runescape/getBingo, ongoing, as a member of another team',
    request: (w) => ({ url: `/api/runescape/getBingo?groupID=${w.clanID}&bingoID=${w.bingos.ongoing}`, as: 'other' }),
  },
  {
    name: 'runescape/getBingo, finished, as its appointed moderator',
    request: (w) => ({ url: `/api/runescape/getBingo?groupID=${w.clanID}&bingoID=${w.bingos.finished}`, as: 'other' }),
  },
  {
    name: "runescape/getBingoClaims, every team's, as an Administrator",
    request: (w) => ({ url: `/api/runescape/getBingoClaims?groupID=${w.clanID}&bingoID=${w.bingos.ongoing}` }),
  },
  {
    name: "runescape/getBingoClaims, the moderators' queue of pending claims",
    request: (w) => ({ url: `/api/runescape/getBingoClaims?groupID=${w.clanID}&bingoID=${w.bingos.ongoing}&status=pending` }),
  },
  {
    name: "runescape/getBingoClaims, a member's own team's",
    request: (w) => ({ url: `/api/runescape/getBingoClaims?groupID=${w.clanID}&bingoID=${w.bingos.ongoing}`, as: 'other' }),
  },
  {
    name: "runescape/getBingoClaims, every team's, as an appointed moderator",
    request: (w) => ({ url: `/api/runescape/getBingoClaims?groupID=${w.clanID}&bingoID=${w.bingos.finished}`, as: 'other' }),
  },
  {
    name: 'runescape/getBingoProof, as an Administrator',
    request: (w) => ({ url: `/api/runescape/getBingoProof?groupID=${w.clanID}&claimID=${w.bingos.claim}` }),
  },
  {
    name: "runescape/getBingoProof, as a member of the claim's team",
    request: (w) => ({ url: `/api/runescape/getBingoProof?groupID=${w.clanID}&claimID=${w.bingos.claim}`, as: 'other' }),
  },
  { name: 'notes/getUserNotes', request: (w) => ({ url: `/api/notes/getUserNotes/${w.viewer.user.id}/${g(w)}/${w.gameID}` }) },
];

/** Makes a read call as the world's viewer; throws unless it answers 200. */
export async function readAs(app: FastifyInstance, world: World, readCall: ReadCall) {
  const { method = 'GET', url, payload, anonymous, as } = readCall.request(world);
  const response = await app.inject({
    method,
    url,
    headers: anonymous ? {} : { authorization: (as === 'other' ? world.other : world.viewer).token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (response.statusCode !== 200) throw new Error(`${readCall.name} answered ${response.statusCode}: ${response.body}`);
  return response;
}
