/** Rows of the Civilization preference tables (migration 0400_civilization). Times epoch ms. */
export interface CivAvailabilityTable {
  group_id: string;
  user_id: string;
  day: string;
  time: string;
  /** The IANA zone whose clock day and time are read on: the member's own when they answered. */
  time_zone: string;
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

/** The packs of one Civilization game a user owns (migration 0650_civ_drafts); no row: not said. */
export interface CivOwnedPacksTable {
  user_id: string;
  game_name: string;
  /** JSON list of pack names. */
  packs: string;
  updated_at: number;
}

/** Something to tell a member on their next visit to Preferences; deleted once shown. */
export interface CivPreferenceNoticesTable {
  id: string;
  group_id: string;
  user_id: string;
  message: string;
  created_at: number;
}

/** A draft the server dealt (migration 0650_civ_drafts). */
export interface CivDraftsTable {
  id: string;
  group_id: string;
  created_by: string;
  created_at: number;
  game_type: string;
  anonymous_mode: number;
  /** JSON of the options asked for. */
  options: string;
  /** JSON of the DraftResult a game is made from; 'null' while a live draft runs. */
  result: string;
  game_id: string | null;
  /** JSON of the draft machine's state; null for drafts dealt before modes (random, complete). */
  state: string | null;
  /** When the next timeout is due (epoch ms); null when nothing waits. */
  deadline: number | null;
  /** 1, or one more than the deals this one replaced for the same table (migration 0930). */
  deal_number: number;
}

/**
 * The deals at a draft's table (migration 0930): those it replaced, first dealt first, then its own as the
 * last (position = deal_number).
 */
export interface CivDraftDealsTable {
  draft_id: string;
  position: number;
  /** The draft that deal made. */
  deal_id: string;
  dealt_by: string;
  dealt_at: number;
}

export interface CivDraftPresetsTable {
  id: string;
  group_id: string;
  name: string;
  /** JSON of the draftPresetConfig. */
  config: string;
  updated_by: string;
  updated_at: number;
}

declare module '../../db/schema' {
  interface Database {
    civ_availability: CivAvailabilityTable;
    civ_leader_agendas: CivLeaderAgendasTable;
    civ_leader_bans: CivLeaderBansTable;
    civ_map_choices: CivMapChoicesTable;
    civ_setting_preferences: CivSettingPreferencesTable;
    civ_owned_packs: CivOwnedPacksTable;
    civ_preference_notices: CivPreferenceNoticesTable;
    civ_drafts: CivDraftsTable;
    civ_draft_deals: CivDraftDealsTable;
    civ_draft_presets: CivDraftPresetsTable;
  }
}
