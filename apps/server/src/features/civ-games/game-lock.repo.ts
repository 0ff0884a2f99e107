import { lockWithGroup } from '../groups/locked-with-group';
import type { GameRow } from './civ-games.repo';

/**
 * Every change to a game (an edit, a proposal, a delete, a restore) reads it, deleted or not, under
 * its row lock, with its group and the user's membership in it (undefined when they are not a
 * member); undefined when there is no such game.
 */
export const lockGameWithMembership = lockWithGroup<GameRow>('civ_games');
