// The mixed day: the members of 10 groups, each with their own token, asking for what their pages
// ask for (the group page, the dashboard, the Civilization pages), with sign-up toggles and
// availability ticks mixed in; the bare route answers the very same URLs in the same run.
import { randomSource } from './rows.mjs';
import { BENCH_PASSWORD } from './templates.mjs';

export const MIXED_GROUPS = 10;
export const WRITE_SHARE = 0.15;

/**
 * The week the members page shows, as it asks for it: from the start of the viewer's day (here
 * UTC's), the same all day.
 */
export const PAGE_WEEK_OF = (() => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
})();

/** What members' pages read, with how often (out of 100 reads). */
const READS = [
  { weight: 20, url: (g) => `/api/groups/getFullGroup?groupID=${g}` },
  { weight: 20, url: (g) => `/api/events/getEvents?groupID=${g}` },
  { weight: 15, url: (g) => `/api/components/getGroupCards?groupID=${g}` },
  { weight: 15, url: (g, member) => `/api/groups/getUserGroups?userID=${member.id}` },
  { weight: 10, url: (g) => `/api/civilization/getGroupAvailability?groupID=${g}&weekOf=${PAGE_WEEK_OF}` },
  { weight: 12, url: (g) => `/api/civilization/getActiveGames?groupID=${g}` },
  { weight: 8, url: (g) => `/api/civilization/getRankings?groupID=${g}&gameType=ffa` },
];
const READ_WEIGHT = READS.reduce((sum, read) => sum + read.weight, 0);
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const TIMES = ['Morning', 'Afternoon', 'Evening'];
const ATTEND = '/api/events/attendEvent';
const UNATTEND = '/api/events/unattendEvent';
const TICK = '/api/civilization/postPlayerAvailability';

const inList = (values) => values.map(() => '?').join(', ');

async function inBatches(items, size, task) {
  const results = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(task))));
  return results;
}

/**
 * The caller's first 10 groups, their members (each logged in once: their own token), the groups'
 * upcoming events and who is signed up for them.
 */
export async function mixedDayWorld(database, api, caller) {
  const groups = await database.all(
    'select g.id from groups g join group_members m on m.group_id = g.id where m.user_id = ? order by g.group_name limit ?',
    [caller.id, MIXED_GROUPS],
  );
  const groupIds = groups.map((group) => group.id);
  const memberships = await database.all(
    `select m.group_id, m.user_id, u.email from group_members m join users u on u.id = m.user_id where m.group_id in (${inList(groupIds)}) order by m.user_id`,
    groupIds,
  );
  const byUser = new Map();
  for (const row of memberships) {
    const member = byUser.get(row.user_id) ?? { id: row.user_id, email: row.email, groupIds: [] };
    member.groupIds.push(row.group_id);
    byUser.set(row.user_id, member);
  }
  const members = [...byUser.values()];
  // Logins one after another in small batches: the address's login limit counts those in flight.
  await inBatches(members, 4, async (member) => {
    member.token = (await api.post('/api/users/login', { email: member.email, password: BENCH_PASSWORD })).token;
  });
  const events = await database.all(
    `select id, group_id from events where group_id in (${inList(groupIds)}) and start_at > ? order by id`,
    [...groupIds, Date.now()],
  );
  const eventsByGroup = new Map(groupIds.map((id) => [id, []]));
  for (const event of events) eventsByGroup.get(event.group_id).push(event.id);
  const signUps = await database.all(
    `select a.user_id, a.event_id from event_attendees a join events e on e.id = a.event_id where e.group_id in (${inList(groupIds)})`,
    groupIds,
  );
  return { groupIds, members, eventsByGroup, attending: signUps.map((row) => `${row.user_id}:${row.event_id}`) };
}

/**
 * autocannon requests drawing each request at random (seeded): a member, one of their groups, then
 * a read or (writeShare of the time) a write. One member never has two toggles of one sign-up in
 * flight; the sign-ups known to be held are followed from the answers. Several autocannon runs
 * (two servers at once) can share one list.
 */
/** What Chromium sends: every read of the browser-like mixed day asks for a compressed answer. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export function mixedDayRequests(world, writeShare, seed, { acceptEncoding } = {}) {
  const random = randomSource(seed);
  const pending = new Set();
  const attending = new Set(world.attending);
  const json = { 'content-type': 'application/json' };

  function write(member, groupId, context) {
    if (random.next() < 2 / 3) {
      const events = world.eventsByGroup.get(groupId);
      const eventId = events[random.int(events.length)];
      const key = `${member.id}:${eventId}`;
      if (!eventId || pending.has(key)) return undefined;
      pending.add(key);
      context.toggle = key;
      context.attend = !attending.has(key);
      const body = JSON.stringify({ eventID: eventId, userID: member.id });
      return { method: 'POST', path: context.attend ? ATTEND : UNATTEND, headers: { authorization: member.token, ...json }, body };
    }
    const body = JSON.stringify({ day: DAYS[random.int(7)], time: TIMES[random.int(3)] });
    return { method: 'POST', path: `${TICK}/${groupId}/${member.id}`, headers: { authorization: member.token, ...json }, body };
  }

  function read(member, groupId) {
    let pick = random.int(READ_WEIGHT);
    const chosen = READS.find((entry) => (pick -= entry.weight) < 0);
    const headers = acceptEncoding ? { authorization: member.token, 'accept-encoding': acceptEncoding } : { authorization: member.token };
    return { method: 'GET', path: chosen.url(groupId, member), headers, body: undefined };
  }

  return [
    {
      setupRequest(req, context) {
        const member = world.members[random.int(world.members.length)];
        const groupId = member.groupIds[random.int(member.groupIds.length)];
        const request = (random.next() < writeShare && write(member, groupId, context)) || read(member, groupId);
        return { ...req, ...request };
      },
      onResponse(status, _body, context) {
        if (!context.toggle) return;
        pending.delete(context.toggle);
        if (status === 200) {
          if (context.attend) attending.add(context.toggle);
          else attending.delete(context.toggle);
        }
        context.toggle = undefined;
      },
    },
  ];
}

/** Every URL the scenario can ask for, with the app's answer, for the bare route to serve. */
export async function mixedDayAnswers(world, appBase) {
  const get = async (path, token) => {
    const res = await fetch(`${appBase}${path}`, { headers: { authorization: token } });
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const post = async (path, token, body) => {
    const res = await fetch(`${appBase}${path}`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const answers = {};
  const anyMember = (groupId) => world.members.find((member) => member.groupIds.includes(groupId));
  for (const groupId of world.groupIds) {
    const member = anyMember(groupId);
    for (const entry of READS) {
      const path = entry.url(groupId, member);
      if (!path.includes('getUserGroups')) answers[`GET ${path}`] = await get(path, member.token);
    }
  }
  await inBatches(world.members, 8, async (member) => {
    const path = `/api/groups/getUserGroups?userID=${member.id}`;
    answers[`GET ${path}`] = await get(path, member.token);
  });
  // One sign-up taken and given back, one availability tick and its undo: the answers the writes get.
  const member = world.members[0];
  const groupId = member.groupIds[0];
  const eventId = world.eventsByGroup.get(groupId).find((id) => !world.attending.includes(`${member.id}:${id}`));
  answers[`POST ${ATTEND}`] = await post(ATTEND, member.token, { eventID: eventId, userID: member.id });
  answers[`POST ${UNATTEND}`] = await post(UNATTEND, member.token, { eventID: eventId, userID: member.id });
  const tick = { day: 'Friday', time: 'Evening' };
  answers[`POST ${TICK}`] = await post(`${TICK}/${groupId}/${member.id}`, member.token, tick);
  await post(`${TICK}/${groupId}/${member.id}`, member.token, tick);
  return answers;
}
