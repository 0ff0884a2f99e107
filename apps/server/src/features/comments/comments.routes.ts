import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  commentDto,
  commentRefBody,
  commentsParams,
  commentsQuery,
  commentsResponse,
  postCommentBody,
  updateCommentBody,
} from '@smm/shared/civilization/games-schemas';
import { apiErrorBody } from '@smm/shared/errors';
import { groupMessageResponse } from '@smm/shared/groups/schemas';
import type { CommentsService } from './comments.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };
const limited = { ...errors, 429: apiErrorBody };
const tags = ['comments'];
const security = [{ bearer: [] }];

export const commentsRoutes =
  (comments: CommentsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/comments/getComments/:gameID/:groupID',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members: a game's comments, newest first, 50 at a time; `limit` asks for fewer, `before` (a comment's _id) for those older than it.",
          params: commentsParams,
          querystring: commentsQuery,
          response: { 200: commentsResponse, ...errors },
        },
      },
      (req) => comments.getComments(req.actor, req.params.gameID, req.params.groupID, req.query),
    );

    app.post(
      '/api/comments/postComment',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Members comment on a game of their group; userID must be the caller; username and date are set by the server. At most 10 comments and edits a minute per member (429 with Retry-After).',
          body: postCommentBody,
          response: { 200: commentDto, ...limited },
        },
      },
      (req) => comments.postComment(req.actor, req.body),
    );

    app.post(
      '/api/comments/updateComment',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: 'The author changes their own comment (counted with postComment against the per-member limit).',
          body: updateCommentBody,
          response: { 200: commentDto, ...limited },
        },
      },
      (req) => comments.updateComment(req.actor, req.body),
    );

    app.post(
      '/api/comments/deleteComment',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: 'The author, or an Administrator, deletes a comment. It is kept hidden and can be restored.',
          body: commentRefBody,
          response: { 200: groupMessageResponse, ...errors },
        },
      },
      (req) => comments.deleteComment(req.actor, req.body),
    );

    app.post(
      '/api/comments/restoreComment',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: 'Undoes a deletion: whoever deleted the comment, or an Administrator.',
          body: commentRefBody,
          response: { 200: commentDto, ...errors },
        },
      },
      (req) => comments.restoreComment(req.actor, req.body),
    );
  };
