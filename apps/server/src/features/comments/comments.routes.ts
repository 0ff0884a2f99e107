import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commentDto, commentsParams, commentsResponse, postCommentBody } from '@smm/shared/civilization/games-schemas';
import { apiErrorBody } from '@smm/shared/errors';
import type { CommentsService } from './comments.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };
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
          description: "Members: a game's comments, newest first.",
          params: commentsParams,
          response: { 200: commentsResponse, ...errors },
        },
      },
      (req) => comments.getComments(req.actor, req.params.gameID, req.params.groupID),
    );

    app.post(
      '/api/comments/postComment',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: 'Members comment on a game of their group; userID must be the caller; username and date are set by the server.',
          body: postCommentBody,
          response: { 200: commentDto, ...errors },
        },
      },
      (req) => comments.postComment(req.actor, req.body),
    );
  };
