// The workload: every member, until the deadline, picks a weighted action (a page visit or a click),
// does it, and thinks for 150-650 ms: about 250-300 requests/s from 50 members, not a saturation test.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  attendRace,
  banLeaders,
  changeSeats,
  clickAvailability,
  createOrDeleteEvent,
  editCards,
  leaveOrJoin,
  regenerateInvite,
  setTimeZone,
  toggleNotifications,
  writeLeaderAgenda,
} from './clicks.mjs';
import { login, random } from './community.mjs';
import {
  downloadEventIcs,
  visitCivGames,
  visitCivMembers,
  visitCivPreferences,
  visitDashboard,
  visitGroup,
  visitProfile,
  visitSearch,
} from './visits.mjs';

/** Pause between a member's page visits or clicks. */
const THINK_MS = [150, 650];

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

/** Runs every member's actions until `deadline` (a performance.now() time) or until `stopped()`; an action that throws is a violation. */
export async function runWorkload(community, { deadline, stopped }) {
  await Promise.all(
    community.members.map(async (m) => {
      await sleep(random(THINK_MS[1]));
      while (performance.now() < deadline && !stopped()) {
        const action = chooseAction();
        try {
          await action(community, m);
        } catch (error) {
          community.violation('workload ran without errors', `${action.name}: ${error instanceof Error ? error.stack : String(error)}`);
        }
        await sleep(THINK_MS[0] + random(THINK_MS[1] - THINK_MS[0]));
      }
    }),
  );
}
