// The invariants the soak holds the server to: checked on every answer that shows them during the run
// (seats over an event's limit, leader bans over a group's limit, duplicate memberships) and, at the
// end, through the API against what the workload saw acknowledged. Each break is a violation named
// after its check.
import { q } from './client.mjs';
import { auth, inBatches } from './community.mjs';

/** The checks a violation can fail, in the report's order. */
export const VIOLATION_CHECKS = [
  'seat limits hold',
  'leader bans within the limit',
  'no duplicate memberships',
  'memberships match the acknowledged joins and leaves',
  'final reads',
  'workload ran without errors',
];

export function checkEvent({ violation }, event, where) {
  if (event.attendingMembers.length > event.maxNumberOfMembers)
    violation(
      'seat limits hold',
      `${where}: event ${event._id} has ${event.attendingMembers.length} attendees, max ${event.maxNumberOfMembers}`,
    );
  if (new Set(event.attendingMembers.map((a) => a.userID)).size !== event.attendingMembers.length)
    violation('seat limits hold', `${where}: event ${event._id} lists an attendee twice`);
}

export function checkBans({ violation }, prefs, group, where) {
  if (prefs.leaderBans.length > group.maxBans)
    violation(
      'leader bans within the limit',
      `${where}: ${prefs.userID} has ${prefs.leaderBans.length} bans in group ${group.i} (max ${group.maxBans})`,
    );
  if (new Set(prefs.leaderBans.map((b) => b.civID)).size !== prefs.leaderBans.length)
    violation('leader bans within the limit', `${where}: ${prefs.userID} has a leader banned twice`);
}

/** After the run: every group's members, settings, events and bans, and every member's dashboard. */
export async function finalChecks(community) {
  const { call, violation, groups, members } = community;
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
    for (const event of events.body) checkEvent(community, event, 'final getEvents');
    if (group.isCiv) {
      const prefs = await call(
        'GET /api/civilization/getAllCivPreferences',
        'GET',
        `/api/civilization/getAllCivPreferences${q({ groupID })}`,
        auth(as),
      );
      if (prefs.status === 200) for (const p of prefs.body) checkBans(community, p, group, 'final getAllCivPreferences');
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
