/**
 * Every Old School hiscores table that serves per-player lookups (`index_lite`). `table` is the
 * `m=` part of the hiscores URL. Group Ironman has no per-player lite board, so it is not offered.
 */
export const OSRS_GAME_MODES = [
  { id: 'normal', label: 'Normal', table: 'hiscore_oldschool' },
  { id: 'ironman', label: 'Ironman', table: 'hiscore_oldschool_ironman' },
  { id: 'hardcore', label: 'Hardcore Ironman', table: 'hiscore_oldschool_hardcore_ironman' },
  { id: 'ultimate', label: 'Ultimate Ironman', table: 'hiscore_oldschool_ultimate' },
  { id: 'deadman', label: 'Deadman Mode', table: 'hiscore_oldschool_deadman' },
  { id: 'seasonal', label: 'Seasonal (Leagues)', table: 'hiscore_oldschool_seasonal' },
  { id: 'tournament', label: 'Tournament', table: 'hiscore_oldschool_tournament' },
  { id: 'freshStart', label: 'Fresh Start', table: 'hiscore_oldschool_fresh_start' },
  { id: 'oneDefence', label: '1 Defence Pure', table: 'hiscore_oldschool_skiller_defence' },
  { id: 'skiller', label: 'Level 3 Skiller', table: 'hiscore_oldschool_skiller' },
] as const;

export type OsrsGameMode = (typeof OSRS_GAME_MODES)[number]['id'];

export const OSRS_GAME_MODE_IDS = OSRS_GAME_MODES.map((mode) => mode.id) as unknown as readonly [OsrsGameMode, ...OsrsGameMode[]];

export const DEFAULT_OSRS_GAME_MODE: OsrsGameMode = 'normal';

/** The hiscores table and label of a game mode. */
export function gameModeById(id: OsrsGameMode) {
  const mode = OSRS_GAME_MODES.find((m) => m.id === id);
  if (!mode) throw new Error(`Unknown game mode ${id}`);
  return mode;
}
