// One of each row the bench seeds, written by the server itself through its API, so the bulk load
// copies every column the way the server fills it (defaults, JSON settings, roles).
export const BENCH_PASSWORD = 'bench password';

async function account(api, name) {
  const user = { username: name, email: `${name}@example.com`, password: BENCH_PASSWORD, password2: BENCH_PASSWORD };
  const { id } = await api.post('/api/users/register', user);
  const { token } = await api.post('/api/users/login', { email: user.email, password: BENCH_PASSWORD });
  return { id, token, username: name, email: user.email };
}

/**
 * Registers the benched caller and a second user, makes the caller's first group (Civilization 6,
 * the other user a member), a card, an event and a sign-up; reads those rows back as templates and
 * removes the card, event and sign-up (the bulk load writes the real ones).
 */
export async function writeTemplates(api, database) {
  const caller = await account(api, 'benchcaller');
  const mate = await account(api, 'benchmate');
  const group = await api.post(
    '/api/groups/createGroup',
    { groupName: 'Bench Group 0', gameName: 'Civilization 6', isPrivate: true },
    caller.token,
  );
  await api.post('/api/groups/joinGroup', { groupID: group._id, userID: mate.id, inviteLink: group.inviteLink }, mate.token);
  const card = await api.post(
    '/api/components/postGroupCard',
    { groupID: group._id, title: 'Welcome', body: 'House rules', footer: 'The admins' },
    caller.token,
  );
  const start = Date.now() + 2 * 24 * 60 * 60 * 1000;
  const event = await api.post(
    '/api/events/postEvent',
    {
      groupID: group._id,
      userID: caller.id,
      eventName: 'Template event',
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * 60 * 60 * 1000).toISOString(),
      maxNumberOfMembers: 12,
    },
    caller.token,
  );
  await api.post('/api/events/attendEvent', { eventID: event._id, userID: caller.id }, caller.token);

  const row = (table, where, params) => database.one(`select * from ${table} where ${where}`, params);
  const templates = {
    user: await row('users', 'id = ?', [caller.id]),
    group: await row('groups', 'id = ?', [group._id]),
    owner: await row('group_members', 'group_id = ? and user_id = ?', [group._id, caller.id]),
    member: await row('group_members', 'group_id = ? and user_id = ?', [group._id, mate.id]),
    card: await row('group_cards', 'id = ?', [card._id]),
    event: await row('events', 'id = ?', [event._id]),
    attendee: await row('event_attendees', 'event_id = ?', [event._id]),
  };
  for (const [name, value] of Object.entries(templates)) if (!value) throw new Error(`no ${name} row was written`);
  await database.run('delete from event_mail_outbox where event_id = ?', [event._id]);
  await database.run('delete from event_attendees where event_id = ?', [event._id]);
  await database.run('delete from events where id = ?', [event._id]);
  await database.run('delete from group_cards where id = ?', [card._id]);
  return { caller, mate, groupId: group._id, templates };
}
