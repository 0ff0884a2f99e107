import type { SteamGames, SteamProfile } from '@smm/shared/steam/schemas';
import type { OwnedGames, SteamPlayer } from '../../integrations/steam-web-api';

const ICON_BASE = 'https://media.steampowered.com/steamcommunity/public/images/apps';

/** The profile card's fields, whitelisted from GetPlayerSummaries. */
export const toSteamProfile = (player: SteamPlayer): SteamProfile => ({
  steamID: player.steamid,
  nickname: player.personaname,
  url: player.profileurl,
  avatar: { small: player.avatar, medium: player.avatarmedium, large: player.avatarfull },
});

/** The games table, sorted by name; Steam gives an icon as a hash to place in its image URL. */
export function toSteamGames(owned: OwnedGames): SteamGames {
  if (owned.isPrivate) return { isPrivate: true, games: [] };
  const games = owned.games.map((game) => ({
    appID: game.appid,
    name: game.name ?? `App ${game.appid}`,
    iconURL: game.img_icon_url ? `${ICON_BASE}/${game.appid}/${encodeURIComponent(game.img_icon_url)}.jpg` : null,
  }));
  games.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  return { isPrivate: false, games };
}
