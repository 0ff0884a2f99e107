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

// Names people and other tools use for the same tables (the hiscores' own, OSRS slang, snake_case).
const ALIASES: Record<string, OsrsGameMode> = {
  main: 'normal',
  regular: 'normal',
  iron: 'ironman',
  im: 'ironman',
  hardcoreironman: 'hardcore',
  hcim: 'hardcore',
  ultimateironman: 'ultimate',
  uim: 'ultimate',
  dmm: 'deadman',
  deadmanmode: 'deadman',
  leagues: 'seasonal',
  league: 'seasonal',
  freshstartworlds: 'freshStart',
  fsw: 'freshStart',
  '1defence': 'oneDefence',
  '1defencepure': 'oneDefence',
  onedefencepure: 'oneDefence',
  defencepure: 'oneDefence',
  pure: 'oneDefence',
  level3skiller: 'skiller',
  lvl3skiller: 'skiller',
};

const squash = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');
const BY_KEY = new Map<string, OsrsGameMode>([...OSRS_GAME_MODES.map((mode) => [squash(mode.id), mode.id] as const), ...Object.entries(ALIASES)]);

/** The game mode a name stands for, in any case or spelling listed above; other values pass through unchanged. */
export function normaliseGameMode(value: unknown): unknown {
  return typeof value === 'string' ? (BY_KEY.get(squash(value)) ?? value) : value;
}
