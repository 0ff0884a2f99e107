import { MEMBERSHIP_COLUMNS, splitMembership, type GroupMemberWithNameRow, type MembershipColumns } from './group-members.repo';
import type { GroupsTable } from './groups.tables';

// A write that locks one row of a group's (an event, a game) reads it with its group and the
// caller's membership in the same statement: the row's own columns, the group's with the prefix
// `g_`, the membership's with `m_`.

/** Every column of the group, selected beside the locked row's with the prefix `g_`. */
export const GROUP_COLUMNS = [
  'groups.id as g_id',
  'groups.group_name as g_group_name',
  'groups.game_name as g_game_name',
  'groups.link_url as g_link_url',
  'groups.is_private as g_is_private',
  'groups.group_owner as g_group_owner',
  'groups.invite_link as g_invite_link',
  'groups.settings as g_settings',
  'groups.created_at as g_created_at',
  'groups.time_zone as g_time_zone',
  'groups.settings_updated_at as g_settings_updated_at',
] as const;

export { MEMBERSHIP_COLUMNS };

type Prefixed<T, P extends string> = { [K in keyof T as `${P}${K & string}`]: T[K] };
export type GroupColumns = Prefixed<GroupsTable, 'g_'>;
// A column added to groups and not to the list above fails to compile here.
type Unlisted = Exclude<keyof GroupColumns, (typeof GROUP_COLUMNS)[number] extends `${string} as ${infer A}` ? A : never>;
const everyGroupColumn: [Unlisted] extends [never] ? true : Unlisted = true;
void everyGroupColumn;

const places = new Map<string, readonly ['g' | 'm' | 'own', string]>();
/** Where a selected column goes: the group's (`g_`), the membership's (`m_`, kept whole), or the row's own. */
function placeOf(column: string): readonly ['g' | 'm' | 'own', string] {
  let place = places.get(column);
  if (!place) {
    place = column.startsWith('g_') ? ['g', column.slice(2)] : column.startsWith('m_') ? ['m', column] : ['own', column];
    places.set(column, place);
  }
  return place;
}

/**
 * Splits a row read with its group's and the caller's membership columns into the three (the
 * membership undefined when the caller is not a member).
 */
export function splitLockedRow<Own>(
  row: Own & GroupColumns & MembershipColumns,
  groupId: string,
): { own: Own; group: GroupsTable; membership: GroupMemberWithNameRow | undefined } {
  // One pass over the columns (a rest spread over thirty of them was a twentieth of a sign-up's CPU).
  const own: Record<string, unknown> = {};
  const group: Record<string, unknown> = {};
  const member: Record<string, unknown> = {};
  for (const column in row) {
    const value = row[column as keyof typeof row];
    const [target, name] = placeOf(column);
    (target === 'g' ? group : target === 'm' ? member : own)[name] = value;
  }
  const { membership } = splitMembership(member as MembershipColumns, groupId);
  return { own: own as Own, group: group as unknown as GroupsTable, membership };
}
