import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notesDto, notesParams, postPlayerRelationshipBody, postUserNotesBody } from '@smm/shared/civilization/games-schemas';
import { apiErrorBody } from '@smm/shared/errors';
import type { NotesService } from './notes.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
const tags = ['notes'];
const security = [{ bearer: [] }];

export const notesRoutes =
  (notes: NotesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/notes/getUserNotes/:userID/:groupID/:gameID',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: "The caller's own notes and player relationships for a game (userID must be the caller).",
          params: notesParams,
          response: { 200: notesDto, ...errors },
        },
      },
      (req) => notes.getUserNotes(req.actor, req.params),
    );

    // The spec writes the path with a trailing slash; the same call answers without it.
    for (const path of ['/api/notes/postUserNotes/', '/api/notes/postUserNotes']) {
      app.post(
        path,
        {
          preHandler: app.requireUser,
          schema: {
            tags,
            security,
            description:
              'The caller saves their notes for a game (userID must be the caller). With expectedUpdatedAt (the updatedAt they opened, null before any save), a save over notes saved meanwhile answers 409 and saves nothing.',
            body: postUserNotesBody,
            response: { 200: notesDto, ...errors },
          },
        },
        (req) => notes.postUserNotes(req.actor, req.body),
      );
    }

    app.post(
      '/api/notes/postPlayerRelationship/:userID/:groupID/:gameID',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'The caller (path userID) records their relationship with another player of the game (body userID): Friends Forever, Allies, Friendly, Neutral, Suspicious, Seeking Revenge or Mortal Enemies.',
          params: notesParams,
          body: postPlayerRelationshipBody,
          response: { 200: notesDto, ...errors },
        },
      },
      (req) => notes.postPlayerRelationship(req.actor, req.params, req.body),
    );
  };
