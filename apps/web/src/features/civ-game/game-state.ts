import type { CivChoiceDto, GameDto, GameMemberDto } from '@smm/shared/civilization/games-schemas';
import { civChoiceLabel } from '@smm/shared/civilization/labels';

/** The one winner a game can be given now, or why none can (spec 4: one active member, or one team, remains). */
export type WinnerCandidate = { ok: true; winner: string | number; label: string } | { ok: false; reason: string };

export const activeMembers = (game: GameDto): GameMemberDto[] => game.members.filter((member) => member.isActive);

/** The teams that still have an active member, in team order. */
export function activeTeams(game: GameDto): number[] {
  const teams = new Set(activeMembers(game).flatMap((member) => (member.team === null ? [] : [member.team])));
  return [...teams].sort((a, b) => a - b);
}

const names = (members: readonly GameMemberDto[]) => members.map((member) => member.username).join(', ');

export const teamLabel = (game: GameDto, team: number): string => {
  const players = game.members.filter((member) => member.team === team);
  return players.length ? `Team ${team} (${names(players)})` : `Team ${team}`;
};

export function winnerCandidate(game: GameDto): WinnerCandidate {
  if (game.gameType === 'team') {
    const teams = activeTeams(game);
    if (teams.length === 1) return { ok: true, winner: teams[0]!, label: teamLabel(game, teams[0]!) };
    if (teams.length === 0) return { ok: false, reason: 'No team has an active member. Reactivate the winning team first.' };
    return { ok: false, reason: `A winner can be declared when only one team remains; ${teams.length} teams still have active members.` };
  }
  const active = activeMembers(game);
  if (active.length === 1) return { ok: true, winner: active[0]!.userID, label: active[0]!.username };
  if (active.length === 0) return { ok: false, reason: 'No member is active. Reactivate the winner first.' };
  return { ok: false, reason: `A winner can be declared when only one active member remains; ${active.length} are still active.` };
}

/** Who won a finished game, as people read it: a username, or a team with its players. */
export function winnerLabel(game: GameDto): string | null {
  if (game.winner === null) return null;
  if (game.gameType === 'team') return teamLabel(game, Number(game.winner));
  return game.members.find((member) => member.userID === game.winner)?.username ?? 'A former player';
}

export const usernameOf = (game: GameDto, userID: string | null): string | null =>
  userID === null ? null : (game.members.find((member) => member.userID === userID)?.username ?? null);

/** 'Leader (Nation)' as every screen writes a civ choice. */
export const leaderText = (choice: Pick<CivChoiceDto, 'leader' | 'nation'>): string => civChoiceLabel(choice);

/** Whether a member won the (finished) game: the winner in ffa, a player of the winning team in team games. */
export const isWinner = (game: GameDto, member: GameMemberDto): boolean =>
  game.winner !== null && (game.gameType === 'team' ? member.team === Number(game.winner) : member.userID === game.winner);

/** A lobby link is shown as a link only when it is a web address; anything else (a lobby code) is plain text. */
export function lobbyUrl(link: string): string | null {
  try {
    const url = new URL(link.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The last active member cannot be eliminated: the game would have nobody left to win it. */
export const canEliminate = (game: GameDto, member: GameMemberDto): boolean => !member.isActive || activeMembers(game).length > 1;

export const gameTypeLabel = (game: Pick<GameDto, 'gameType'>): string => (game.gameType === 'team' ? 'Teams' : 'Free for all (FFA)');
