// Page visits: the reads each page of the web app makes when a member opens it. Events read on the
// way are remembered (the clicks act on them) and their seats checked.
import { checkBans, checkEvent } from './checks.mjs';
import { q } from './client.mjs';
import { auth, myGroup, pick } from './community.mjs';

/** Keeps the group's events as last listed, checking each one's seats. */
export function rememberEvents(community, group, events) {
  group.events = new Map(events.map((e) => [e._id, e]));
  for (const event of events) checkEvent(community, event, 'getEvents');
}

export async function visitDashboard(community, m) {
  const { call } = community;
  await Promise.all([
    call('GET /api/users/current', 'GET', '/api/users/current', auth(m)),
    call('GET /api/groups/getUserGroups', 'GET', `/api/groups/getUserGroups${q({ userID: m.id })}`, auth(m)),
    call('GET /api/games/getGames', 'GET', '/api/games/getGames'),
  ]);
}

export async function visitSearch(community, m) {
  const { call } = community;
  await Promise.all([
    call(
      'GET /api/groups/searchGroups',
      'GET',
      `/api/groups/searchGroups${q({ gameName: pick(['', 'Civilization 6', 'Old School RuneScape']) })}`,
      auth(m),
    ),
    call('GET /api/games/getGames', 'GET', '/api/games/getGames'),
  ]);
}

export async function visitGroup(community, m) {
  const { call } = community;
  const group = myGroup(community, m);
  const groupID = group.id;
  const [, , events] = await Promise.all([
    call('GET /api/groups/getFullGroup', 'GET', `/api/groups/getFullGroup${q({ groupID })}`, auth(m)),
    call('GET /api/components/getGroupCards', 'GET', `/api/components/getGroupCards${q({ groupID })}`, auth(m)),
    call('GET /api/events/getEvents', 'GET', `/api/events/getEvents${q({ groupID })}`, auth(m)),
    call('GET /api/users/getTimeZone', 'GET', '/api/users/getTimeZone', auth(m)),
  ]);
  if (events.status === 200) rememberEvents(community, group, events.body);
}

export async function visitCivMembers(community, m) {
  const { call } = community;
  const group = myGroup(community, m, true);
  if (!group) return;
  const groupID = group.id;
  await Promise.all([
    call('GET /api/civilization/getGroupAvailability', 'GET', `/api/civilization/getGroupAvailability${q({ groupID })}`, auth(m)),
    call('GET /api/civilization/getGroupLeaderAgendas/:groupID', 'GET', `/api/civilization/getGroupLeaderAgendas/${groupID}`, auth(m)),
    call(
      'GET /api/civilization/getPlayerAvailability',
      'GET',
      `/api/civilization/getPlayerAvailability${q({ groupID, userID: m.id })}`,
      auth(m),
    ),
    call('GET /api/groups/getMembers', 'GET', `/api/groups/getMembers${q({ groupID })}`, auth(m)),
  ]);
}

export async function visitCivPreferences(community, m) {
  const { call } = community;
  const group = myGroup(community, m, true);
  if (!group) return;
  const groupID = group.id;
  const [, all] = await Promise.all([
    call('GET /api/civilization/getCivPreferences', 'GET', `/api/civilization/getCivPreferences${q({ groupID, userID: m.id })}`, auth(m)),
    call('GET /api/civilization/getAllCivPreferences', 'GET', `/api/civilization/getAllCivPreferences${q({ groupID })}`, auth(m)),
  ]);
  if (all.status === 200) for (const prefs of all.body) checkBans(community, prefs, group, 'getAllCivPreferences');
}

export async function visitCivGames(community, m) {
  const { call } = community;
  const group = myGroup(community, m, true);
  if (!group) return;
  const groupID = group.id;
  // A member listed here may be leaving at this moment: 400 names them.
  const userIDs = [...group.members].slice(0, 12);
  await Promise.all([
    call('GET /api/civilization/getActiveGames', 'GET', `/api/civilization/getActiveGames${q({ groupID })}`, auth(m)),
    call('GET /api/civilization/getFinishedGames', 'GET', `/api/civilization/getFinishedGames${q({ groupID, gameType: 'ffa' })}`, auth(m)),
    call(
      'GET /api/civilization/getRankings',
      'GET',
      `/api/civilization/getRankings${q({ groupID, gameType: pick(['ffa', 'team']) })}`,
      auth(m),
    ),
    call('POST /api/civilization/getMemberCivPreferences', 'POST', `/api/civilization/getMemberCivPreferences${q({ groupID })}`, {
      ...auth(m),
      body: { userIDs },
      ok: [200, 400],
    }),
  ]);
}

export async function visitProfile(community, m) {
  const { call } = community;
  await Promise.all([
    call('GET /api/users/current', 'GET', '/api/users/current', auth(m)),
    call('GET /api/users/getTimeZone', 'GET', '/api/users/getTimeZone', auth(m)),
    call('GET /api/calendar/feedToken', 'GET', '/api/calendar/feedToken', auth(m)),
  ]);
}

export async function downloadEventIcs(community, m) {
  const { call } = community;
  const group = myGroup(community, m);
  const event = pick([...group.events.values()]);
  if (event) await call('GET /api/events/:eventID.ics', 'GET', `/api/events/${event._id}.ics`, { ...auth(m), ok: [200, 404] });
}
