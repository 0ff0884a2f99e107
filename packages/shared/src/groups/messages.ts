/** Texts of group errors the web shows as they come (spec section 8). */
export const ALREADY_MEMBER_MESSAGE = 'You are already a member of this group!';
export const OWNER_CANNOT_LEAVE_MESSAGE = 'Group creators/owners cannot leave, they may only delete';
export const GROUP_NOT_FOUND_MESSAGE = 'Group not found';
export const INVALID_INVITE_MESSAGE = 'This invite link is not valid. Ask the group for a new one.';
