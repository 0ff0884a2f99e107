/** Rows of the Civilization preference tables (migration 0400_civilization). Times epoch ms. */
export interface CivAvailabilityTable {
  group_id: string;
  user_id: string;
  day: string;
  time: string;
  created_at: number;
}

export interface CivLeaderAgendasTable {
  group_id: string;
  user_id: string;
  agenda: string;
  updated_at: number;
}

export interface CivLeaderBansTable {
  group_id: string;
  user_id: string;
  civ_id: string;
  seq: number;
}

export interface CivMapChoicesTable {
  group_id: string;
  user_id: string;
  map_name: string;
  seq: number;
}

export interface CivSettingPreferencesTable {
  group_id: string;
  user_id: string;
  setting_type: string;
  title: string;
  /** JSON text of the chosen option. */
  value: string;
  updated_at: number;
}

declare module '../../db/schema' {
  interface Database {
    civ_availability: CivAvailabilityTable;
    civ_leader_agendas: CivLeaderAgendasTable;
    civ_leader_bans: CivLeaderBansTable;
    civ_map_choices: CivMapChoicesTable;
    civ_setting_preferences: CivSettingPreferencesTable;
  }
}
