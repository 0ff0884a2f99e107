import type { Generated, Kysely } from 'kysely';

/** Timestamps are epoch milliseconds in both engines; booleans are 0/1 integers. */
export interface UsersTable {
  id: string;
  username: string;
  username_key: string;
  email: string;
  password_hash: string;
  steam_id: string | null;
  created_at: number;
  /** Epoch ms of the last password change (kept for the record; sessions end through users.session_version). */
  password_changed_at: number | null;
}

export interface PasswordResetsTable {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface ThrottleTable {
  key: string;
  count: number;
  reset_at: number;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

export interface SeqTable {
  id: Generated<number>;
}

export interface Database {
  users: UsersTable;
  password_resets: PasswordResetsTable;
  throttle: ThrottleTable;
  app_secrets: AppSecretsTable;
}

export type Db = Kysely<Database>;
