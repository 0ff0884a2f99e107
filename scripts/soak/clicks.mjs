// Clicks: what members change. Availability, leader bans and agendas; events created and deleted,
// attend and unattend races on small seat limits and seat limits changed meanwhile; Welcome cards;
// leaving and joining groups; invite links, time zones and notification settings.
import { checkBans, checkEvent } from './checks.mjs';
import { q } from './client.mjs';
import { auth, joinByInvite, myGroup, pick, random } from './community.mjs';
import { rememberEvents } from './visits.mjs';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const TIMES = ['Morning', 'Afternoon', 'Evening'];
const TIME_ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'UTC', 'Australia/Sydney'];

export async function clickAvailability(community, m) {
  const { call } = community;
  const group = myGroup(community, m, true);
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

export async function banLeaders(community, m) {
  const { call, civIDs } = community;
  const group = myGroup(community, m, true);
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
    checkBans(community, res.body, group, 'postCivLeaderBanPreference');
    m.bans.set(
      group.id,
      res.body.leaderBans.map((b) => b.civID),
    );
  }
}

export async function writeLeaderAgenda(community, m) {
  const { call, civIDs } = community;
  const group = myGroup(community, m, true);
  if (!group) return;
  await call('POST /api/civilization/postUserLeaderAgenda', 'POST', `/api/civilization/postUserLeaderAgenda${q({ groupID: group.id })}`, {
    ...auth(m),
    body: { userLeaderAgenda: `Plays ${pick(civIDs)} when the map is ${pick(['wet', 'dry', 'small'])} (${Date.now()})` },
  });
}

/** Creates an event in one of the member's groups, or deletes their oldest one there once they have three. */
export async function createOrDeleteEvent(community, m) {
  const { call } = community;
  const group = myGroup(community, m);
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
export async function attendRace(community, m) {
  const { call, memberById } = community;
  const group = myGroup(community, m);
  const listed = await call('GET /api/events/getEvents', 'GET', `/api/events/getEvents${q({ groupID: group.id })}`, auth(m));
  if (listed.status !== 200) return;
  rememberEvents(community, group, listed.body);
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
  attended.forEach((res) => res.status === 200 && checkEvent(community, res.body, 'attendEvent'));
  const leaving = racers.filter((_, i) => attended[i].status === 200 && Math.random() < 0.5);
  const left = await Promise.all(
    leaving.map((r) =>
      call('POST /api/events/unattendEvent', 'POST', '/api/events/unattendEvent', { ...auth(r), body: body(r), ok: [200, 403, 404] }),
    ),
  );
  left.forEach((res) => res.status === 200 && checkEvent(community, res.body, 'unattendEvent'));
}

/** The creator changes the seat limit while others may be signing up: below the attendance it answers 409. */
export async function changeSeats(community, m) {
  const { call } = community;
  const group = myGroup(community, m);
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
    checkEvent(community, res.body, 'updateEvent');
    group.events.set(event._id, res.body);
  }
}

/** An Administrator edits, adds, removes or reorders Welcome cards; the owner and the admin may collide. */
export async function editCards(community, m) {
  const { call, groups } = community;
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
export async function leaveOrJoin(community, m) {
  const { call, groups, groupById } = community;
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
  if (others.length && size < 5) await joinByInvite(community, m, pick(others), Math.random() < 0.3);
}

export async function regenerateInvite(community, m) {
  const { call, groups } = community;
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

export async function setTimeZone(community, m) {
  const { call } = community;
  await call('POST /api/users/postTimeZone', 'POST', '/api/users/postTimeZone', { ...auth(m), body: { timeZone: pick(TIME_ZONES) } });
}

export async function toggleNotifications(community, m) {
  const { call } = community;
  const group = myGroup(community, m);
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
