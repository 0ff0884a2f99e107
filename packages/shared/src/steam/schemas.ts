import { z } from 'zod';

/** A SteamID64: the 17-digit form Steam OpenID and the Web API use. */
export const steamId = z.string().regex(/^\d{17}$/, 'Steam ID must be a 17-digit SteamID64');

export const steamIdParams = z.object({ steamID: steamId });

export const steamProfile = z.object({
  steamID: z.string(),
  nickname: z.string(),
  url: z.string(),
  avatar: z.object({ small: z.string(), medium: z.string(), large: z.string() }),
});
export type SteamProfile = z.infer<typeof steamProfile>;

export const steamGame = z.object({
  appID: z.int(),
  name: z.string(),
  /** null when Steam has no icon for the game. */
  iconURL: z.string().nullable(),
});
export type SteamGame = z.infer<typeof steamGame>;

/**
 * `isPrivate` is true when Steam hides the games (private profile or private game details):
 * the page then says STEAM_GAMES_PRIVATE_MESSAGE instead of showing an empty table.
 */
export const steamGames = z.object({ isPrivate: z.boolean(), games: z.array(steamGame) });
export type SteamGames = z.infer<typeof steamGames>;

export const STEAM_GAMES_PRIVATE_MESSAGE = "This Steam profile's games are private";
/** The 503 message when the server has no STEAM_API_KEY. */
export const STEAM_NOT_CONFIGURED_MESSAGE = 'Steam is not configured on this server';

export const steamLoginStart = z.object({ url: z.string() });

export const steamLinkParams = z.object({ steamID: steamId, userID: z.string().min(1).max(64) });

export const steamTokenResponse = z.object({ token: z.string() });

/** Codes the sign-in callback puts in `/profile?steamError=` when it links nothing. */
export const STEAM_LINK_ERRORS = {
  cancelled: 'Steam sign-in was cancelled.',
  expired: 'The Steam sign-in took too long or was already used. Please try again.',
  invalid: 'Steam could not confirm the sign-in. Please try again.',
  replayed: 'This Steam sign-in was already used. Please try again.',
  taken: 'This Steam account is already linked to another user.',
  unavailable: 'Steam is not answering right now. Please try again later.',
} as const;
export type SteamLinkError = keyof typeof STEAM_LINK_ERRORS;
