import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteDraftPresetBody,
  draftActionBody,
  draftDto,
  draftGameBody,
  draftIdQuery,
  draftPresetBody,
  draftPresetDto,
  draftPresetsQuery,
  openDraftsDto,
  openDraftsQuery,
} from '@smm/shared/civilization/draft-schemas';
import { apiErrorBody } from '@smm/shared/errors';
import type { DraftStepsService } from './draft-steps.service';
import type { DraftsService } from './drafts.service';
import type { DraftPresetsService } from './presets.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 429: apiErrorBody };
const tags = ['civilization games'];
const security = [{ bearer: [] }];

export const draftsRoutes =
  (drafts: DraftsService, steps: DraftStepsService, presets: DraftPresetsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/civilization/draftGame',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members: the server deals a draft for members of the group from their stored bans (within the group's limit, first made first), map and setting preferences and owned packs, and the group's settings, with its own random source, and stores it; createGame then takes it by draftID. Teams: 'manual' from members[].team, 'random' round-robin, 'balanced' by team-game rating. In anonymous mode the answer shows the caller only their own and their team-mates' hands. A draft that cannot be made answers 400 naming the player. A new deal for players of an open draft replaces it only when the caller dealt that draft and its players are not in the middle of it (no pick, ban or proposal in a running step, no vote open); otherwise 409 saying why (another member's draft is played out or redrafted by a vote). 30 drafts per 10 minutes per user, then 429 with Retry-After.",
          body: draftGameBody,
          response: { 200: draftDto, ...errors },
        },
      },
      (req) => drafts.draftGame(req.actor, req.body),
    );

    app.get(
      '/api/civilization/getDraft',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members of the draft's group: a stored draft as the reader may see it (in anonymous mode only their own and their team-mates' hands); gameID once a game was made from it.",
          querystring: draftIdQuery,
          response: { 200: draftDto, ...errors },
        },
      },
      (req) => drafts.getDraft(req.actor, req.query.draftID),
    );

    app.get(
      '/api/civilization/getOpenDrafts',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members of the group: its open drafts, newest first: those still being played (blind picks, captains, majority bans; status running) and those dealt and waiting for their game (status complete, a redraft vote perhaps open); the mode, the players, who started it and the running step's or vote's deadline; never a hand or a pick. Drafts expire after a day; one a game was made from, or a newer deal for the same players replaced, is not listed.",
          querystring: openDraftsQuery,
          response: { 200: openDraftsDto, ...errors },
        },
      },
      (req) => drafts.getOpenDrafts(req.actor, req.query.groupID),
    );

    app.post(
      '/api/civilization/draftAction',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Players of a live draft: one step by the caller (who acts is the session's user): 'blindPick' a leader of one's hand; a captain's 'ban' or 'pick' on their team's turn; 'proposeBans' (majority bans); 'callVote' for a redraft (calling is a yes) and 'vote'. Answers the draft as the caller may see it; a step the draft does not allow answers 400 naming why; 120 steps per minute per user, then 429 with Retry-After. A redraft that passes deals again, only while no game has been made from the draft.",
          body: draftActionBody,
          response: { 200: draftDto, ...errors },
        },
      },
      (req) => steps.draftAction(req.actor, req.body),
    );

    app.get(
      '/api/civilization/getDraftPresets',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: "Members: the group's draft presets, by name.",
          querystring: draftPresetsQuery,
          response: { 200: z.array(draftPresetDto), ...errors },
        },
      },
      (req) => presets.getDraftPresets(req.actor, req.query.groupID),
    );

    app.post(
      '/api/civilization/postDraftPreset',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Administrators: saves a draft preset (a name with a mode and its options); a name the group already has is replaced. At most 20 per group.',
          body: draftPresetBody,
          response: { 200: draftPresetDto, ...errors },
        },
      },
      (req) => presets.postDraftPreset(req.actor, req.body),
    );

    app.post(
      '/api/civilization/deleteDraftPreset',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: 'Administrators: deletes a draft preset of their group.',
          body: deleteDraftPresetBody,
          response: { 200: z.object({ presetID: z.string() }), ...errors },
        },
      },
      (req) => presets.deleteDraftPreset(req.actor, req.body.presetID),
    );
  };
