/** Texts of the Events area the web shows as they are (spec sections 2 and 8). */
export const START_BEFORE_END_MESSAGE = 'Start Date must be before End Date';
export const CREATE_EVENT_FAILED_MESSAGE = 'Unexpected error trying to create an event';
export const NO_UPCOMING_EVENTS_MESSAGE = 'No Scheduled Events Upcoming';
export const DELETE_EVENT_QUESTION = 'Are you sure you wish to delete this event?';

export const EVENT_NOT_FOUND_MESSAGE = 'Event not found';
export const START_IN_PAST_MESSAGE = 'Start Date cannot be in the past';
export const EVENT_FULL_MESSAGE = 'This event is full';
export const ONLY_CREATOR_MESSAGE = 'Only the creator of this event can do that';
export const ONLY_CREATOR_OR_ADMINS_MESSAGE =
  'Only the creator of this event can do that, or, since the creator has left the group, its owner and Administrators';
export const MAX_BELOW_ATTENDING_MESSAGE = 'More members are already attending than that maximum';
export const SIGNUP_CLOSED_MESSAGE = 'Sign-ups for this event have closed';
export const WAITLIST_HAS_ROOM_MESSAGE = 'This event still has free seats: attend it instead';
export const WAITLIST_ALREADY_ATTENDING_MESSAGE = 'You are already attending this event';
export const ATTENDANCE_BEFORE_END_MESSAGE = 'Attendance can be marked once the event has ended';
export const ATTENDANCE_ONLY_CREATOR_OR_ADMINS_MESSAGE = 'Only the creator of this event or an Administrator can mark who came';
export const ATTENDANCE_NOT_A_MEMBER_MESSAGE = 'That person is not a member of this group';
export const ATTENDANCE_NOT_SIGNED_UP_MESSAGE =
  'That person did not sign up for this event: only those who took a seat, waited for one or answered it can be marked';
export const ATTENDANCE_SAID_NOT_COMING_MESSAGE = 'That person answered Not coming, so they cannot be marked as a no-show';
export const ATTENDANCE_CANCELLED_MESSAGE = 'This event was cancelled, so there is no attendance to mark';
export const ATTENDANCE_RATES_ADMINS_MESSAGE = 'Only Administrators can see attendance rates';
