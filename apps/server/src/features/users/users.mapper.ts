import type { UserDto } from '@smm/shared/users/schemas';
import { withSessionVersion, type SessionUser } from './session-version';
import type { UserRow } from './users.repo';

/** The public shape of a user: a whitelist, so the password hash never leaves the server. */
export const toUserDto = (row: Pick<UserRow, 'id' | 'username' | 'email' | 'steam_id'>): UserDto => ({
  id: row.id,
  username: row.username,
  email: row.email,
  steamID: row.steam_id,
});

/** The user with the session version their tokens must carry. */
export const toSessionUser = (row: Pick<UserRow, 'id' | 'username' | 'email' | 'steam_id' | 'session_version'>): SessionUser =>
  withSessionVersion(toUserDto(row), Number(row.session_version));
