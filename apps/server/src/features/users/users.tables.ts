import type { Generated } from 'kysely';

declare module '../../db/schema' {
  interface UsersTable {
    /**
     * Raised by every password change and reset (migration 0500_session_version); tokens carry it
     * as `sv`, and one carrying an older value is refused.
     */
    session_version: Generated<number>;
  }
}
