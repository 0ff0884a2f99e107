/**
 * Tables whose writes are counted per group as well as per table, so that an answer about one
 * group lapses on a sign-up or a tick in that group and not in every other: on PostgreSQL a row
 * trigger notes each written row's group for the versions (db/table-versions.ts), on SQLite a
 * trigger of the server's own connection counts it (db/sqlite-writes.ts). Each table names how a
 * row finds its group, as SQL both engines run, from the row's alias (`new` or `old` in a trigger).
 * A row whose group cannot be found (its event deleted in the same statement) counts against every
 * group.
 */
export const GROUP_SCOPED_TABLES: Readonly<Record<string, (row: string) => string>> = {
  civ_availability: (row) => `${row}.group_id`,
  event_attendees: (row) => `(select group_id from events where id = ${row}.event_id)`,
  event_waitlist: (row) => `(select group_id from events where id = ${row}.event_id)`,
  event_responses: (row) => `(select group_id from events where id = ${row}.event_id)`,
};

export const isGroupScoped = (table: string): boolean => Object.hasOwn(GROUP_SCOPED_TABLES, table);

/**
 * The name under which a group-scoped table's writes in one group are counted: `table@groupId`;
 * `table@` counts the writes whose group was not found, which every group's answers depend on.
 */
export const groupKey = (table: string, groupId: string): string => `${table}@${groupId}`;

/** Splits a key made by groupKey; undefined for a plain table name. */
export function splitGroupKey(key: string): { table: string; groupId: string } | undefined {
  const at = key.indexOf('@');
  return at < 0 ? undefined : { table: key.slice(0, at), groupId: key.slice(at + 1) };
}

/**
 * What an answer about one group depends on, from the tables it read: each group-scoped table
 * becomes its writes in that group and its writes in no known group; other tables stay whole.
 */
export function tablesForGroup(tables: readonly string[], groupId: string): string[] {
  return tables.flatMap((table) => (isGroupScoped(table) ? [groupKey(table, groupId), groupKey(table, '')] : [table]));
}
