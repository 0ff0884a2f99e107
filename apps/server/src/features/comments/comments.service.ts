import {
  COMMENT_LIMIT_MESSAGE,
  COMMENT_NOT_FOUND_MESSAGE,
  COMMENTS_PAGE,
  type CommentDto,
  type CommentRefBody,
  type CommentsQuery,
  type PostCommentBody,
  type UpdateCommentBody,
} from '@smm/shared/civilization/games-schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { forbidden, invalid, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import * as games from '../civ-games/civ-games.repo';
import { GAME_NOT_FOUND_MESSAGE } from '../civ-games/civ-games.service';
import { assertCan, loadAccess } from '../groups/group-access';
import type { GroupChanges } from '../live/group-changes';
import type { Limit, Throttle } from '../throttle/throttle.service';
import { toIso } from '../../lib/iso-time';
import * as comments from './comments.repo';

/** Posting and editing comments, per member: a burst of a few, about one every six seconds after it. */
export const DEFAULT_COMMENT_LIMIT: Limit = { max: 10, windowMs: 60_000 };

const toCommentDto = (row: comments.CommentRow, groupID: string): CommentDto => ({
  _id: row.id,
  comment: row.comment,
  username: row.username,
  userID: row.user_id,
  groupID,
  gameID: row.game_id,
  date: toIso(row.created_at),
  ...(row.edited_at ? { editedAt: toIso(row.edited_at) } : {}),
});

interface Deps {
  db: Db;
  clock: Clock;
  throttle: Throttle;
  changes: GroupChanges;
  commentLimit?: Limit;
}

/** Comments on a game, for the members of its group: their authors edit and delete them, Administrators delete any. */
export function createCommentsService({ db, clock, throttle, changes, commentLimit = DEFAULT_COMMENT_LIMIT }: Deps) {
  /**
   * The game, checked to belong to the group, which the caller must be a member of. A deleted game is
   * found only for reading by an Administrator, who decides whether to restore it.
   */
  async function gameOfGroup(actor: UserDto, gameID: string, groupID: string, action: 'viewGames' | 'editGames') {
    const access = await loadAccess(db, groupID, actor);
    assertCan(access, action);
    const administrator = access.viewer === 'administrator' || access.viewer === 'owner';
    const game = await (action === 'viewGames' && administrator ? games.findAnyById : games.findById)(db, gameID);
    if (!game || game.group_id !== groupID) throw notFound(GAME_NOT_FOUND_MESSAGE);
    return game;
  }

  /** The comment, in a game of the group, with the caller's access to that group. */
  async function commentOfGroup(actor: UserDto, { commentID, groupID }: CommentRefBody) {
    const access = await loadAccess(db, groupID, actor);
    assertCan(access, 'editGames');
    const comment = await comments.findWithGroup(db, commentID);
    if (!comment || comment.group_id !== groupID) throw notFound(COMMENT_NOT_FOUND_MESSAGE);
    return { access, comment };
  }

  const published = (groupID: string, gameID: string, action: 'created' | 'updated' | 'deleted' | 'restored') =>
    changes.publish({ groupId: groupID, topic: 'comments', action, gameId: gameID });

  return {
    /** A page of a game's comments, newest first (COMMENTS_PAGE unless a smaller `limit`), older than `before` when given. */
    async getComments(actor: UserDto, gameID: string, groupID: string, query: CommentsQuery = {}): Promise<CommentDto[]> {
      await gameOfGroup(actor, gameID, groupID, 'viewGames');
      const rows = await comments.listByGame(db, gameID, { limit: query.limit ?? COMMENTS_PAGE, before: query.before });
      return rows.map((row) => toCommentDto(row, groupID));
    },

    /** The caller comments; the username and date come from the account and the clock, not the body. */
    async postComment(actor: UserDto, body: PostCommentBody): Promise<CommentDto> {
      if (body.userID !== actor.id) throw forbidden('You can only comment as yourself');
      await gameOfGroup(actor, body.gameID, body.groupID, 'editGames');
      if (!body.comment) throw invalid({ comment: 'Comment field is required' });
      await throttle.consume(`comment:${actor.id}`, commentLimit, COMMENT_LIMIT_MESSAGE);
      const row = {
        id: newId(),
        game_id: body.gameID,
        user_id: actor.id,
        comment: body.comment,
        created_at: clock.now(),
        edited_at: null,
        deleted_at: null,
        deleted_by: null,
      };
      await comments.insert(db, row);
      published(body.groupID, body.gameID, 'created');
      return toCommentDto({ ...row, username: actor.username }, body.groupID);
    },

    /** The author changes their own words; nobody else may. */
    async updateComment(actor: UserDto, body: UpdateCommentBody): Promise<CommentDto> {
      const { comment } = await commentOfGroup(actor, body);
      if (comment.deleted_at !== null) throw notFound(COMMENT_NOT_FOUND_MESSAGE);
      if (comment.user_id !== actor.id) throw forbidden('You can only edit your own comments');
      await throttle.consume(`comment:${actor.id}`, commentLimit, COMMENT_LIMIT_MESSAGE);
      const at = clock.now();
      await comments.updateText(db, comment.id, body.comment, at);
      published(body.groupID, comment.game_id, 'updated');
      return toCommentDto({ ...comment, comment: body.comment, edited_at: at }, body.groupID);
    },

    /** The author or an Administrator hides a comment; it is kept, so the deletion can be undone. */
    async deleteComment(actor: UserDto, body: CommentRefBody): Promise<{ message: string }> {
      const { access, comment } = await commentOfGroup(actor, body);
      if (comment.user_id !== actor.id) assertCan(access, 'deleteAnyComment', 'You can only delete your own comments');
      if (comment.deleted_at === null) {
        await comments.setDeleted(db, comment.id, { at: clock.now(), by: actor.id });
        published(body.groupID, comment.game_id, 'deleted');
      }
      return { message: 'Comment deleted' };
    },

    /** Undoes a deletion: whoever deleted it, or an Administrator (an author cannot bring back what a moderator took down). */
    async restoreComment(actor: UserDto, body: CommentRefBody): Promise<CommentDto> {
      const { access, comment } = await commentOfGroup(actor, body);
      if (comment.deleted_by !== actor.id) assertCan(access, 'deleteAnyComment', 'You can only restore comments you deleted');
      if (comment.deleted_at !== null) {
        await comments.setDeleted(db, comment.id, null);
        published(body.groupID, comment.game_id, 'restored');
      }
      return toCommentDto({ ...comment, deleted_at: null, deleted_by: null }, body.groupID);
    },
  };
}
export type CommentsService = ReturnType<typeof createCommentsService>;
