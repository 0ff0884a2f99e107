// Soak test: `npm run build && npm run test:soak` (SOAK_SECONDS, default 300).
// Starts the built server on a throwaway SQLite data dir (or DATABASE_URL when set), on loopback,
// and runs a bounded mixed workload of 50 members in 10 groups: invite joins and leaves, events
// with attend/unattend races on small seat limits, card edits, availability clicks, leader bans
// (with races against the group's limit) and the reads of every page. It samples the server's RSS
// and fails (exit 1) on any 5xx or unexpected status, on memory growth, or on a broken invariant:
// seats over an event's limit, leader bans over a group's limit, duplicate memberships.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_ARGS } from './server-node-args.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const numberFromEnv = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

const SECONDS = numberFromEnv('SOAK_SECONDS', 300);
const MEMBERS = 50;
const GROUPS = 10;
const CIV_GROUPS = 8;
/**
 * RSS is compared with its level once the server has settled: for its first ~50 s under this load it
 * climbs from ~140 MB to ~300 MB (V8 heap, SQLite's 16 MB page cache, argon2 and allocator arenas).
 */
const WARMUP_SECONDS = Math.min(60, Math.max(10, Math.round(SECONDS * 0.2)));
const SAMPLE_MS = 2000;
/** Pause between a member's page visits or clicks: about 250-300 requests/s from 50 members, not a saturation test. */
const THINK_MS = [150, 650];
const limits = {
  /** Always: the largest RSS sample. The load benchmark (heavier data) stays under 350 MB. */
  rssMaxMb: numberFromEnv('SOAK_RSS_MAX_MB', 500),
  /** End RSS (median of the last 15 s) minus RSS after warm-up (median of the 20 s after it). */
  rssGrowthMb: numberFromEnv('SOAK_RSS_GROWTH_MB', 50),
  /** Least-squares slope of every RSS sample in the last two thirds of the run. */
  rssSlopeMbPerMin: numberFromEnv('SOAK_RSS_SLOPE_MB_PER_MIN', 8),
  /** Growth and slope are checked only in runs this long: shorter ones are mostly the start-up climb. */
  growthMinSeconds: 150,
};

const serverEntry = path.join(root, 'apps/server/dist/main.js');
if (!fs.existsSync(serverEntry) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('The soak test runs the built server: run `npm run build` first (apps/server/dist/main.js or apps/web/dist is missing).');
  process.exit(1);
}

const civIDs = [
  ...fs.readFileSync(path.join(root, 'packages/shared/src/civilization/leaders-civ6.ts'), 'utf8').matchAll(/civID: '([A-Z0-9_]+)'/g),
].map((m) => m[1]);
if (civIDs.length < 20) throw new Error('could not read the Civilization VI civIDs from leaders-civ6.ts');
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const TIMES = ['Morning', 'Afternoon', 'Evening'];
const TIME_ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'UTC', 'Australia/Sydney'];

const random = (n) => Math.floor(Math.random() * n);
const pick = (items) => items[random(items.length)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);
const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

// ---- Server ---------------------------------------------------------------------------------

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const usesPostgres = Boolean(process.env.DATABASE_URL);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smm-soak-'));
const serverLog = [];
let serverErrorLogs = 0;
// The whole server log stays in the data dir, which is kept when the soak fails.
const serverLogFile = fs.createWriteStream(path.join(dataDir, 'server.log'));
// Node flags for the server when looking into a failure, e.g. SOAK_SERVER_FLAGS=--trace-gc (the output goes to server.log).
const serverFlags = (process.env.SOAK_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
const server = spawn(process.execPath, [...SERVER_NODE_ARGS, ...serverFlags, serverEntry], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
for (const stream of [server.stdout, server.stderr]) {
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    serverLogFile.write(chunk);
    for (const line of chunk.split('\n').filter(Boolean)) {
      if (/"level":(50|60)/.test(line)) serverErrorLogs += 1;
      serverLog.push(line);
      if (serverLog.length > 200) serverLog.shift();
    }
  });
}
let serverExited = null;
server.on('exit', (code, signal) => (serverExited = { code, signal }));

async function stopServer() {
  if (serverExited) return serverExited;
  server.kill('SIGTERM');
  for (let i = 0; i < 100 && !serverExited; i += 1) await sleep(100);
  if (!serverExited) server.kill('SIGKILL');
  return serverExited;
}
process.once('SIGINT', () => {
  server.kill('SIGTERM');
  process.exit(130);
});

function rssMb() {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** CPU seconds the server has used (user + system; /proc counts in ticks of 1/100 s on Linux). */
function cpuSeconds() {
  const fields = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

// ---- HTTP client with per-route statistics ----------------------------------------------------

const routes = new Map();
const unexpected = [];
const violations = [];
const violationCounts = {};

/** Records a broken invariant under the name of the check it fails. */
function violation(check, detail) {
  violationCounts[check] = (violationCounts[check] ?? 0) + 1;
  if (violations.length < 50) violations.push({ check, detail });
}

/** One request; `label` names the route, `ok` lists the statuses this call may answer in this workload. */
async function call(label, method, url, { token, body, ok = [200] } = {}) {
  const started = performance.now();
  let status;
  let payload;
  try {
    const res = await fetch(base + url, {
      method,
      headers: { ...(token ? { authorization: token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    status = res.status;
    const text = await res.text();
    payload = res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text;
  } catch (error) {
    status = 'network error';
    payload = error instanceof Error ? error.message : String(error);
  }
  const ms = performance.now() - started;
  let route = routes.get(label);
  if (!route) routes.set(label, (route = { count: 0, statuses: {}, ms: [] }));
  route.count += 1;
  route.statuses[status] = (route.statuses[status] ?? 0) + 1;
  route.ms.push(ms);
  if (!ok.includes(status)) {
    route.unexpected = (route.unexpected ?? 0) + 1;
    if (unexpected.length < 30) unexpected.push({ route: label, status, body: JSON.stringify(payload).slice(0, 300) });
  }
  return { status, body: payload };
}

const q = (params) => `?${new URLSearchParams(params)}`;

// ---- The simulated community ------------------------------------------------------------------

const run = Date.now().toString(36);
/** members[i]: { id, token, email, password, groups: Set<groupID>, bans: Map<groupID, civID[]> } */
const members = [];
/** groups[i]: { id, isCiv, maxBans, inviteLink, owner, admin, members: Set<userID>, events: Map<eventID, event> } */
const groups = [];
const groupById = new Map();
const memberById = new Map();

async function inBatches(items, size, fn) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

async function login(member) {
  const res = await call('POST /api/users/login', 'POST', '/api/users/login', { body: { email: member.email, password: member.password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  member.token = res.body.token;
}

/** Opens the invite page of the group, then joins with its code; `race` sends two joins at once, of which exactly one may succeed. */
async function joinByInvite(member, group, race = false) {
  const inviteLink = group.inviteLink;
  await call('GET /api/groups/getGroup', 'GET', `/api/groups/getGroup${q({ groupID: group.id, inviteLink })}`, {
    token: member.token,
    ok: [200, 403, 404],
  });
  const body = { groupID: group.id, userID: member.id, inviteLink };
  const attempts = await Promise.all(
    Array.from({ length: race ? 2 : 1 }, () =>
      call('POST /api/groups/joinGroup', 'POST', '/api/groups/joinGroup', { token: member.token, body, ok: [200, 403, 409] }),
    ),
  );
  const joined = attempts.filter((a) => a.status === 200).length;
  if (joined > 1) violation('no duplicate memberships', `two concurrent joins of ${member.id} to ${group.id} both succeeded`);
  if (joined > 0) {
    group.members.add(member.id);
    member.groups.add(group.id);
  }
  return joined > 0;
}

async function setup() {
  for (let i = 0; i < MEMBERS; i += 1) {
    const username = `soak${run}m${i}`;
    members.push({ i, username, email: `${username}@soak.test`, password: `soak password ${i}`, groups: new Set(), bans: new Map() });
  }
  await inBatches(members, 5, async (m) => {
    const res = await call('POST /api/users/register', 'POST', '/api/users/register', {
      body: { username: m.username, email: m.email, password: m.password, password2: m.password },
    });
    if (res.status !== 200) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
    m.id = res.body.id;
    memberById.set(m.id, m);
    await login(m);
  });

  const perGroup = MEMBERS / GROUPS;
  for (let g = 0; g < GROUPS; g += 1) {
    const owner = members[g * perGroup];
    const isCiv = g < CIV_GROUPS;
    const res = await call('POST /api/groups/createGroup', 'POST', '/api/groups/createGroup', {
      token: owner.token,
      body: { groupName: `Soak ${run} ${g}`, gameName: isCiv ? 'Civilization 6' : 'Old School RuneScape', isPrivate: g % 4 !== 3 },
    });
    if (res.status !== 200) throw new Error(`createGroup failed: ${res.status} ${JSON.stringify(res.body)}`);
    // Limits of 1 to 5 bans, set once: lowering a limit keeps existing bans by design, so it never changes during the run.
    const maxBans = 1 + (g % 5);
    if (isCiv) {
      const set = await call('POST /api/groups/postGroupSettings', 'POST', `/api/groups/postGroupSettings${q({ groupID: res.body._id })}`, {
        token: owner.token,
        body: { settings: { maxNumberOfLeaderBans: maxBans } },
      });
      if (set.status !== 200) throw new Error(`postGroupSettings failed: ${set.status}`);
    }
    const group = {
      i: g,
      id: res.body._id,
      isCiv,
      maxBans,
      inviteLink: res.body.inviteLink,
      owner,
      admin: members[g * perGroup + 1],
      members: new Set([owner.id]),
      events: new Map(),
    };
    owner.groups.add(group.id);
    groups.push(group);
    groupById.set(group.id, group);
  }
  // Each member joins its home group and two others by invite link: about 15 members a group.
  await inBatches(members, 10, async (m) => {
    const home = Math.floor(m.i / perGroup);
    for (const g of [home, (home + 3) % GROUPS, (home + 7) % GROUPS]) {
      if (!groups[g].members.has(m.id) && !(await joinByInvite(m, groups[g]))) throw new Error(`member ${m.i} could not join group ${g}`);
    }
  });
  for (const group of groups) {
    const res = await call('POST /api/groups/updateMemberRole', 'POST', `/api/groups/updateMemberRole${q({ groupID: group.id })}`, {
      token: group.owner.token,
      body: { userID: group.admin.id, role: 'Administrator' },
    });
    if (res.status !== 200) throw new Error(`updateMemberRole failed: ${res.status}`);
  }
}

// ---- Workload: page visits and clicks ---------------------------------------------------------

const myGroup = (m, civOnly = false) => {
  const ids = [...m.groups].filter((id) => !civOnly || groupById.get(id).isCiv);
  return ids.length ? groupById.get(pick(ids)) : undefined;
};
const auth = (m) => ({ token: m.token });

function checkEvent(event, where) {
  if (event.attendingMembers.length > event.maxNumberOfMembers)
    violation(
      'seat limits hold',
      `${where}: event ${event._id} has ${event.attendingMembers.length} attendees, max ${event.maxNumberOfMembers}`,
    );
  if (new Set(event.attendingMembers.map((a) => a.userID)).size !== event.attendingMembers.length)
    violation('seat limits hold', `${where}: event ${event._id} lists an attendee twice`);
}

function checkBans(prefs, group, where) {
  if (prefs.leaderBans.length > group.maxBans)
    violation(
      'leader bans within the limit',
      `${where}: ${prefs.userID} has ${prefs.leaderBans.length} bans in group ${group.i} (max ${group.maxBans})`,
    );
  if (new Set(prefs.leaderBans.map((b) => b.civID)).size !== prefs.leaderBans.length)
    violation('leader bans within the limit', `${where}: ${prefs.userID} has a leader banned twice`);
}

function rememberEvents(group, events) {
  group.events = new Map(events.map((e) => [e._id, e]));
  for (const event of events) checkEvent(event, 'getEvents');
}

async function visitDashboard(m) {
  await Promise.all([
    call('GET /api/users/current', 'GET', '/api/users/current', auth(m)),
    call('GET /api/groups/getUserGroups', 'GET', `/api/groups/getUserGroups${q({ userID: m.id })}`, auth(m)),
    call('GET /api/games/getGames', 'GET', '/api/games/getGames'),
  ]);
}

async function visitSearch(m) {
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

async function visitGroup(m) {
  const group = myGroup(m);
  const groupID = group.id;
  const [, , events] = await Promise.all([
    call('GET /api/groups/getFullGroup', 'GET', `/api/groups/getFullGroup${q({ groupID })}`, auth(m)),
    call('GET /api/components/getGroupCards', 'GET', `/api/components/getGroupCards${q({ groupID })}`, auth(m)),
    call('GET /api/events/getEvents', 'GET', `/api/events/getEvents${q({ groupID })}`, auth(m)),
    call('GET /api/users/getTimeZone', 'GET', '/api/users/getTimeZone', auth(m)),
  ]);
  if (events.status === 200) rememberEvents(group, events.body);
}

async function visitCivMembers(m) {
  const group = myGroup(m, true);
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

async function visitCivPreferences(m) {
  const group = myGroup(m, true);
  if (!group) return;
  const groupID = group.id;
  const [, all] = await Promise.all([
    call('GET /api/civilization/getCivPreferences', 'GET', `/api/civilization/getCivPreferences${q({ groupID, userID: m.id })}`, auth(m)),
    call('GET /api/civilization/getAllCivPreferences', 'GET', `/api/civilization/getAllCivPreferences${q({ groupID })}`, auth(m)),
  ]);
  if (all.status === 200) for (const prefs of all.body) checkBans(prefs, group, 'getAllCivPreferences');
}

async function visitCivGames(m) {
  const group = myGroup(m, true);
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

async function visitProfile(m) {
  await Promise.all([
    call('GET /api/users/current', 'GET', '/api/users/current', auth(m)),
    call('GET /api/users/getTimeZone', 'GET', '/api/users/getTimeZone', auth(m)),
    call('GET /api/calendar/feedToken', 'GET', '/api/calendar/feedToken', auth(m)),
  ]);
}

async function downloadEventIcs(m) {
  const group = myGroup(m);
  const event = pick([...group.events.values()]);
  if (event) await call('GET /api/events/:eventID.ics', 'GET', `/api/events/${event._id}.ics`, { ...auth(m), ok: [200, 404] });
}

async function clickAvailability(m) {
  const group = myGroup(m, true);
  if (!group) return;
  const body = { day: pick(DAYS), time: pick(TIMES), ...(Math.random() < 0.8 ? { available: Math.random() < 0.6 } : {}) };
  await call(
    'POST /api/civilization/postPlayerAvailability/:groupID/:userID',
    'POST',
    `/api/civilization/postPlayerAvailability/${group.id}/${m.id}`,
    {
      ...auth(m),
      body,
    },
  );
}

async function banLeaders(m) {
  const group = myGroup(m, true);
  if (!group) return;
  const url = `/api/civilization/postCivLeaderBanPreference${q({ groupID: group.id })}`;
  const mine = m.bans.get(group.id) ?? [];
  let requests;
  if (mine.length && Math.random() < 0.4) {
    requests = [{ leader: pick(mine), operation: 'remove' }];
  } else {
    // A quarter of the time three bans at once, to race the group's limit.
    const count = Math.random() < 0.25 ? 3 : 1;
    requests = Array.from({ length: count }, () => ({ leader: pick(civIDs), operation: 'add' }));
  }
  const results = await Promise.all(
    requests.map((body) => call('POST /api/civilization/postCivLeaderBanPreference', 'POST', url, { ...auth(m), body, ok: [200, 409] })),
  );
  for (const res of results) {
    if (res.status !== 200) continue;
    checkBans(res.body, group, 'postCivLeaderBanPreference');
    m.bans.set(
      group.id,
      res.body.leaderBans.map((b) => b.civID),
    );
  }
}

async function writeLeaderAgenda(m) {
  const group = myGroup(m, true);
  if (!group) return;
  await call('POST /api/civilization/postUserLeaderAgenda', 'POST', `/api/civilization/postUserLeaderAgenda${q({ groupID: group.id })}`, {
    ...auth(m),
    body: { userLeaderAgenda: `Plays ${pick(civIDs)} when the map is ${pick(['wet', 'dry', 'small'])} (${Date.now()})` },
  });
}

/** Creates an event in one of the member's groups, or deletes their oldest one there once they have three. */
async function createOrDeleteEvent(m) {
  const group = myGroup(m);
  const mine = [...group.events.values()].filter((e) => e.userID === m.id);
  if (mine.length >= 3) {
    const oldest = mine[0];
    const res = await call('POST /api/events/deleteEvent', 'POST', `/api/events/deleteEvent${q({ eventID: oldest._id })}`, {
      ...auth(m),
      ok: [200, 404],
    });
    group.events.delete(oldest._id);
    return res;
  }
  const start = Date.now() + (1 + random(72)) * 3600_000;
  const res = await call('POST /api/events/postEvent', 'POST', '/api/events/postEvent', {
    ...auth(m),
    body: {
      groupID: group.id,
      userID: m.id,
      eventName: `Soak night ${random(1000)}`,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 2 * 3600_000).toISOString(),
      maxNumberOfMembers: 2 + random(4),
    },
  });
  if (res.status === 200) group.events.set(res.body._id, res.body);
}

/** Several members of a group sign up for the same small event at once, then some take themselves off again. */
async function attendRace(m) {
  const group = myGroup(m);
  const listed = await call('GET /api/events/getEvents', 'GET', `/api/events/getEvents${q({ groupID: group.id })}`, auth(m));
  if (listed.status !== 200) return;
  rememberEvents(group, listed.body);
  const event = pick(listed.body);
  if (!event) return;
  const racers = [...group.members]
    .map((id) => memberById.get(id))
    .sort(() => Math.random() - 0.5)
    .slice(0, 2 + random(5));
  const body = (r) => ({ eventID: event._id, userID: r.id });
  // 403/404: the racer left the group, or the creator deleted the event, while the race ran.
  const attended = await Promise.all(
    racers.map((r) =>
      call('POST /api/events/attendEvent', 'POST', '/api/events/attendEvent', { ...auth(r), body: body(r), ok: [200, 403, 404, 409] }),
    ),
  );
  attended.forEach((res) => res.status === 200 && checkEvent(res.body, 'attendEvent'));
  const leaving = racers.filter((_, i) => attended[i].status === 200 && Math.random() < 0.5);
  const left = await Promise.all(
    leaving.map((r) =>
      call('POST /api/events/unattendEvent', 'POST', '/api/events/unattendEvent', { ...auth(r), body: body(r), ok: [200, 403, 404] }),
    ),
  );
  left.forEach((res) => res.status === 200 && checkEvent(res.body, 'unattendEvent'));
}

/** The creator changes the seat limit while others may be signing up: below the attendance it answers 409. */
async function changeSeats(m) {
  const group = myGroup(m);
  const event = [...group.events.values()].find((e) => e.userID === m.id);
  if (!event) return;
  const res = await call('POST /api/events/updateEvent', 'POST', `/api/events/updateEvent${q({ eventID: event._id })}`, {
    ...auth(m),
    body: {
      userID: m.id,
      eventName: event.eventName,
      startDate: event.startDate,
      endDate: event.endDate,
      maxNumberOfMembers: 1 + random(5),
    },
    ok: [200, 404, 409],
  });
  if (res.status === 200) {
    checkEvent(res.body, 'updateEvent');
    group.events.set(event._id, res.body);
  }
}

/** An Administrator edits, adds, removes or reorders Welcome cards; the owner and the admin may collide. */
async function editCards(m) {
  const group = groups.find((g) => (g.owner === m || g.admin === m) && m.groups.has(g.id) && Math.random() < 0.7);
  if (!group) return;
  const groupID = group.id;
  const listed = await call('GET /api/components/getGroupCards', 'GET', `/api/components/getGroupCards${q({ groupID })}`, auth(m));
  if (listed.status !== 200) return;
  const cards = listed.body;
  const roll = Math.random();
  if (roll < 0.5 && cards.length) {
    const card = pick(cards);
    await call('POST /api/components/postGroupCard', 'POST', '/api/components/postGroupCard', {
      ...auth(m),
      body: { _id: card._id, groupID, title: card.title, body: `Edited at ${new Date().toISOString()}`, footer: card.footer },
      ok: [200, 404],
    });
  } else if (roll < 0.7 && cards.length < 4) {
    await call('POST /api/components/postGroupCard', 'POST', '/api/components/postGroupCard', {
      ...auth(m),
      body: { groupID, title: `Rules ${random(100)}`, body: 'Be on time.', footer: '' },
    });
  } else if (roll < 0.8 && cards.length >= 4) {
    await call('POST /api/components/postRemoveGroupCard', 'POST', '/api/components/postRemoveGroupCard', {
      ...auth(m),
      body: { _id: cards[cards.length - 1]._id, groupID },
      ok: [200, 404],
    });
  } else if (cards.length > 1) {
    const order = cards.map((c) => c._id).sort(() => Math.random() - 0.5);
    // 400/404: the other Administrator added or removed a card since this list was read.
    await call('POST /api/components/postGroupCardOrder', 'POST', `/api/components/postGroupCardOrder${q({ groupID })}`, {
      ...auth(m),
      body: order.map((_id, cardOrder) => ({ _id, cardOrder })),
      ok: [200, 400, 404],
    });
  }
}

/**
 * Members drift between groups, about three each: leave one they neither own nor administer, or join
 * one by its invite link (sometimes twice at once).
 */
async function leaveOrJoin(m) {
  const leavable = [...m.groups].map((id) => groupById.get(id)).filter((g) => g.owner !== m && g.admin !== m);
  const size = m.groups.size;
  if (leavable.length && (size > 3 || (size === 3 && Math.random() < 0.5))) {
    const group = pick(leavable);
    const res = await call('POST /api/groups/leaveGroup', 'POST', '/api/groups/leaveGroup', {
      ...auth(m),
      body: { groupID: group.id, userID: m.id },
    });
    if (res.status === 200) {
      group.members.delete(m.id);
      m.groups.delete(group.id);
      m.bans.delete(group.id);
    }
    return;
  }
  const others = groups.filter((g) => !m.groups.has(g.id));
  if (others.length && size < 5) await joinByInvite(m, pick(others), Math.random() < 0.3);
}

async function regenerateInvite(m) {
  const group = groups.find((g) => g.owner === m || g.admin === m);
  if (!group) return;
  const res = await call(
    'POST /api/groups/regenerateInviteLink',
    'POST',
    `/api/groups/regenerateInviteLink${q({ groupID: group.id })}`,
    auth(m),
  );
  if (res.status === 200) group.inviteLink = res.body.inviteLink;
}

async function setTimeZone(m) {
  await call('POST /api/users/postTimeZone', 'POST', '/api/users/postTimeZone', { ...auth(m), body: { timeZone: pick(TIME_ZONES) } });
}

async function toggleNotifications(m) {
  const group = myGroup(m);
  await call(
    'POST /api/members/postMemberNotifications/:groupID/:userID',
    'POST',
    `/api/members/postMemberNotifications/${group.id}/${m.id}`,
    {
      ...auth(m),
      body: { receiveEventNotifications: Math.random() < 0.7 },
    },
  );
}

const actions = [
  [8, visitDashboard],
  [3, visitSearch],
  [10, visitGroup],
  [6, visitCivMembers],
  [4, visitCivPreferences],
  [4, visitCivGames],
  [2, visitProfile],
  [1, downloadEventIcs],
  [10, clickAvailability],
  [8, banLeaders],
  [2, writeLeaderAgenda],
  // Each new or deleted event mails the group's ~15 members: about 25 mails/s here, half of what the
  // event-mail job sends (1000 per 20 s tick), so the outbox does not pile up.
  [1, createOrDeleteEvent],
  [6, attendRace],
  [1, changeSeats],
  [3, editCards],
  [2, leaveOrJoin],
  [0.3, regenerateInvite],
  [1, setTimeZone],
  [1, toggleNotifications],
  [0.3, login],
];
const totalWeight = actions.reduce((sum, [w]) => sum + w, 0);
function chooseAction() {
  let roll = Math.random() * totalWeight;
  for (const [weight, action] of actions) if ((roll -= weight) < 0) return action;
  return actions[0][1];
}

// ---- Final checks through the API ---------------------------------------------------------------

async function finalChecks() {
  for (const group of groups) {
    const as = group.owner;
    const groupID = group.id;
    const [full, listed, events] = await Promise.all([
      call('GET /api/groups/getFullGroup', 'GET', `/api/groups/getFullGroup${q({ groupID })}`, auth(as)),
      call('GET /api/groups/getMembers', 'GET', `/api/groups/getMembers${q({ groupID })}`, auth(as)),
      call('GET /api/events/getEvents', 'GET', `/api/events/getEvents${q({ groupID })}`, auth(as)),
    ]);
    if (full.status !== 200 || listed.status !== 200 || events.status !== 200) {
      violation('final reads', `group ${group.i}: ${full.status}/${listed.status}/${events.status}`);
      continue;
    }
    const ids = listed.body.map((member) => member.userID);
    if (new Set(ids).size !== ids.length) violation('no duplicate memberships', `group ${group.i} lists a member twice`);
    const expected = [...group.members].sort().join();
    if ([...ids].sort().join() !== expected)
      violation(
        'memberships match the acknowledged joins and leaves',
        `group ${group.i}: ${ids.length} members, ${group.members.size} acknowledged`,
      );
    if (group.isCiv && full.body.settings.maxNumberOfLeaderBans !== group.maxBans)
      violation('leader bans within the limit', `group ${group.i} limit changed to ${full.body.settings.maxNumberOfLeaderBans}`);
    for (const event of events.body) checkEvent(event, 'final getEvents');
    if (group.isCiv) {
      const prefs = await call(
        'GET /api/civilization/getAllCivPreferences',
        'GET',
        `/api/civilization/getAllCivPreferences${q({ groupID })}`,
        auth(as),
      );
      if (prefs.status === 200) for (const p of prefs.body) checkBans(p, group, 'final getAllCivPreferences');
      else violation('final reads', `getAllCivPreferences of group ${group.i}: ${prefs.status}`);
    }
  }
  await inBatches(members, 10, async (m) => {
    const res = await call('GET /api/groups/getUserGroups', 'GET', `/api/groups/getUserGroups${q({ userID: m.id })}`, auth(m));
    if (res.status !== 200) return violation('final reads', `getUserGroups of member ${m.i}: ${res.status}`);
    const ids = res.body.map((g) => g._id);
    if (new Set(ids).size !== ids.length) violation('no duplicate memberships', `member ${m.i} sees a group twice on the dashboard`);
    if ([...ids].sort().join() !== [...m.groups].sort().join())
      violation(
        'memberships match the acknowledged joins and leaves',
        `member ${m.i}: dashboard has ${ids.length} groups, ${m.groups.size} acknowledged`,
      );
  });
}

// ---- Run --------------------------------------------------------------------------------------

const samples = [];
let exitCode = 0;
try {
  for (let i = 0; ; i += 1) {
    if (serverExited) throw new Error(`the server exited during start-up (${JSON.stringify(serverExited)})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error('the server did not answer /api/health within 30 s');
    await sleep(100);
  }
  console.log(
    `Soak: ${MEMBERS} members, ${GROUPS} groups, ${SECONDS} s on ${usesPostgres ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${dataDir}`}, port ${port}`,
  );
  await setup();
  console.log(`Set up in ${round(process.uptime())} s; workload running (warm-up ${WARMUP_SECONDS} s)…`);

  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const elapsed = () => (performance.now() - started) / 1000;
  samples.push([0, round(rssMb())]);
  const cpuAtStart = cpuSeconds();
  const sampler = setInterval(() => {
    if (!serverExited) samples.push([round(elapsed()), round(rssMb())]);
  }, SAMPLE_MS);
  const progress = setInterval(() => {
    const total = [...routes.values()].reduce((sum, r) => sum + r.count, 0);
    console.log(`  ${Math.round(elapsed())} s: ${total} requests, RSS ${round(samples.at(-1)[1])} MB`);
  }, 30_000);
  await Promise.all(
    members.map(async (m) => {
      await sleep(random(THINK_MS[1]));
      while (performance.now() < deadline && !serverExited) {
        const action = chooseAction();
        try {
          await action(m);
        } catch (error) {
          violation('workload ran without errors', `${action.name}: ${error instanceof Error ? error.stack : String(error)}`);
        }
        await sleep(THINK_MS[0] + random(THINK_MS[1] - THINK_MS[0]));
      }
    }),
  );
  clearInterval(sampler);
  clearInterval(progress);
  const workloadSeconds = elapsed();
  if (serverExited) throw new Error(`the server exited during the run (${JSON.stringify(serverExited)})`);
  samples.push([round(workloadSeconds), round(rssMb())]);
  const serverCpuPercent = ((cpuSeconds() - cpuAtStart) / workloadSeconds) * 100;
  await finalChecks();

  // ---- Figures ----
  const all = [...routes.values()].flatMap((r) => r.ms).sort((a, b) => a - b);
  const statuses = {};
  for (const r of routes.values()) for (const [s, n] of Object.entries(r.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
  const count5xx = Object.entries(statuses).reduce((sum, [s, n]) => sum + (Number(s) >= 500 || s === 'network error' ? n : 0), 0);
  const unexpectedCount = [...routes.values()].reduce((sum, r) => sum + (r.unexpected ?? 0), 0);

  const rssAfterWarmup = median(samples.filter(([t]) => t >= WARMUP_SECONDS && t < WARMUP_SECONDS + 20).map(([, mb]) => mb));
  const rssEnd = median(samples.filter(([t]) => t >= workloadSeconds - 15).map(([, mb]) => mb));
  const rssMax = Math.max(...samples.map(([, mb]) => mb));
  const windowStart = workloadSeconds / 3;
  const slope = slopeMbPerMinute(samples.filter(([t]) => t >= windowStart));
  const windowSeconds = workloadSeconds - windowStart;
  const growthChecked = SECONDS >= limits.growthMinSeconds;
  const notChecked = growthChecked ? '' : ` (runs under ${limits.growthMinSeconds} s: reported, not checked)`;

  const checks = [
    { name: 'zero 5xx responses and network errors', ok: count5xx === 0, detail: `${count5xx}` },
    { name: 'every status was one the workload expects', ok: unexpectedCount === 0, detail: `${unexpectedCount} unexpected` },
    { name: `RSS never above ${limits.rssMaxMb} MB`, ok: rssMax <= limits.rssMaxMb, detail: `max ${round(rssMax)} MB` },
    {
      name: `RSS growth after the ${WARMUP_SECONDS} s warm-up <= ${limits.rssGrowthMb} MB`,
      ok: !growthChecked || rssEnd - rssAfterWarmup <= limits.rssGrowthMb,
      detail: `${round(rssAfterWarmup)} -> ${round(rssEnd)} MB (${round(rssEnd - rssAfterWarmup)} MB)${notChecked}`,
    },
    {
      name: `RSS slope over the last 2/3 <= ${limits.rssSlopeMbPerMin} MB/min`,
      ok: !growthChecked || slope <= limits.rssSlopeMbPerMin,
      detail: `${round(slope, 2)} MB/min over ${Math.round(windowSeconds)} s${notChecked}`,
    },
    ...[
      'seat limits hold',
      'leader bans within the limit',
      'no duplicate memberships',
      'memberships match the acknowledged joins and leaves',
      'final reads',
      'workload ran without errors',
    ].map((name) => {
      const count = violationCounts[name] ?? 0;
      const first = violations.filter((v) => v.check === name).slice(0, 3);
      return { name, ok: count === 0, detail: count ? `${count}: ${first.map((v) => v.detail).join('; ')}` : 'ok' };
    }),
  ];

  const routeRows = [...routes.entries()]
    .sort(([, a], [, b]) => b.count - a.count)
    .map(([route, r]) => {
      const sorted = [...r.ms].sort((a, b) => a - b);
      return {
        route,
        requests: r.count,
        statuses: Object.entries(r.statuses)
          .map(([s, n]) => `${s}:${n}`)
          .join(' '),
        p50: round(percentile(sorted, 50)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted.at(-1)),
      };
    });
  console.table(
    routeRows.map(({ route, requests, statuses: s, p50, p99 }) => ({ route, requests, statuses: s, 'p50 ms': p50, 'p99 ms': p99 })),
  );
  const summary = {
    requests: all.length,
    'requests/s': round(all.length / workloadSeconds),
    statuses: JSON.stringify(statuses),
    'p50 ms': round(percentile(all, 50)),
    'p99 ms': round(percentile(all, 99)),
    'RSS after warm-up MB': round(rssAfterWarmup),
    'RSS end MB': round(rssEnd),
    'RSS max MB': round(rssMax),
    'RSS slope MB/min': round(slope, 2),
    'server CPU % (of one core)': Math.round(serverCpuPercent),
    'server error log lines': serverErrorLogs,
    // Without SMTP_URL the event-mail job writes each mail here: shows whether it kept up with the events.
    'mails written to the outbox': fs.existsSync(path.join(dataDir, 'outbox')) ? fs.readdirSync(path.join(dataDir, 'outbox')).length : 0,
  };
  console.table(summary);
  console.table(checks.map(({ name, ok, detail }) => ({ check: name, result: ok ? 'pass' : 'FAIL', detail })));
  if (unexpected.length) console.log('Unexpected responses (first ones):', unexpected.slice(0, 10));

  const result = {
    startedAt: new Date(Date.now() - workloadSeconds * 1000).toISOString(),
    engine: usesPostgres ? 'postgres' : 'sqlite',
    seconds: SECONDS,
    workloadSeconds: round(workloadSeconds),
    members: MEMBERS,
    groups: GROUPS,
    warmupSeconds: WARMUP_SECONDS,
    limits,
    summary: { ...summary, statuses },
    checks,
    routes: routeRows,
    rssSamples: samples,
    unexpected,
    violations,
  };
  const resultsDir = path.join(root, 'bench/results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `soak-${new Date().toISOString().replaceAll(':', '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`Results written to ${path.relative(root, file)}`);

  const failed = checks.filter((c) => !c.ok);
  if (failed.length) {
    console.error(`Soak FAILED: ${failed.map((c) => c.name).join('; ')}`);
    exitCode = 1;
  } else {
    console.log('Soak passed: every check holds.');
  }
} catch (error) {
  console.error(`Soak FAILED: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  const exit = await stopServer();
  if (exitCode !== 0 && serverLog.length) console.error(`Last server log lines:\n${serverLog.slice(-30).join('\n')}`);
  if (exit && exit.code !== 0 && exit.signal !== 'SIGTERM' && exitCode === 0) {
    console.error(`Soak FAILED: the server did not shut down cleanly (${JSON.stringify(exit)})`);
    exitCode = 1;
  }
  if (exitCode === 0) fs.rmSync(dataDir, { recursive: true, force: true });
  else console.error(`Server data kept for inspection: ${dataDir}`);
}
process.exit(exitCode);

/** Least-squares slope of [seconds, MB] samples, in MB per minute. */
function slopeMbPerMinute(points) {
  if (points.length < 3) return 0;
  const n = points.length;
  const meanT = points.reduce((s, [t]) => s + t, 0) / n;
  const meanY = points.reduce((s, [, y]) => s + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [t, y] of points) {
    num += (t - meanT) * (y - meanY);
    den += (t - meanT) ** 2;
  }
  return den === 0 ? 0 : (num / den) * 60;
}
