import { can } from '@smm/shared/groups/policy';
import {
  BINGO_CLAIM_WAITING_MESSAGE,
  BINGO_FINAL_POSTED_MESSAGE,
  BINGO_TILE_DONE_MESSAGE,
  type BingoClaim,
  type BingoClaimsQuery,
  type BingoProofQuery,
  type ClaimBingoTileFields,
  type DecideBingoClaimBody,
} from '@smm/shared/runescape/bingo-schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { badRequest, conflict, forbidden, invalid, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import type { GroupAccess } from '../groups/group-access';
import { publishAfter, type GroupChanges } from '../live/group-changes';
import type { Throttle } from '../throttle/throttle.service';
import { bingoOfGroup, clanAccess } from './bingo.access';
import { statusOf, toBoard, toClaim } from './bingo.board';
import { loadBoard } from './bingo.detail';
import { queueBingoPost } from './bingo.discord';
import { reencodeProof } from './bingo.proof';
import * as repo from './bingo.repo';

/** Claims a member may send in ten minutes: a busy evening, not a script. */
export const CLAIM_LIMIT = { max: 30, windowMs: 10 * 60_000 };
const CLAIM_LIMIT_MESSAGE = 'You have sent many claims in a short time. Please wait a while before sending more.';
const MODERATORS_ONLY = "Only this bingo's moderators and the clan's Administrators can decide claims";
export const BINGO_OWN_TEAM_MESSAGE = 'Claims of your own team are decided by a moderator or Administrator of another team, or of none';

interface Deps {
  db: Db;
  clock: Clock;
  changes: GroupChanges;
  throttle: Throttle;
  publicUrl: string;
  discordBot: boolean;
  onPostQueued?: () => void;
}

/**
 * Reads in one snapshot, so that a decision landing meanwhile shows in both a claim's status and
 * its history or in neither (on PostgreSQL each statement of a read-committed transaction would
 * see the latest commit).
 */
const inOneSnapshot = <T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction().setIsolationLevel('repeatable read').execute(read);

/** The bingo's claims (every team's, or one team's), newest first, each with its decisions: two statements whatever their number. */
function claimsWithHistory(
  db: Db,
  bingoId: string,
  teamId: string | null,
  status: string | undefined,
  groupId: string,
): Promise<BingoClaim[]> {
  return inOneSnapshot(db, async (tx) => {
    const claims = await repo.listClaims(tx, bingoId, teamId, status);
    const byClaim = new Map<string, repo.DecisionViewRow[]>();
    for (const d of await repo.listDecisions(tx, bingoId, teamId, status)) byClaim.set(d.claim_id, [...(byClaim.get(d.claim_id) ?? []), d]);
    return claims.map((c) => toClaim(c, groupId, byClaim.get(c.id) ?? []));
  });
}

/** RuneScape clan bingo claims: members claim tiles with a screenshot; moderators decide. */
export function createBingoClaimsService({ db, clock, changes, throttle, publicUrl, discordBot, onPostQueued }: Deps) {
  const mayModerate = async (tx: Db, access: GroupAccess, bingoId: string, userId: string) =>
    can('manageBingo', access.context) || (await repo.isModerator(tx, bingoId, userId));

  /** Queues the Discord post of a tile completed by a team, with the points table as it now stands. */
  async function postTile(tx: Db, row: repo.BingoRow, tile: repo.TileRow, team: repo.TeamRow, groupName: string, gameName: string) {
    const board = await loadBoard(tx, row, gameName, Math.min(clock.now(), row.ends_at));
    const { teams } = toBoard({ row, ...board, myTeamId: null, myWaiting: new Map() });
    return queueBingoPost(
      tx,
      { kind: 'tile', tileId: tile.id, tileTitle: tile.title, points: tile.points, teamId: team.id, teamName: team.name },
      { id: row.id, groupId: row.group_id, groupName, name: row.name, teams },
      { publicUrl, bot: discordBot, now: clock.now() },
    );
  }

  return {
    /**
     * A member claims a task tile for their team with a screenshot, while the bingo runs. The image
     * is decoded and stored re-encoded; a tile the team has done, or has a claim waiting on, is refused.
     */
    async claimBingoTile(actor: UserDto, fields: ClaimBingoTileFields, proof: Buffer | undefined): Promise<BingoClaim> {
      await clanAccess(db, actor, fields.groupID, 'claimBingo');
      await throttle.consume(`bingo:claim:${actor.id}`, CLAIM_LIMIT, CLAIM_LIMIT_MESSAGE);
      if (!proof || proof.length === 0) throw invalid({ proof: 'Add a screenshot as proof' }, 'Add a screenshot as proof');
      const image = await reencodeProof(proof);
      const claimId = newId();
      await publishAfter(changes, async (record) => {
        await db.transaction().execute(async (tx) => {
          const row = await bingoOfGroup(tx, fields.groupID, fields.bingoID, true);
          const status = statusOf(row, clock.now());
          if (status !== 'ongoing') throw badRequest(status === 'upcoming' ? 'This bingo has not started yet' : 'This bingo has finished');
          const member = await repo.findMember(tx, row.id, actor.id);
          if (!member) throw forbidden('You are not on a team of this bingo');
          const tile = await repo.findTile(tx, fields.tileID);
          if (!tile || tile.bingo_id !== row.id) throw notFound('Tile not found');
          if (tile.kind !== 'task') throw badRequest('This tile completes itself from your team’s gains; it cannot be claimed');
          if (await repo.findCompletion(tx, tile.id, member.team_id)) throw conflict(BINGO_TILE_DONE_MESSAGE);
          if (await repo.findWaitingClaim(tx, tile.id, member.team_id)) throw conflict(BINGO_CLAIM_WAITING_MESSAGE);
          await repo.insertClaim(
            tx,
            {
              id: claimId,
              bingo_id: row.id,
              tile_id: tile.id,
              team_id: member.team_id,
              user_id: actor.id,
              note: fields.note,
              status: 'pending',
              reason: '',
              decided_by: null,
              decided_at: null,
              created_at: clock.now(),
              proof_type: image.type,
              proof_width: image.width,
              proof_height: image.height,
            },
            image.data.toString('base64'),
          );
        });
        record({ groupId: fields.groupID, topic: 'bingo', action: 'changed' });
      });
      return toClaim((await repo.findClaim(db, claimId))!, fields.groupID, []);
    },

    /** Moderators and Administrators: every team's claims; a member: their own team's only. */
    async getBingoClaims(actor: UserDto, { groupID, bingoID, status }: BingoClaimsQuery) {
      const access = await clanAccess(db, actor, groupID, 'viewBingo');
      const row = await bingoOfGroup(db, groupID, bingoID);
      if (await mayModerate(db, access, row.id, actor.id)) {
        return { claims: await claimsWithHistory(db, row.id, null, status, groupID) };
      }
      const member = await repo.findMember(db, row.id, actor.id);
      if (!member) return { claims: [] };
      return { claims: await claimsWithHistory(db, row.id, member.team_id, status, groupID) };
    },

    /**
     * A moderator or Administrator accepts a claim (the tile is done for the team), declines it with a
     * reason, or holds it: while the bingo runs, and after the end until its final table is posted.
     */
    async decideBingoClaim(actor: UserDto, body: DecideBingoClaimBody): Promise<BingoClaim> {
      const access = await clanAccess(db, actor, body.groupID, 'viewBingo');
      let queued = false;
      await publishAfter(changes, async (record) => {
        await db.transaction().execute(async (tx) => {
          const found = await repo.findClaim(tx, body.claimID);
          if (!found) throw notFound('Claim not found');
          const row = await bingoOfGroup(tx, body.groupID, found.bingo_id, true);
          if (!(await mayModerate(tx, access, row.id, actor.id))) throw forbidden(MODERATORS_ONLY);
          const claim = (await repo.lockClaim(tx, found.id))!;
          // Nobody judges their own team's proof, their own claims included.
          if ((await repo.findMember(tx, row.id, actor.id))?.team_id === claim.team_id) throw forbidden(BINGO_OWN_TEAM_MESSAGE);
          // The final table is settled under the bingo's row lock, held here: a decision is either in it or refused.
          if (row.posted_end_at !== null) throw conflict(BINGO_FINAL_POSTED_MESSAGE);
          if (claim.status === 'accepted' || claim.status === 'declined') throw conflict('This claim has already been decided');
          const now = clock.now();
          if (body.decision === 'accept') {
            const tile = (await repo.findTile(tx, claim.tile_id))!;
            const team = (await repo.listTeams(tx, row.id)).find((t) => t.id === claim.team_id)!;
            if (
              !(await repo.insertCompletion(tx, {
                tile_id: tile.id,
                team_id: team.id,
                bingo_id: row.id,
                claim_id: claim.id,
                // Accepted after the end, the tile was done by the time it was claimed, within the bingo.
                completed_at: now < row.ends_at ? now : Math.min(claim.created_at, row.ends_at),
              }))
            )
              throw conflict(BINGO_TILE_DONE_MESSAGE);
            await repo.updateClaim(tx, claim.id, { status: 'accepted', reason: '', decided_by: actor.id, decided_at: now });
            await repo.insertDecision(tx, {
              id: newId(),
              claim_id: claim.id,
              bingo_id: row.id,
              decision: 'accepted',
              reason: '',
              decided_by: actor.id,
              decided_at: now,
            });
            queued = await postTile(tx, row, tile, team, access.group.group_name, access.group.game_name);
          } else {
            const decision = {
              status: body.decision === 'decline' ? 'declined' : 'held',
              reason: body.decision === 'decline' ? body.reason : '',
              decided_by: actor.id,
              decided_at: now,
            };
            await repo.updateClaim(tx, claim.id, decision);
            // The claim row keeps only the latest decision; this keeps each one (who held it before it was decided).
            await repo.insertDecision(tx, {
              id: newId(),
              claim_id: claim.id,
              bingo_id: row.id,
              decision: decision.status,
              reason: decision.reason,
              decided_by: actor.id,
              decided_at: now,
            });
          }
        });
        record({ groupId: body.groupID, topic: 'bingo', action: 'changed' });
      });
      if (queued) onPostQueued?.();
      return inOneSnapshot(db, async (tx) =>
        toClaim((await repo.findClaim(tx, body.claimID))!, body.groupID, await repo.listClaimDecisions(tx, body.claimID)),
      );
    },

    /** The stored screenshot of a claim, to the claim's team and to moderators and Administrators only (404 to anyone else). */
    async getBingoProof(actor: UserDto, { groupID, claimID }: BingoProofQuery): Promise<{ type: string; data: Buffer }> {
      const access = await clanAccess(db, actor, groupID, 'viewBingo');
      const claim = await repo.findClaim(db, claimID);
      if (!claim) throw notFound('Proof not found');
      const row = await bingoOfGroup(db, groupID, claim.bingo_id);
      if (!(await mayModerate(db, access, row.id, actor.id))) {
        const member = await repo.findMember(db, row.id, actor.id);
        if (!member || member.team_id !== claim.team_id) throw notFound('Proof not found');
      }
      const proof = await repo.findProof(db, claimID);
      if (!proof) throw notFound('Proof not found');
      return { type: claim.proof_type, data: Buffer.from(proof.data, 'base64') };
    },
  };
}
export type BingoClaimsService = ReturnType<typeof createBingoClaimsService>;
