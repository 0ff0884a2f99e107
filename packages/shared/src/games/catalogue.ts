import { z } from 'zod';

/** The group areas of the web app; a group's linkURL is the first segment of its pages. */
export const LINK_URLS = ['civGroup', 'runeScapeClan', 'dotaGroup'] as const;
export type LinkUrl = (typeof LINK_URLS)[number];

/** `supported`: offered when creating a group. `recognised`: older names still mapped to an area. */
export type GameStatus = 'supported' | 'recognised';

export interface CatalogueGame {
  gameName: string;
  linkURL: LinkUrl;
  /** Path of the game's icon, served by the web app. */
  icon: string;
  status: GameStatus;
}

/** Every game the product knows, supported ones first in the order the game select shows them. */
export const GAME_CATALOGUE: readonly CatalogueGame[] = [
  { gameName: 'Civilization 6', linkURL: 'civGroup', icon: '/games/civ6.svg', status: 'supported' },
  { gameName: 'Civilization 5', linkURL: 'civGroup', icon: '/games/civ5.svg', status: 'supported' },
  { gameName: 'Civilization 4', linkURL: 'civGroup', icon: '/games/civ4.svg', status: 'supported' },
  { gameName: 'Dota 2', linkURL: 'dotaGroup', icon: '/games/dota2.svg', status: 'supported' },
  { gameName: 'RuneScape', linkURL: 'runeScapeClan', icon: '/games/runescape.svg', status: 'supported' },
  { gameName: 'Old School RuneScape', linkURL: 'runeScapeClan', icon: '/games/osrs.svg', status: 'supported' },
  { gameName: 'Civilization 3', linkURL: 'civGroup', icon: '/games/civilization.svg', status: 'recognised' },
  { gameName: 'Civilization 2', linkURL: 'civGroup', icon: '/games/civilization.svg', status: 'recognised' },
  { gameName: 'Civilization 1', linkURL: 'civGroup', icon: '/games/civilization.svg', status: 'recognised' },
];

/** The games a new group can be created for. */
export const SUPPORTED_GAMES: readonly CatalogueGame[] = GAME_CATALOGUE.filter((game) => game.status === 'supported');
export const SUPPORTED_GAME_NAMES: readonly string[] = SUPPORTED_GAMES.map((game) => game.gameName);

/** Icon for games outside the catalogue. */
export const FALLBACK_GAME_ICON = '/games/unknown.svg';

/** The catalogue entry for a game name, supported or recognised. */
export const findGame = (gameName: string): CatalogueGame | undefined => GAME_CATALOGUE.find((game) => game.gameName === gameName);

/** The group area of a game: 'Civilization 1' to 'Civilization 6' are civGroup, RuneScape games runeScapeClan, Dota 2 dotaGroup. */
export const linkUrlForGame = (gameName: string): LinkUrl | undefined => findGame(gameName)?.linkURL;

/** The icon shown on group cards for a game. */
export const iconForGame = (gameName: string): string => findGame(gameName)?.icon ?? FALLBACK_GAME_ICON;

export const isSupportedGame = (gameName: string): boolean => findGame(gameName)?.status === 'supported';

/** One entry of GET /api/games/getGames. */
export const gameDto = z.object({
  gameName: z.string(),
  linkURL: z.enum(LINK_URLS),
  icon: z.string(),
});
export type GameDto = z.infer<typeof gameDto>;
export const getGamesResponse = z.array(gameDto);
