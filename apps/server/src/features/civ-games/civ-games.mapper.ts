import type { CivGameCatalogue, SettingType } from '@smm/shared/civilization/catalogue-types';
import { SETTING_TYPES } from '@smm/shared/civilization/catalogue-types';
import type { CivChoiceDto, GameDto, GameType, VictoryType } from '@smm/shared/civilization/games-schemas';
import { VICTORY_TYPES } from '@smm/shared/civilization/games-schemas';
import type { SettingPreferenceDto } from '@smm/shared/civilization/schemas';
import type { GameMemberRow, GameRow } from './civ-games.repo';

export const toIso = (ms: number): string => new Date(ms).toISOString();

export function parseJson<T>(text: string, fallback: T): T {
  try {
    return (JSON.parse(text) as T) ?? fallback;
  } catch {
    return fallback;
  }
}

export type GameSettings = Record<SettingType, SettingPreferenceDto[]>;
export const emptyGameSettings = (): GameSettings => Object.fromEntries(SETTING_TYPES.map((type) => [type, []])) as unknown as GameSettings;

const leaderMaps = new WeakMap<CivGameCatalogue, Map<string, CivGameCatalogue['leaders'][number]>>();

const leaderLookup = (catalogue: CivGameCatalogue | undefined) => {
  let byId = catalogue && leaderMaps.get(catalogue);
  if (!byId) {
    byId = new Map(catalogue?.leaders.map((l) => [l.civID, l]) ?? []);
    if (catalogue) leaderMaps.set(catalogue, byId);
  }
  const leaders = byId;
  return (civIds: readonly string[]): CivChoiceDto[] =>
    civIds.flatMap((id) => {
      const leader = leaders.get(id);
      return leader ? [{ civID: leader.civID, nation: leader.nation, leader: leader.leader }] : [];
    });
};

/**
 * Whether the viewer may see a member's civ choices. Anonymous mode hides them from everyone but the
 * member and their teammates until the game is finished.
 */
export function choicesVisible(game: GameRow, member: GameMemberRow, viewer: GameMemberRow | undefined): boolean {
  if (game.anonymous_mode !== 1 || game.finished_at !== null) return true;
  if (!viewer) return false;
  if (viewer.user_id === member.user_id) return true;
  return game.game_type === 'team' && viewer.team !== null && viewer.team === member.team;
}

/** The spec's Game JSON, with civ choices withheld where anonymous mode says so. */
export function toGameDto(
  game: GameRow,
  members: readonly GameMemberRow[],
  catalogue: CivGameCatalogue | undefined,
  viewerId: string,
): GameDto {
  const leaders = leaderLookup(catalogue);
  const own = members.filter((m) => m.game_id === game.id);
  const viewer = own.find((m) => m.user_id === viewerId);
  const gameType = game.game_type as GameType;
  return {
    _id: game.id,
    groupID: game.group_id,
    gameName: game.game_name,
    host: game.host,
    lobbyLink: game.lobby_link,
    gameType,
    winner: game.winner === null ? null : gameType === 'team' ? Number(game.winner) : game.winner,
    victoryType: (VICTORY_TYPES as readonly string[]).includes(game.victory_type ?? '') ? (game.victory_type as VictoryType) : null,
    map: game.map,
    bannedLeaders: leaders(parseJson<string[]>(game.banned_leaders, [])),
    dateCreated: toIso(game.created_at),
    dateFinished: game.finished_at === null ? null : toIso(game.finished_at),
    isFinished: game.finished_at !== null,
    anonymousMode: game.anonymous_mode === 1,
    draftMode: game.draft_mode === 1,
    numCiv: game.num_civ,
    settings: { ...emptyGameSettings(), ...parseJson<Partial<GameSettings>>(game.settings, {}) },
    eventID: game.event_id,
    createdBy: game.created_by,
    members: own.map((m) => {
      const visible = choicesVisible(game, m, viewer);
      return {
        userID: m.user_id,
        username: m.username,
        isActive: m.is_active === 1,
        team: m.team,
        civChoices: visible ? leaders(parseJson<string[]>(m.civ_choices, [])) : [],
        civChoicesHidden: !visible,
      };
    }),
  };
}
