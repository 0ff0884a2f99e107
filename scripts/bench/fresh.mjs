// Fresh answers: each read right after a write to a table it reads, so nothing kept between
// requests can answer it. Every connection sends the write, then the read, round after round; the
// bare route answers the same pairs. The figure is the pairs' rate, app over bare.
import { PAGE_WEEK_OF } from './mixed-day.mjs';
const json = { 'content-type': 'application/json' };
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const TIMES = ['Morning', 'Afternoon', 'Evening'];

/** Round-robin over `items`, one per write. */
function rotation(items) {
  let next = 0;
  return () => items[next++ % items.length];
}

/** The writes, each one touching what some reads read; `world` holds the caller's rows. */
function writes({ caller, groupId, callerGroupIds, eventIds, cardIds, activeGameIds }) {
  // A new object each time: autocannon writes content-length into the headers it is given.
  const auth = () => ({ authorization: caller.token, ...json });
  const nextGroup = rotation(callerGroupIds);
  const nextEvent = rotation(eventIds);
  const nextCard = rotation(cardIds);
  const nextGame = rotation(activeGameIds);
  const attending = new Set();
  let round = 0;
  return {
    membership: {
      sample: {
        method: 'POST',
        path: `/api/members/postMemberNotifications/${groupId}/${caller.id}`,
        headers: auth(),
        body: { receiveEventNotifications: true },
      },
      request: () => ({
        method: 'POST',
        path: `/api/members/postMemberNotifications/${nextGroup()}/${caller.id}`,
        headers: auth(),
        body: JSON.stringify({ receiveEventNotifications: (round += 1) % 2 === 0 }),
      }),
    },
    signUp: {
      sample: { method: 'POST', path: '/api/events/attendEvent', headers: auth(), body: { eventID: eventIds[0], userID: caller.id } },
      undo: { method: 'POST', path: '/api/events/unattendEvent', headers: auth(), body: { eventID: eventIds[0], userID: caller.id } },
      request: (context) => {
        const eventId = nextEvent();
        context.eventId = eventId;
        context.attend = !attending.has(eventId);
        return {
          method: 'POST',
          path: context.attend ? '/api/events/attendEvent' : '/api/events/unattendEvent',
          headers: auth(),
          body: JSON.stringify({ eventID: eventId, userID: caller.id }),
        };
      },
      onResponse: (status, context) => {
        if (status !== 200) return;
        if (context.attend) attending.add(context.eventId);
        else attending.delete(context.eventId);
      },
    },
    card: {
      sample: {
        method: 'POST',
        path: '/api/components/postGroupCard',
        headers: auth(),
        body: { _id: cardIds[0], groupID: groupId, title: 'Card 1', body: 'Fresh' },
      },
      request: () => {
        const cardId = nextCard();
        return {
          method: 'POST',
          path: '/api/components/postGroupCard',
          headers: auth(),
          body: JSON.stringify({
            _id: cardId,
            groupID: groupId,
            title: `Card ${cardIds.indexOf(cardId) + 1}`,
            body: `Fresh ${(round += 1)}`,
          }),
        };
      },
    },
    availability: {
      sample: {
        method: 'POST',
        path: `/api/civilization/postPlayerAvailability/${groupId}/${caller.id}`,
        headers: auth(),
        body: { day: 'Monday', time: 'Morning', available: true },
      },
      request: () => ({
        method: 'POST',
        path: `/api/civilization/postPlayerAvailability/${groupId}/${caller.id}`,
        headers: auth(),
        body: JSON.stringify({ day: DAYS[(round += 1) % 7], time: TIMES[round % 3] }),
      }),
    },
    game: {
      sample: {
        method: 'POST',
        path: '/api/civilization/updateGame',
        headers: auth(),
        body: { gameID: activeGameIds[0], lobbyLink: 'steam://fresh' },
      },
      request: () => ({
        method: 'POST',
        path: '/api/civilization/updateGame',
        headers: auth(),
        body: JSON.stringify({ gameID: nextGame(), lobbyLink: `steam://fresh/${(round += 1)}` }),
      }),
    },
  };
}

/** One entry per read call of the bench: its URL and the write made before each of its requests. */
export function freshCalls(world) {
  const { caller, groupId } = world;
  const made = writes(world);
  const read = (name, path, write) => ({ name, path, write: made[write] });
  return [
    read('getUserGroups (20 groups)', `/api/groups/getUserGroups?userID=${caller.id}`, 'membership'),
    read('getFullGroup (12 members)', `/api/groups/getFullGroup?groupID=${groupId}`, 'membership'),
    read('getEvents (10 events)', `/api/events/getEvents?groupID=${groupId}`, 'signUp'),
    read('getGroupCards (4 cards)', `/api/components/getGroupCards?groupID=${groupId}`, 'card'),
    read('getGroupAvailability', `/api/civilization/getGroupAvailability?groupID=${groupId}&weekOf=${PAGE_WEEK_OF}`, 'availability'),
    read('getActiveGames (25 active)', `/api/civilization/getActiveGames?groupID=${groupId}`, 'game'),
    read('getFinishedGames ffa page 1', `/api/civilization/getFinishedGames?groupID=${groupId}&gameType=ffa`, 'game'),
    read('getRankings ffa', `/api/civilization/getRankings?groupID=${groupId}&gameType=ffa`, 'game'),
  ];
}

/** The caller's rows the writes go through. */
export async function freshWorld(database, setup, eventIds) {
  const { caller, groupId } = setup;
  const groups = await database.all('select group_id from group_members where user_id = ? order by group_id', [caller.id]);
  const cards = await database.all('select id from group_cards where group_id = ? order by card_order', [groupId]);
  const games = await database.all(
    'select id from civ_games where group_id = ? and finished_at is null and deleted_at is null order by id',
    [groupId],
  );
  return {
    caller,
    groupId,
    callerGroupIds: groups.map((row) => row.group_id),
    eventIds,
    cardIds: cards.map((row) => row.id),
    activeGameIds: games.map((row) => row.id),
  };
}

/**
 * How many URLs the reads of one call take turns with. Answers are kept per caller and URL, so with
 * one URL a read could be answered by what another connection's read kept after the last write
 * (counting statements, 37% to 55% of getEvents' reads were). Each pair's read gets the next URL
 * (the server ignores the extra parameter; the bare route drops it); 50 pairs at once never reach
 * a URL again while its last read is in flight, so every read comes right after a write.
 */
const FRESH_READ_URLS = 1_000;
export const FRESH_READ_PARAMETER = /&fresh=\d+$/;
const freshReadPath = (call, pair) => `${call.path}&fresh=${pair % FRESH_READ_URLS}`;

/** autocannon requests: the write, then the read (autocannon clears the context before each pair). */
export function freshPairs(call) {
  let pairs = 0;
  return [
    {
      method: 'POST',
      setupRequest: (req, context) => {
        context.readPath = freshReadPath(call, pairs++);
        return { ...req, ...call.write.request(context) };
      },
      onResponse: (status, _body, context) => call.write.onResponse?.(status, context),
    },
    {
      method: 'GET',
      setupRequest: (req, context) => ({
        ...req,
        method: 'GET',
        path: context.readPath,
        headers: { authorization: call.write.sample.headers.authorization },
        body: undefined,
      }),
    },
  ];
}
