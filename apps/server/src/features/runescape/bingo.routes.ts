import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBody } from '@smm/shared/errors';
import {
  BINGO_PROOF_MAX_BYTES,
  BINGO_PROOF_TOO_LARGE_MESSAGE,
  bingoClaim,
  bingoClaimsQuery,
  bingoClaimsResponse,
  bingoDetail,
  bingoIdBody,
  bingoProofQuery,
  bingoQuery,
  bingosQuery,
  bingosResponse,
  claimBingoTileFields,
  createBingoBody,
  decideBingoClaimBody,
  deleteBingoResponse,
  setBingoModeratorsBody,
  setBingoTeamsBody,
  updateBingoBody,
} from '@smm/shared/runescape/bingo-schemas';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, invalid } from '../../errors';
import type { BingoClaimsService } from './bingo-claims.service';
import type { BingoService } from './bingo.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };
const tags = ['runescape'];
const security = [{ bearer: [] }];

/** The text fields and the one file of a claim's form; a file past the limit is refused with 413 while it streams in. */
async function readClaimForm(req: FastifyRequest): Promise<{ fields: Record<string, string>; proof: Buffer | undefined }> {
  if (!req.isMultipart()) throw badRequest('Send the claim as multipart/form-data with a screenshot in the field "proof"');
  const fields: Record<string, string> = {};
  let proof: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'proof' || proof !== undefined) {
          await part.toBuffer();
          throw invalid({ proof: 'Send one screenshot in the field "proof"' }, 'Send one screenshot in the field "proof"');
        }
        proof = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, BINGO_PROOF_TOO_LARGE_MESSAGE, { proof: BINGO_PROOF_TOO_LARGE_MESSAGE });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('Send the claim with its fields and one screenshot only');
    throw badRequest('The claim form could not be read');
  }
  return { fields, proof };
}

/** The claim upload: multipart parsing only here, with the screenshot's size limit. */
const claimRoute =
  (claims: BingoClaimsService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: BINGO_PROOF_MAX_BYTES, files: 1, fields: 8, fieldSize: 4096, parts: 10 },
    });
    app.post(
      '/api/runescape/claimBingoTile',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Members on a team, while the bingo runs: claims a task tile with a screenshot. multipart/form-data: groupID, bingoID, tileID, note (text fields first), then the file `proof` (PNG, JPEG or WebP by content, at most 5 MB; 413 above). The image is decoded and stored re-encoded as WebP without metadata. 409 when the tile is done for the team or a claim of the team waits on it. 30 claims per 10 minutes (429 with Retry-After).',
          consumes: ['multipart/form-data'],
          response: { 200: bingoClaim, ...errors, 409: apiErrorBody, 413: apiErrorBody, 429: apiErrorBody },
        },
      },
      async (req) => {
        const { fields, proof } = await readClaimForm(req);
        const parsed = claimBingoTileFields.safeParse(fields);
        if (!parsed.success) {
          const byField: Record<string, string> = {};
          for (const issue of parsed.error.issues) byField[String(issue.path[0] ?? 'body')] ??= issue.message;
          throw invalid(byField);
        }
        return claims.claimBingoTile(req.actor, parsed.data, proof);
      },
    );
  };

export const bingoRoutes =
  (bingo: BingoService, claims: BingoClaimsService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(claimRoute(claims));

    app.get(
      '/api/runescape/getBingos',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: "Members of a RuneScape clan: the clan's bingos; ongoing first, then upcoming, then finished.",
          querystring: bingosQuery,
          response: { 200: bingosResponse, ...errors },
        },
      },
      (req) => bingo.getBingos(req.actor, req.query),
    );

    app.get(
      '/api/runescape/getBingo',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members: a bingo's board (each tile with the teams that completed it, XP and kill-count progress per team, and the caller's team's state: done, pending, held or open) and the points table of every team. Other teams' waiting claims are never shown.",
          querystring: bingoQuery,
          response: { 200: bingoDetail, ...errors },
        },
      },
      (req) => bingo.getBingo(req.actor, req.query),
    );

    app.post(
      '/api/runescape/createBingo',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Administrators: creates a bingo starting in the future, with a board of 3×3 to 10×10 tiles, or a board copied from an earlier bingo.',
          body: createBingoBody,
          response: { 200: bingoDetail, ...errors, 429: apiErrorBody },
        },
      },
      (req) => bingo.createBingo(req.actor, req.body),
    );

    app.post(
      '/api/runescape/updateBingo',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Administrators: edits a bingo (absent fields are kept). Before its start anything; after it only the name and the end time. 409 when expectedUpdatedAt is not the stored version.',
          body: updateBingoBody,
          response: { 200: bingoDetail, ...errors, 409: apiErrorBody },
        },
      },
      (req) => bingo.updateBingo(req.actor, req.body),
    );

    app.post(
      '/api/runescape/deleteBingo',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: 'Administrators: deletes a bingo with its teams, claims and screenshots.',
          body: bingoIdBody,
          response: { 200: deleteBingoResponse, ...errors },
        },
      },
      (req) => bingo.deleteBingo(req.actor, req.body),
    );

    app.post(
      '/api/runescape/setBingoTeams',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Administrators, before the start: the teams by hand ({teams: [{name, userIDs}]}) or an even split of the clan's linked members by total level or experience ({split: {teams, by}}).",
          body: setBingoTeamsBody,
          response: { 200: bingoDetail, ...errors, 409: apiErrorBody },
        },
      },
      (req) => bingo.setBingoTeams(req.actor, req.body),
    );

    app.post(
      '/api/runescape/setBingoModerators',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: 'Administrators: the members who may decide claims besides the Administrators.',
          body: setBingoModeratorsBody,
          response: { 200: bingoDetail, ...errors },
        },
      },
      (req) => bingo.setBingoModerators(req.actor, req.body),
    );

    app.get(
      '/api/runescape/getBingoClaims',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Moderators and Administrators: every team's claims (the queue); members: their own team's claims only. Newest first.",
          querystring: bingoClaimsQuery,
          response: { 200: bingoClaimsResponse, ...errors },
        },
      },
      (req) => claims.getBingoClaims(req.actor, req.query),
    );

    app.post(
      '/api/runescape/decideBingoClaim',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Moderators and Administrators: accept a claim (the tile is done for the team), decline it with a reason (the team may claim again), or hold it. 409 when already decided or the tile is already done.',
          body: decideBingoClaimBody,
          response: { 200: bingoClaim, ...errors, 409: apiErrorBody },
        },
      },
      (req) => claims.decideBingoClaim(req.actor, req.body),
    );

    app.get(
      '/api/runescape/getBingoProof',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "The claim's screenshot as stored (re-encoded WebP), to the claim's team and to moderators and Administrators; 404 to anyone else.",
          querystring: bingoProofQuery,
          produces: ['image/webp'],
        },
      },
      async (req, reply) => {
        const proof = await claims.getBingoProof(req.actor, req.query);
        return reply
          .header('content-type', proof.type)
          .header('cache-control', 'private, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          .send(proof.data);
      },
    );
  };
