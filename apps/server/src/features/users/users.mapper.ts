import type { UserDto } from '@smm/shared/users/schemas';
import type { UserRow } from './users.repo';

/** The public shape of a user: a whitelist, so the password hash never leaves the server. */
export const toUserDto = (row: UserRow): UserDto => ({
  id: row.id,
  username: row.username,
  email: row.email,
  steamID: row.steam_id,
});
