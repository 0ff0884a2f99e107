// Groups with their members, events, sign-ups and Welcome cards as rows, copied from the templates.
import { HOUR, inviteCode, like } from './rows.mjs';

/**
 * `specs`: { id, name, ownerId, memberIds (without the owner), exists (group and memberships already
 * written), events: start times, attendees per event, attendeeExclude, cards }.
 */
export function groupRows(templates, specs, { random, newId, now }) {
  const rows = { groups: [], members: [], events: [], attendees: [], cards: [] };
  for (const spec of specs) {
    if (!spec.exists) {
      rows.groups.push(
        like(templates.group, {
          id: spec.id,
          group_name: spec.name,
          group_owner: spec.ownerId,
          invite_link: inviteCode(),
          created_at: now,
        }),
      );
      rows.members.push(like(templates.owner, { group_id: spec.id, user_id: spec.ownerId, joined_at: now }));
    }
    for (const userId of spec.memberIds) rows.members.push(like(templates.member, { group_id: spec.id, user_id: userId, joined_at: now }));
    const everyone = [spec.ownerId, ...spec.memberIds];
    const canAttend = everyone.filter((userId) => !spec.attendeeExclude?.has(userId));
    spec.events.forEach((startAt, k) => {
      const eventId = newId();
      rows.events.push(
        like(templates.event, {
          id: eventId,
          group_id: spec.id,
          user_id: everyone[k % everyone.length],
          event_name: `${spec.name} night ${k + 1}`,
          start_at: startAt,
          end_at: startAt + 3 * HOUR,
          max_number_of_members: 12,
          created_at: now,
          updated_at: now,
        }),
      );
      for (const userId of random.pick(canAttend, Math.min(spec.attendees, canAttend.length))) {
        rows.attendees.push(like(templates.attendee, { event_id: eventId, user_id: userId, joined_at: now }));
      }
    });
    for (let k = 0; k < spec.cards; k += 1) {
      rows.cards.push(like(templates.card, { id: newId(), group_id: spec.id, title: `Card ${k + 1}`, card_order: k, created_at: now }));
    }
  }
  return rows;
}

/** Users copied from the template user (same password hash: one argon2 computation for all). */
export function userRows(template, prefix, count, { newId, now }) {
  return Array.from({ length: count }, (_, i) => {
    const username = `${prefix}${String(i).padStart(5, '0')}`;
    return like(template, { id: newId(), username, username_key: username, email: `${username}@example.com`, created_at: now });
  });
}

export async function insertGroupRows(database, rows) {
  await database.insert('groups', rows.groups);
  await database.insert('group_members', rows.members);
  await database.insert('events', rows.events);
  await database.insert('event_attendees', rows.attendees);
  await database.insert('group_cards', rows.cards);
}
