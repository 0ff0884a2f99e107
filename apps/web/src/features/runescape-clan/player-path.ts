import type { OsrsGameMode } from '@smm/shared/runescape/game-modes';

/** The stats page of a clan member's linked account, with their history in the clan. */
export const playerPagePath = (groupID: string, m: { playerName: string; gameMode: OsrsGameMode; userID: string }) =>
  `/osrsStats?${new URLSearchParams({ playerName: m.playerName, gameMode: m.gameMode, groupID, userID: m.userID })}`;
