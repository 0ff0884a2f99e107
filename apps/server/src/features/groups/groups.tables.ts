/** Rows of the groups tables (migration 0100_groups). Booleans are 0/1, times epoch ms. */
export interface GroupsTable {
  id: string;
  group_name: string;
  game_name: string;
  link_url: string;
  is_private: number;
  group_owner: string;
  invite_link: string;
  /** JSON text of GroupSettings. */
  settings: string;
  created_at: number;
  /** IANA zone of the group's availability slots (migration 0400_civilization). */
  time_zone: string;
  /** When the game settings (settings, time_zone) last changed (migration 0720_edit_versions). */
  settings_updated_at: number;
}

export interface GroupMembersTable {
  group_id: string;
  user_id: string;
  role: string;
  is_active: number;
  team: number | null;
  receive_event_notifications: number;
  joined_at: number;
}

export interface GroupCardsTable {
  id: string;
  group_id: string;
  title: string;
  body: string;
  footer: string;
  card_order: number;
  created_at: number;
  /** When the title, body or footer last changed (migration 0720_edit_versions). */
  updated_at: number;
}

declare module '../../db/schema' {
  interface Database {
    groups: GroupsTable;
    group_members: GroupMembersTable;
    group_cards: GroupCardsTable;
  }
}
