import type { Viewer } from '../groups/policy';

/**
 * Who someone is to one Civilization game. A manager (the game's host, its creator or a group
 * Administrator) records results; a player of the game proposes changes to them; any other member
 * only reads. Outsiders never see the game at all.
 */
export const GAME_ROLES = ['manager', 'player', 'reader', 'outsider'] as const;
export type GameRole = (typeof GAME_ROLES)[number];

export const GAME_ACTIONS = [
  /** Read the game, its results, proposals and audit trail. */
  'viewGame',
  /** Change the result directly: eliminations, winner, victory type, teams, game type, host, placements. */
  'changeResult',
  /** Change the game's name and lobby link. */
  'editDetails',
  /** Say which leader one played (one's own row only; managers may set anyone's whose choices anonymous mode does not hide from them). */
  'setOwnCivPlayed',
  /** Propose a result change, shown as pending until a manager decides. */
  'proposeChange',
  /** Accept or reject a pending proposal. */
  'decideProposal',
  /** Confirm or contest someone else's pending proposal, with a reason. */
  'voteProposal',
  /** Delete the game (a soft delete, restorable for RESTORE_DAYS). */
  'deleteGame',
  /** Restore a deleted game, and list the deleted games of the group. */
  'restoreGame',
] as const;
export type GameAction = (typeof GAME_ACTIONS)[number];

/** How long an Administrator can restore a deleted game. */
export const RESTORE_DAYS = 30;
export const RESTORE_WINDOW_MS = RESTORE_DAYS * 24 * 60 * 60 * 1000;

const isAdministrator = (viewer: Viewer) => viewer === 'administrator' || viewer === 'owner';
const isMember = (viewer: Viewer) => viewer === 'member' || isAdministrator(viewer);

export interface GameFacts {
  /** The host a manager chose (at creation or by naming one): an elimination that passes the lobby on does not pass this right. */
  host: string | null;
  createdBy: string;
  playerIDs: readonly string[];
}

/**
 * The role of a user in a game, from their place in its group. Its creator manages it only while they
 * play in it: a member who did not play only reads, whoever added the game.
 */
export function gameRole(viewer: Viewer, userID: string | null | undefined, game: GameFacts): GameRole {
  if (!userID || !isMember(viewer)) return 'outsider';
  const playingCreator = game.createdBy === userID && game.playerIDs.includes(userID);
  if (isAdministrator(viewer) || game.host === userID || playingCreator) return 'manager';
  return game.playerIDs.includes(userID) ? 'player' : 'reader';
}

/**
 * The policy table for games: role x action -> allowed. `isPlayer` matters for managers who also
 * play (they may vote on others' proposals); restoring is for group Administrators only.
 */
export function canOnGame(action: GameAction, ctx: { role: GameRole; viewer: Viewer; isPlayer: boolean }): boolean {
  const { role, viewer, isPlayer } = ctx;
  switch (action) {
    case 'viewGame':
      return role !== 'outsider';
    case 'changeResult':
    case 'decideProposal':
    case 'deleteGame':
      return role === 'manager';
    case 'editDetails':
    case 'setOwnCivPlayed':
      return role === 'manager' || role === 'player';
    case 'proposeChange':
      return role === 'player';
    case 'voteProposal':
      return isPlayer && role !== 'outsider';
    case 'restoreGame':
      return isAdministrator(viewer);
  }
}

/** Everything the viewer may do to a game, as the game's JSON carries it for the UI. */
export function gamePermissions(viewer: Viewer, userID: string | null | undefined, game: GameFacts) {
  const role = gameRole(viewer, userID, game);
  const ctx = { role, viewer, isPlayer: !!userID && game.playerIDs.includes(userID) };
  return {
    role,
    changeResult: canOnGame('changeResult', ctx),
    editDetails: canOnGame('editDetails', ctx),
    proposeChange: canOnGame('proposeChange', ctx),
    decideProposal: canOnGame('decideProposal', ctx),
    voteProposal: canOnGame('voteProposal', ctx),
    deleteGame: canOnGame('deleteGame', ctx),
    restoreGame: canOnGame('restoreGame', ctx),
  };
}
export type GamePermissions = ReturnType<typeof gamePermissions>;
