import { RSVP_LABELS, RSVP_RESPONSES, type EventDto, type RsvpResponse } from '@smm/shared/events/schemas';

type Answers = Pick<EventDto, 'attendingMembers' | 'waitlistMembers' | 'waitlistPosition' | 'responseMembers'>;

/** The viewer's answer: one of the five, 'waitlist' while waiting for a seat, or null when they gave none. */
export function myResponse(event: Answers, userID: string): RsvpResponse | 'waitlist' | null {
  const seat = event.attendingMembers.find((member) => member.userID === userID);
  if (seat) return seat.late ? 'late' : 'attending';
  if (event.waitlistPosition !== undefined || event.waitlistMembers?.some((member) => member.userID === userID)) return 'waitlist';
  return event.responseMembers?.find((member) => member.userID === userID)?.response ?? null;
}

export type RsvpCounts = Record<RsvpResponse | 'waitlist', number>;

/** How many gave each answer; Attending counts only those on time (Late holds a seat too). */
export function rsvpCounts(event: Answers): RsvpCounts {
  const counts: RsvpCounts = { attending: 0, late: 0, maybe: 0, can_sub: 0, not_coming: 0, waitlist: event.waitlistMembers?.length ?? 0 };
  for (const member of event.attendingMembers) counts[member.late ? 'late' : 'attending'] += 1;
  for (const member of event.responseMembers ?? []) counts[member.response] += 1;
  return counts;
}

/** The names per answer, in the order they answered. */
export function namesByResponse(event: Answers): Record<RsvpResponse, string[]> {
  const names = Object.fromEntries(RSVP_RESPONSES.map((response) => [response, [] as string[]])) as Record<RsvpResponse, string[]>;
  for (const member of event.attendingMembers) names[member.late ? 'late' : 'attending'].push(member.username);
  for (const member of event.responseMembers ?? []) names[member.response].push(member.username);
  return names;
}

/** Who waits for a seat, in line order, those who answered Late marked so. */
export function waitlistNames(event: Pick<EventDto, 'waitlistMembers'>): string[] {
  return (event.waitlistMembers ?? []).map((member) => (member.late ? `${member.username} (late)` : member.username));
}

/**
 * The answers beside the seats, e.g. "1 of them late · 2 maybe · 1 can sub · 1 not coming";
 * empty when nobody is late and nobody gave a seatless answer.
 */
export function otherAnswersText(counts: RsvpCounts): string {
  const parts: string[] = [];
  if (counts.late > 0) parts.push(`${counts.late} of them late`);
  for (const response of ['maybe', 'can_sub', 'not_coming'] as const) {
    if (counts[response] > 0) parts.push(`${counts[response]} ${RSVP_LABELS[response].toLowerCase()}`);
  }
  return parts.join(' · ');
}

/** Whether the viewer waits for a seat having answered Late. */
export const waitingLate = (event: Pick<EventDto, 'waitlistMembers'>, userID: string): boolean =>
  event.waitlistMembers?.some((member) => member.userID === userID && member.late === true) ?? false;

/** The viewer's answer in words, for labels: "Attending", "On the waitlist", "On the waitlist, late", "No answer". */
export function responseLabel(response: RsvpResponse | 'waitlist' | null, late = false): string {
  if (response === null) return 'No answer';
  if (response === 'waitlist') return late ? 'On the waitlist, late' : 'On the waitlist';
  return RSVP_LABELS[response];
}
