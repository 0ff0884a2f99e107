import type { AvailabilityDay, AvailabilityTime } from '@smm/shared/civilization/availability';
import { AVAILABILITY_DAYS, AVAILABILITY_TIMES } from '@smm/shared/civilization/availability';
import { SETTING_TYPES, type CivGameCatalogue, type SettingType } from '@smm/shared/civilization/catalogue-types';
import type { AvailabilityDto, CivPreferencesDto, SettingPreferenceDto } from '@smm/shared/civilization/schemas';
import type { AvailabilityRow } from './availability.repo';
import { BASE_GAME_PACK } from './owned-packs.repo';

const slotOrder = (row: { day: string; time: string }) =>
  AVAILABILITY_DAYS.indexOf(row.day as AvailabilityDay) * AVAILABILITY_TIMES.length +
  AVAILABILITY_TIMES.indexOf(row.time as AvailabilityTime);

export type ZonedAvailabilityDto = AvailabilityDto & { timeZone: string };

/** Slots in week order, Sunday Morning first. Rows outside the spec's days and times cannot be stored. */
export const toAvailabilityDtos = (rows: AvailabilityRow[]): ZonedAvailabilityDto[] =>
  [...rows]
    .sort((a, b) => slotOrder(a) - slotOrder(b))
    .map((row) => ({
      userID: row.user_id,
      username: row.username,
      day: row.day as AvailabilityDay,
      time: row.time as AvailabilityTime,
      timeZone: row.time_zone,
    }));

/** The slots as `viewerId` may see them: a member's profile zone is theirs alone, so others' slots go without it. */
export const forViewer = (slots: readonly ZonedAvailabilityDto[], viewerId: string): AvailabilityDto[] =>
  slots.map(({ timeZone, ...slot }) => (slot.userID === viewerId ? { ...slot, timeZone } : slot));

export interface PreferenceRows {
  agendas: { user_id: string; agenda: string }[];
  bans: { user_id: string; civ_id: string }[];
  maps: { user_id: string; map_name: string }[];
  settings: { user_id: string; setting_type: string; title: string; value: string }[];
  /** By user: the packs of the group's game they own, or null when they have not said. */
  ownedPacks: ReadonlyMap<string, readonly string[] | null>;
}

/** The base game first, then the owned packs the catalogue still has, in its order. */
function ownedPacksOf(catalogue: CivGameCatalogue, owned: readonly string[] | null | undefined): string[] | null {
  if (!owned) return null;
  return [BASE_GAME_PACK, ...catalogue.packs.filter((pack) => pack !== BASE_GAME_PACK && owned.includes(pack))];
}

const parseValue = (text: string): string | number | undefined => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' || typeof value === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Each member's preferences from the rows of one group, with leaders and maps looked up in the
 * game's catalogue (an id the catalogue no longer has is left out). `maxBans` keeps only each
 * member's first bans, as the draft counts them.
 */
export function toCivPreferencesDtos(
  groupID: string,
  members: readonly { user_id: string; username: string }[],
  catalogue: CivGameCatalogue,
  rows: PreferenceRows,
  maxBans?: number,
): CivPreferencesDto[] {
  const leaders = new Map(catalogue.leaders.map((leader) => [leader.civID, leader]));
  const maps = new Map(catalogue.maps.map((map) => [map.name, map]));
  return members.map((member) => {
    const mine = <T extends { user_id: string }>(list: T[]) => list.filter((row) => row.user_id === member.user_id);
    const bans = mine(rows.bans).flatMap((row) => {
      const leader = leaders.get(row.civ_id);
      return leader ? [{ civID: leader.civID, nation: leader.nation, leader: leader.leader }] : [];
    });
    const settings = Object.fromEntries(SETTING_TYPES.map((type) => [type, [] as SettingPreferenceDto[]])) as Record<
      SettingType,
      SettingPreferenceDto[]
    >;
    for (const row of mine(rows.settings)) {
      const value = parseValue(row.value);
      if (value !== undefined && (SETTING_TYPES as readonly string[]).includes(row.setting_type)) {
        settings[row.setting_type as SettingType].push({ title: row.title, value });
      }
    }
    return {
      groupID,
      userID: member.user_id,
      username: member.username,
      userLeaderAgenda: mine(rows.agendas)[0]?.agenda ?? '',
      leaderBans: maxBans === undefined ? bans : bans.slice(0, maxBans),
      maps: mine(rows.maps).flatMap((row) => {
        const map = maps.get(row.map_name);
        return map ? [{ name: map.name, minPlayers: map.minPlayers }] : [];
      }),
      ...settings,
      ownedPacks: ownedPacksOf(catalogue, rows.ownedPacks.get(member.user_id)),
    };
  });
}
