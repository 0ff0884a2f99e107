import type { CommentDto, PostCommentBody } from '@smm/shared/civilization/games-schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { forbidden, invalid, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import * as games from '../civ-games/civ-games.repo';
import { GAME_NOT_FOUND_MESSAGE } from '../civ-games/civ-games.service';
import { assertCan, loadAccess } from '../groups/group-access';
import * as comments from './comments.repo';

const toCommentDto = (row: comments.CommentRow, groupID: string): CommentDto => ({
  _id: row.id,
  comment: row.comment,
  username: row.username,
  userID: row.user_id,
  groupID,
  gameID: row.game_id,
  date: new Date(row.created_at).toISOString(),
});

/** Comments on a game, for the members of its group. */
export function createCommentsService({ db, clock }: { db: Db; clock: Clock }) {
  /** The game, checked to belong to the group, which the caller must be a member of. */
  async function gameOfGroup(actor: UserDto, gameID: string, groupID: string, action: 'viewGames' | 'editGames') {
    const access = await loadAccess(db, groupID, actor.id);
    assertCan(access, action);
    const game = await games.findById(db, gameID);
    if (!game || game.group_id !== groupID) throw notFound(GAME_NOT_FOUND_MESSAGE);
    return game;
  }

  return {
    /** A game's comments, newest first. */
    async getComments(actor: UserDto, gameID: string, groupID: string): Promise<CommentDto[]> {
      await gameOfGroup(actor, gameID, groupID, 'viewGames');
      return (await comments.listByGame(db, gameID)).map((row) => toCommentDto(row, groupID));
    },

    /** The caller comments; the username and date come from the account and the clock, not the body. */
    async postComment(actor: UserDto, body: PostCommentBody): Promise<CommentDto> {
      if (body.userID !== actor.id) throw forbidden('You can only comment as yourself');
      await gameOfGroup(actor, body.gameID, body.groupID, 'editGames');
      if (!body.comment) throw invalid({ comment: 'Comment field is required' });
      const row = { id: newId(), game_id: body.gameID, user_id: actor.id, comment: body.comment, created_at: clock.now() };
      await comments.insert(db, row);
      return toCommentDto({ ...row, username: actor.username }, body.groupID);
    },
  };
}
export type CommentsService = ReturnType<typeof createCommentsService>;
