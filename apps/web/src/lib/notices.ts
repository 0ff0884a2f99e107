/** Why the app sent someone elsewhere: said on the page they land on. */
export const LOGIN_REQUIRED_NOTICE = 'Log in to see that page.';
export const NO_LONGER_MEMBER_NOTICE = 'You are no longer a member of that group.';
/** The server answers the same for a deleted group and a private one seen from outside, so both are named. */
export const GROUP_UNAVAILABLE_NOTICE = 'That group is private or no longer exists: you need an invite to join a private group.';
export const INVALID_GROUP_LINK_NOTICE = 'That group link is not valid.';
export const MEMBERS_ONLY_NOTICE = 'Only members of this group can see that page.';
export const ADMINISTRATORS_ONLY_NOTICE = 'Only Administrators of this group can see that page.';

/** Long enough to read, and the alert can be closed sooner. */
export const NOTICE_TIMEOUT_MS = 10_000;
