import { sql } from 'kysely';
import { precompiled } from '../../db/precompiled';
import { rowCache } from '../../db/row-cache';
import type { Db } from '../../db/schema';
import { sameStamp, sqliteWritesOf, type WriteStamp } from '../../db/sqlite-writes';
import { statementBatch } from '../../db/statement-batch';
import {
  attachTableVersions,
  callerVersionsColumns,
  postgresReadsOf,
  tableVersionsColumn,
  withGroupVersions,
  type TableVersions,
} from '../../db/table-versions';
import type { SessionUser } from '../users/session-version';
import { toSessionUser } from '../users/users.mapper';
import { findCaller, type UserRow } from '../users/users.repo';
import type { GroupMemberWithNameRow } from './group-members.repo';
import type { GroupRow } from './groups.repo';

/** The group and the caller's membership, read together with the caller's account; taken at most once. */
interface ReadAhead {
  readonly groupId: string;
  readonly group: GroupRow | undefined;
  readonly membership: GroupMemberWithNameRow | undefined;
  /** On SQLite, the write stamp of READ_TABLES from before the read: any write since and it is not used. */
  readonly stamp: WriteStamp | undefined;
  taken: boolean;
}

const READ_TABLES = ['users', 'groups', 'group_members'];

// A symbol, so copies of the caller (`{ ...user }`) share the one read and it never reaches a JSON answer.
const READ_AHEAD = Symbol('groupReadAhead');

/** What a request needs of its caller's account: no password hash is read on every request. */
const CALLER_COLUMNS = ['id', 'username', 'email', 'steam_id', 'session_version'] as const;

type CallerRow = Pick<UserRow, (typeof CALLER_COLUMNS)[number]> & {
  g_id: string | null;
  g_group_name: string | null;
  g_game_name: string | null;
  g_link_url: string | null;
  g_is_private: number | null;
  g_group_owner: string | null;
  g_invite_link: string | null;
  g_settings: string | null;
  g_created_at: number | null;
  g_time_zone: string | null;
  g_settings_updated_at: number | null;
  m_role: string | null;
  m_is_active: number | null;
  m_team: number | null;
  m_receive_event_notifications: number | null;
  m_joined_at: number | null;
  table_versions: TableVersions | null;
};

/** The group and membership columns read with the caller, as the caller's row names them. */
const GROUP_AND_MEMBERSHIP = [
  'g.id as g_id',
  'g.group_name as g_group_name',
  'g.game_name as g_game_name',
  'g.link_url as g_link_url',
  'g.is_private as g_is_private',
  'g.group_owner as g_group_owner',
  'g.invite_link as g_invite_link',
  'g.settings as g_settings',
  'g.created_at as g_created_at',
  'g.time_zone as g_time_zone',
  'g.settings_updated_at as g_settings_updated_at',
  'm.role as m_role',
  'm.is_active as m_is_active',
  'm.team as m_team',
  'm.receive_event_notifications as m_receive_event_notifications',
  'm.joined_at as m_joined_at',
] as const;

// The caller's account, the group the call names and the caller's membership in it: one statement
// where there were two, compiled once. SQLite's; PostgreSQL reads callers in batches (below).
const callerInGroup = precompiled(2, (db, userId, groupId) =>
  db
    .selectFrom('users')
    .leftJoin('groups as g', (join) => join.on('g.id', '=', groupId))
    .leftJoin('group_members as m', (join) => join.onRef('m.group_id', '=', 'g.id').onRef('m.user_id', '=', 'users.id'))
    .select(CALLER_COLUMNS.map((column) => `users.${column}` as const))
    .select(GROUP_AND_MEMBERSHIP)
    .select(tableVersionsColumn(db))
    .where('users.id', '=', userId),
);

interface CallerKey {
  userId: string;
  /** null: the call names no group. */
  groupId: string | null;
}

/**
 * The caller statement's columns on PostgreSQL. A group's settings (a few KB of JSON) come once per
 * group a statement reads, on its first row of that group; `callersOnPostgres` gives them to the rest.
 */
const CALLER_COLUMNS_ON_POSTGRES = [
  'c.position',
  ...CALLER_COLUMNS.map((column) => `u.${column}`),
  ...GROUP_AND_MEMBERSHIP.map((column) =>
    column === 'g.settings as g_settings'
      ? 'case when row_number() over (partition by g.id order by c.position) = 1 then g.settings end as g_settings'
      : column,
  ),
].join(', ');

/**
 * On PostgreSQL, the callers of every request that arrived together, each with the group its call
 * names and their membership, every table's version once and each group's settings once: one
 * statement (one backend woken) for all of them, where each request took its own.
 */
const callersOnPostgres = statementBatch<CallerKey, CallerRow>(async (db, keys) => {
  const { rows } = await sql<CallerRow & { position: number; group_versions: number[] | null }>`
    select ${sql.raw(CALLER_COLUMNS_ON_POSTGRES)}, ${callerVersionsColumns(sql.ref('g.id'), sql.ref('c.position'))}
    from unnest(${keys.map((key) => key.userId)}::text[], ${keys.map((key) => key.groupId)}::text[]) with ordinality as c(user_id, group_id, position)
    join users u on u.id = c.user_id
    left join groups g on g.id = c.group_id
    left join group_members m on m.group_id = g.id and m.user_id = u.id
    order by c.position`.execute(db);
  const all = rows[0]?.table_versions;
  const settings = new Map<string, string | null>();
  return rows.map((row) => {
    row.table_versions = all ? withGroupVersions(all, row.g_id, row.group_versions) : null;
    if (row.g_id !== null) {
      // In order of position, so a group's first row, which carries its settings, comes first.
      if (settings.has(row.g_id)) row.g_settings = settings.get(row.g_id)!;
      else settings.set(row.g_id, row.g_settings);
    }
    return { index: Number(row.position) - 1, row };
  });
});

// Kept between requests on SQLite until one of its tables is written to, like the reads it joins.
const cached = rowCache<CallerRow>({ tables: READ_TABLES, ttlMs: 60_000, max: 10_000 });

function groupOf(row: CallerRow): GroupRow | undefined {
  if (row.g_id === null) return undefined;
  return {
    id: row.g_id,
    group_name: row.g_group_name ?? '',
    game_name: row.g_game_name ?? '',
    link_url: row.g_link_url ?? '',
    is_private: Number(row.g_is_private ?? 0),
    group_owner: row.g_group_owner ?? '',
    invite_link: row.g_invite_link ?? '',
    settings: row.g_settings ?? '{}',
    created_at: Number(row.g_created_at ?? 0),
    time_zone: row.g_time_zone ?? 'UTC',
    settings_updated_at: Number(row.g_settings_updated_at ?? 0),
  };
}

function membershipOf(row: CallerRow, groupId: string): GroupMemberWithNameRow | undefined {
  if (row.m_role === null) return undefined;
  return {
    group_id: groupId,
    user_id: row.id,
    role: row.m_role,
    is_active: Number(row.m_is_active ?? 1),
    team: row.m_team === null ? null : Number(row.m_team),
    receive_event_notifications: Number(row.m_receive_event_notifications ?? 0),
    joined_at: Number(row.m_joined_at ?? 0),
    username: row.username,
  };
}

/**
 * The caller when `sessionVersion` is still theirs, carrying the group `groupId` and their place in
 * it as read in the same statement: the call's first access check (loadAccess) takes it instead of
 * reading them again.
 */
export async function loadCallerInGroup(db: Db, userId: string, sessionVersion: number, groupId: string): Promise<SessionUser | undefined> {
  const stamp = sqliteWritesOf(db)?.stamp(READ_TABLES);
  const row = postgresReadsOf(db)
    ? await callersOnPostgres.load(db, { userId, groupId })
    : await cached.read(db, `${userId} ${groupId}`, async () => (await callerInGroup.first(db, userId, groupId)) as CallerRow | undefined);
  if (!row || Number(row.session_version) !== sessionVersion) return undefined;
  const readAhead: ReadAhead = { groupId, group: groupOf(row), membership: membershipOf(row, groupId), stamp, taken: false };
  // Set on the user rather than merged with Object.assign, which takes a slow path for a symbol key.
  const caller = attachTableVersions(toSessionUser(row), row.table_versions) as SessionUser & { [READ_AHEAD]?: ReadAhead };
  caller[READ_AHEAD] = readAhead;
  return caller;
}

/** The caller when `sessionVersion` is still theirs, for a call that names no group. */
export async function loadCaller(db: Db, userId: string, sessionVersion: number): Promise<SessionUser | undefined> {
  const row = postgresReadsOf(db) ? await callersOnPostgres.load(db, { userId, groupId: null }) : await findCaller(db, userId);
  if (!row || Number(row.session_version) !== sessionVersion) return undefined;
  return attachTableVersions(toSessionUser(row), row.table_versions);
}

/**
 * The group and membership read with the caller, once: for the call's first check of this group,
 * when `usable` (no row lock wanted, no transaction open) and, on SQLite,
 * nothing was written to their tables since (the answers kept between requests then depend on those
 * tables as if they were read here). Later checks in the same call read afresh, since the call may
 * have changed them.
 */
export function takeReadAhead(
  db: Db,
  caller: object,
  groupId: string,
  usable: boolean,
): { group: GroupRow | undefined; membership: GroupMemberWithNameRow | undefined } | undefined {
  const readAhead = (caller as { [READ_AHEAD]?: ReadAhead })[READ_AHEAD];
  if (!readAhead || readAhead.taken || readAhead.groupId !== groupId) return undefined;
  readAhead.taken = true;
  if (!usable) return undefined;
  const writes = sqliteWritesOf(db);
  if (writes) {
    if (!readAhead.stamp || !sameStamp(writes.stamp(READ_TABLES), readAhead.stamp)) return undefined;
    writes.noteRead(READ_TABLES);
  }
  return { group: readAhead.group, membership: readAhead.membership };
}
