// The calls the bench measures, each as autocannon options for the app, and the request whose
// answer the bare route serves.
import { BENCH_PASSWORD } from './templates.mjs';

const json = { 'content-type': 'application/json' };

/** Each connection signs up for an event of the caller's and takes itself off again; the next round takes the next event. */
function attendUnattend(caller, eventIds) {
  let next = 0;
  const body = (context) => JSON.stringify({ eventID: context.eventID, userID: caller.id });
  return [
    {
      method: 'POST',
      path: '/api/events/attendEvent',
      setupRequest(req, context) {
        context.eventID = eventIds[next % eventIds.length];
        next += 1;
        return { ...req, body: body(context) };
      },
    },
    { method: 'POST', path: '/api/events/unattendEvent', setupRequest: (req, context) => ({ ...req, body: body(context) }) },
  ];
}

/** Logins spread over many accounts, one after another, so no account meets its own throttle. */
function loginRounds(emails) {
  let next = 0;
  return [
    {
      method: 'POST',
      path: '/api/users/login',
      setupRequest(req) {
        const email = emails[next % emails.length];
        next += 1;
        return { ...req, body: JSON.stringify({ email, password: BENCH_PASSWORD }) };
      },
    },
  ];
}

export function benchCalls({ caller, groupId, eventIds, loginEmails }) {
  const auth = { authorization: caller.token };
  const get = (name, path, read = true) => ({
    name,
    read,
    method: 'GET',
    path,
    headers: auth,
    sample: { method: 'GET', path, headers: auth },
  });
  const attendSample = { eventID: eventIds[0], userID: caller.id };
  return [
    get('getUserGroups (20 groups)', `/api/groups/getUserGroups?userID=${caller.id}`),
    get('getFullGroup (12 members)', `/api/groups/getFullGroup?groupID=${groupId}`),
    get('getEvents (10 events)', `/api/events/getEvents?groupID=${groupId}`),
    get('getGroupCards (4 cards)', `/api/components/getGroupCards?groupID=${groupId}`),
    {
      name: 'attend + unattend',
      read: false,
      method: 'POST',
      headers: { ...auth, ...json },
      requests: attendUnattend(caller, eventIds),
      sample: { method: 'POST', path: '/api/events/attendEvent', headers: { ...auth, ...json }, body: attendSample },
      undo: { method: 'POST', path: '/api/events/unattendEvent', headers: { ...auth, ...json }, body: attendSample },
    },
    {
      name: 'login (argon2id)',
      read: false,
      // No warm-up: logins still in flight from it would count against the address's login limit in the run itself.
      warmup: false,
      method: 'POST',
      headers: json,
      requests: loginRounds(loginEmails),
      sample: { method: 'POST', path: '/api/users/login', headers: json, body: { email: loginEmails[0], password: BENCH_PASSWORD } },
    },
    get('getActiveGames (25 active)', `/api/civilization/getActiveGames?groupID=${groupId}`),
    get('getFinishedGames ffa page 1', `/api/civilization/getFinishedGames?groupID=${groupId}&gameType=ffa`),
    get('getRankings ffa', `/api/civilization/getRankings?groupID=${groupId}&gameType=ffa`),
  ];
}
