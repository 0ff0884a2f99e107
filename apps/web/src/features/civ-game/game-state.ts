import { gamePermissions, type GamePermissions } from '@smm/shared/civilization/game-policy';
import type { CivChoiceDto, GameDto, GameMemberDto } from '@smm/shared/civilization/games-schemas';
import { civChoiceLabel } from '@smm/shared/civilization/labels';
import { sideOf } from '@smm/shared/civilization/placements';
import type { Viewer } from '@smm/shared/groups/policy';
import { ordinal } from './format';

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

/** Addresses a lobby link may open: the web, and Steam's own (steam://joinlobby/…, which starts the game and joins). */
const LOBBY_PROTOCOLS = new Set(['http:', 'https:', 'steam:']);

/** A lobby link is shown as a link when it is a web or Steam address; anything else (a lobby code) is plain text. */
export function lobbyUrl(link: string): string | null {
  try {
    const url = new URL(link.trim());
    return LOBBY_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** The last active member cannot be eliminated: the game would have nobody left to win it. */
export const canEliminate = (game: GameDto, member: GameMemberDto): boolean => !member.isActive || activeMembers(game).length > 1;

export const gameTypeLabel = (game: Pick<GameDto, 'gameType'>): string => (game.gameType === 'team' ? 'Teams' : 'Free for all (FFA)');

/** What the viewer may do, as the server computed it; from the same shared table if an answer lacks it. */
export function permissionsOf(game: GameDto, viewer: Viewer, userID: string): GamePermissions {
  const computed =
    game.permissions ??
    gamePermissions(viewer, userID, { host: game.chosenHost, createdBy: game.createdBy, playerIDs: game.members.map((m) => m.userID) });
  // A deleted game is only there to be restored.
  if (!game.dateDeleted) return computed;
  return {
    ...computed,
    changeResult: false,
    editDetails: false,
    proposeChange: false,
    decideProposal: false,
    voteProposal: false,
    deleteGame: false,
  };
}

/** One side of the finishing order: a player in a free-for-all, a team (with its players) in a team game. */
export interface Side {
  key: string;
  label: string;
  userID?: string;
  team?: number;
  placement: number | null;
}

export function sidesOf(game: GameDto): Side[] {
  if (game.gameType !== 'team') {
    return game.members.map((m) => ({ key: sideOf(game.gameType, m), label: m.username, userID: m.userID, placement: m.placement }));
  }
  const teams = [...new Set(game.members.map((m) => m.team ?? 0))].sort((a, b) => a - b);
  return teams.map((team) => ({
    key: `team:${team}`,
    label: teamLabel(game, team),
    team,
    placement: game.members.find((m) => (m.team ?? 0) === team)?.placement ?? null,
  }));
}

/** A member's finishing place as people write it: "1st", "2nd", "=3rd" when another side shares it. */
export function placementText(game: GameDto, member: GameMemberDto): string | null {
  if (member.placement === null) return null;
  const side = sideOf(game.gameType, member);
  const tied = game.members.some((other) => other.placement === member.placement && sideOf(game.gameType, other) !== side);
  return `${tied ? '=' : ''}${ordinal(member.placement)}`;
}

/** The leaders a member can have played: their civ choices, or the game's whole list when they had none. */
export function leaderOptions(member: GameMemberDto, catalogue: readonly CivChoiceDto[]): readonly CivChoiceDto[] {
  return member.civChoices.length > 0 ? member.civChoices : catalogue;
}
