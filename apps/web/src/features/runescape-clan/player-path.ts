import type { ClanGameMode } from '@smm/shared/runescape/rs3';

/** A clan member's linked account and their history, inside the clan's area (its bar and navigation). */
export const playerPagePath = (groupID: string, m: { playerName: string; gameMode: ClanGameMode; userID: string }) =>
  `/runeScapeClan/player?${new URLSearchParams({ groupID, userID: m.userID, playerName: m.playerName, gameMode: m.gameMode })}`;
