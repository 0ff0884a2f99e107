import { can } from '@smm/shared/groups/policy';
import {
  BINGO_CHANGED_MESSAGE,
  BINGO_CLAIM_WAITING_MESSAGE,
  BINGO_FINAL_POSTED_MESSAGE,
  BINGO_MAX_DAYS,
  BINGO_TILE_DONE_MESSAGE,
  type BingoClaim,
  type BingoClaimsQuery,
  type BingoDetail,
  type BingoIdBody,
  type BingoProofQuery,
  type BingoQuery,
  type BingosQuery,
  type BingosResponse,
  type BingoTileData,
  type ClaimBingoTileFields,
  type CreateBingoBody,
  type DecideBingoClaimBody,
  type DeleteBingoResponse,
  type SetBingoModeratorsBody,
  type SetBingoTeamsBody,
  type UpdateBingoBody,
} from '@smm/shared/runescape/bingo-schemas';
import { competitionGameOf, competitionMetric } from '@smm/shared/runescape/competition-metrics';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { badRequest, conflict, forbidden, invalid, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import { assertCan, loadAccess, type GroupAccess } from '../groups/group-access';
import { publishAfter, type GroupChanges } from '../live/group-changes';
import type { Throttle } from '../throttle/throttle.service';
import { boardMetrics, statusOf, teamGains, toBoard, toClaim, toSummary } from './bingo.board';
import { queueBingoPost } from './bingo.discord';
import { reencodeProof } from './bingo.proof';
import * as repo from './bingo.repo';
import { assertClan } from './clan.service';
import { listEligible } from './competitions.repo';
import { splitByOverall } from './competitions.standings';
import { parseSnapshot } from './snapshots';

const MAX_MS = BINGO_MAX_DAYS * 86_400_000;
/** Bingos an Administrator may create in an hour. */
const CREATE_LIMIT = { max: 30, windowMs: 60 * 60_000 };
const CREATE_LIMIT_MESSAGE = 'You have created many bingos in a short time. Please wait a while before creating more.';
/** Claims a member may send in ten minutes: a busy evening, not a script. */
export const CLAIM_LIMIT = { max: 30, windowMs: 10 * 60_000 };
const CLAIM_LIMIT_MESSAGE = 'You have sent many claims in a short time. Please wait a while before sending more.';
const MEMBERS_ONLY = 'Only members of this clan can do that';
const ADMINISTRATORS_ONLY = 'Only Administrators of this clan can manage bingos';
const MODERATORS_ONLY = "Only this bingo's moderators and the clan's Administrators can decide claims";
export const BINGO_OWN_TEAM_MESSAGE = 'Claims of your own team are decided by a moderator or Administrator of another team, or of none';
const STARTED = "This can't change once the bingo has started";

interface Deps {
  db: Db;
  clock: Clock;
  changes: GroupChanges;
  throttle: Throttle;
  publicUrl: string;
  discordBot: boolean;
  onPostQueued?: () => void;
}

/** The bingo a request names, refused unless it belongs to that clan (404 either way). */
async function bingoOfGroup(db: Db, groupID: string, bingoID: string, lock = false): Promise<repo.BingoRow> {
  const row = await (lock ? repo.lockBingo(db, bingoID) : repo.findBingo(db, bingoID));
  if (!row || row.group_id !== groupID) throw notFound('Bingo not found');
  return row;
}

/**
 * Everything the board and points table are built from, read for one bingo; with a viewer, also
 * their team's claims waiting for a decision, by tile (read with the tiles).
 */
export async function loadBoard(db: Db, row: repo.BingoRow, gameName: string, until: number, viewerId: string | null = null) {
  const [tiles, teams, members, completions] = await Promise.all([
    viewerId === null ? repo.listTiles(db, row.id) : repo.listTilesWithWaiting(db, row.id, viewerId),
    repo.listTeams(db, row.id),
    repo.listMembers(db, row.id),
    repo.listCompletions(db, row.id),
  ]);
  const metrics = boardMetrics(tiles, competitionGameOf(gameName));
  const gains = teamGains(metrics, members, until);
  const waiting = new Map<string, 'pending' | 'held'>();
  for (const tile of tiles)
    if ('waiting' in tile && (tile.waiting === 'pending' || tile.waiting === 'held')) waiting.set(tile.id, tile.waiting);
  return { tiles, teams, members, completions, gains, waiting };
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

/** RuneScape clan bingo: Administrators build boards and teams; members claim tiles with a screenshot; moderators decide. */
export function createBingoService({ db, clock, changes, throttle, publicUrl, discordBot, onPostQueued }: Deps) {
  async function clanAccess(actor: UserDto, groupID: string, action: 'viewBingo' | 'claimBingo' | 'manageBingo', tx: Db = db) {
    const access = await loadAccess(tx, groupID, actor);
    assertCan(access, action, action === 'manageBingo' ? ADMINISTRATORS_ONLY : MEMBERS_ONLY);
    assertClan(access);
    return access;
  }

  const mayModerate = async (tx: Db, access: GroupAccess, bingoId: string, userId: string) =>
    can('manageBingo', access.context) || (await repo.isModerator(tx, bingoId, userId));

  /** XP tiles name a skill (or overall) of the clan's game, kill-count tiles a boss or activity; task tiles neither. */
  function assertTiles(access: GroupAccess, tiles: readonly BingoTileData[]) {
    const game = competitionGameOf(access.group.game_name);
    tiles.forEach((tile, i) => {
      const where = `Tile ${i + 1}`;
      if (tile.kind === 'task') {
        if (tile.metric || tile.goal)
          throw invalid({ tiles: `${where}: a task tile has no metric or goal` }, `${where}: a task tile has no metric or goal`);
        return;
      }
      const metric = competitionMetric(game, tile.metric ?? '');
      const fits =
        metric &&
        (tile.kind === 'xp' ? metric.kind === 'skill' || metric.kind === 'overall' : metric.kind === 'boss' || metric.kind === 'activity');
      if (!fits) {
        const message = `${where}: ${tile.kind === 'xp' ? 'pick a skill' : 'pick a boss or activity'} of ${access.group.game_name}`;
        throw invalid({ tiles: message }, message);
      }
    });
  }

  const tileRows = (bingoId: string, tiles: readonly BingoTileData[]): repo.TileRow[] =>
    tiles.map((tile, position) => ({
      id: newId(),
      bingo_id: bingoId,
      position,
      kind: tile.kind,
      title: tile.title,
      description: tile.description,
      metric: tile.kind === 'task' ? null : (tile.metric ?? null),
      goal: tile.kind === 'task' ? null : (tile.goal ?? null),
      points: tile.points,
    }));

  /** The bingo as the caller sees it: no other team's waiting claims. */
  async function detail(actor: UserDto, access: GroupAccess, row: repo.BingoRow, tx: Db = db): Promise<BingoDetail> {
    const now = clock.now();
    // The caller's team's waiting claims come with the tiles: one query fewer for every board.
    const board = await loadBoard(tx, row, access.group.game_name, Math.min(now, row.ends_at), actor.id);
    const mine = board.members.find((m) => m.user_id === actor.id);
    const myTeamId = mine?.team_id ?? null;
    const { tiles, teams } = toBoard({ row, ...board, myTeamId, myWaiting: board.waiting });
    const moderators = await repo.listModerators(tx, row.id);
    const mayManage = can('manageBingo', access.context);
    return {
      bingo: toSummary(row, now, board.teams.length),
      tiles,
      teams,
      moderators: moderators.map((m) => ({ userID: m.user_id, username: m.username })),
      viewer: {
        teamID: myTeamId,
        isModerator: mayManage || moderators.some((m) => m.user_id === actor.id),
        mayManage,
        mayClaim: myTeamId !== null && statusOf(row, now) === 'ongoing',
      },
    };
  }

  const nextVersion = (row: repo.BingoRow) => Math.max(clock.now(), row.updated_at + 1);

  function assertExpected(row: repo.BingoRow, expected: number | undefined) {
    if (expected !== undefined && expected !== row.updated_at) throw conflict(BINGO_CHANGED_MESSAGE);
  }

  function assertTimes(startsAt: number, endsAt: number) {
    if (endsAt <= startsAt) throw invalid({ endsAt: 'End time must be after the start time' }, 'End time must be after the start time');
    if (endsAt - startsAt > MAX_MS) {
      const message = `A bingo may last at most ${BINGO_MAX_DAYS} days`;
      throw invalid({ endsAt: message }, message);
    }
  }

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
    /** The clan's bingos, ongoing first, then upcoming (soonest first), then finished (latest first). */
    async getBingos(actor: UserDto, { groupID }: BingosQuery): Promise<BingosResponse> {
      await clanAccess(actor, groupID, 'viewBingo');
      const now = clock.now();
      const order = { ongoing: 0, upcoming: 1, finished: 2 } as const;
      const rows = await repo.listBingos(db, groupID);
      const bingos = rows.map((r) => ({ row: r, summary: toSummary(r, now, Number(r.team_count ?? 0)) }));
      bingos.sort((a, b) => {
        const byStatus = order[a.summary.status] - order[b.summary.status];
        if (byStatus !== 0) return byStatus;
        if (a.summary.status === 'upcoming') return a.row.starts_at - b.row.starts_at;
        if (a.summary.status === 'finished') return b.row.ends_at - a.row.ends_at;
        return a.row.ends_at - b.row.ends_at;
      });
      return { bingos: bingos.map(({ summary }) => summary) };
    },

    /** One bingo's board for the caller's team and the points table of every team. */
    async getBingo(actor: UserDto, { groupID, bingoID }: BingoQuery): Promise<BingoDetail> {
      const access = await clanAccess(actor, groupID, 'viewBingo');
      return detail(actor, access, await bingoOfGroup(db, groupID, bingoID));
    },

    /** An Administrator creates a bingo starting in the future: a new board, or one copied from an earlier bingo. */
    async createBingo(actor: UserDto, body: CreateBingoBody): Promise<BingoDetail> {
      const access = await clanAccess(actor, body.groupID, 'manageBingo');
      const now = clock.now();
      if (body.startsAt <= now) throw invalid({ startsAt: 'Start time must be in the future' }, 'Start time must be in the future');
      if (body.tiles) assertTiles(access, body.tiles);
      await throttle.consume(`bingo:create:${actor.id}`, CREATE_LIMIT, CREATE_LIMIT_MESSAGE);
      const id = newId();
      const row = await publishAfter(changes, async (record) => {
        const created = await db.transaction().execute(async (tx) => {
          let size = body.size;
          let tiles: repo.TileRow[];
          let bonuses = body.bonuses;
          if (body.tiles && size !== undefined) {
            tiles = tileRows(id, body.tiles);
          } else {
            const source = await repo.findBingo(tx, body.copyFromBingoID ?? '');
            if (!source || source.group_id !== body.groupID)
              throw invalid({ copyFromBingoID: 'Bingo to copy not found in this clan' }, 'Bingo to copy not found in this clan');
            size = source.size;
            bonuses = bonuses ?? (JSON.parse(source.bonuses) as typeof bonuses);
            tiles = (await repo.listTiles(tx, source.id)).map((t) => ({ ...t, id: newId(), bingo_id: id }));
          }
          const value: repo.BingoRow = {
            id,
            group_id: body.groupID,
            name: body.name,
            starts_at: body.startsAt,
            ends_at: body.endsAt,
            size: size!,
            bonuses: JSON.stringify(bonuses ?? { row: 0, column: 0, diagonal: 0, board: 0 }),
            created_by: actor.id,
            created_at: now,
            updated_at: now,
            start_done_at: null,
            end_done_at: null,
            refreshed_at: null,
            posted_end_at: null,
            closed_at: null,
          };
          await repo.insertBingo(tx, value);
          await repo.replaceTiles(tx, id, tiles);
          return value;
        });
        record({ groupId: body.groupID, topic: 'bingo', action: 'created' });
        return created;
      });
      return detail(actor, access, row);
    },

    /** An Administrator edits a bingo: anything before the start; after it only the name and the end (still in the future). */
    async updateBingo(actor: UserDto, body: UpdateBingoBody): Promise<BingoDetail> {
      const access = await clanAccess(actor, body.groupID, 'manageBingo');
      if (body.tiles) assertTiles(access, body.tiles);
      const row = await publishAfter(changes, async (record) => {
        const updated = await db.transaction().execute(async (tx) => {
          const current = await bingoOfGroup(tx, body.groupID, body.bingoID, true);
          assertExpected(current, body.expectedUpdatedAt);
          const now = clock.now();
          if (now >= current.ends_at) throw badRequest('This bingo has finished and can no longer be edited');
          const next = { ...current };
          if (body.name !== undefined) next.name = body.name;
          if (body.endsAt !== undefined) next.ends_at = body.endsAt;
          if (now >= current.starts_at) {
            const locked: Record<string, string> = {};
            if (body.startsAt !== undefined && body.startsAt !== current.starts_at) locked.startsAt = STARTED;
            if (body.tiles !== undefined) locked.tiles = STARTED;
            if (body.size !== undefined && body.size !== current.size) locked.size = STARTED;
            if (body.bonuses !== undefined && JSON.stringify(body.bonuses) !== current.bonuses) locked.bonuses = STARTED;
            if (Object.keys(locked).length > 0) throw invalid(locked, 'Once a bingo has started only its name and end time can change');
            if (next.ends_at <= now) throw invalid({ endsAt: 'End time must be in the future' }, 'End time must be in the future');
          } else {
            if (body.startsAt !== undefined) next.starts_at = body.startsAt;
            if (body.startsAt !== undefined && next.starts_at <= now)
              throw invalid({ startsAt: 'Start time must be in the future' }, 'Start time must be in the future');
            if (body.bonuses !== undefined) next.bonuses = JSON.stringify(body.bonuses);
            if (body.size !== undefined && body.tiles !== undefined) {
              next.size = body.size;
              await repo.replaceTiles(tx, current.id, tileRows(current.id, body.tiles));
            }
          }
          assertTimes(next.starts_at, next.ends_at);
          next.updated_at = nextVersion(current);
          await repo.updateBingo(tx, current.id, {
            name: next.name,
            starts_at: next.starts_at,
            ends_at: next.ends_at,
            size: next.size,
            bonuses: next.bonuses,
            updated_at: next.updated_at,
          });
          return next;
        });
        record({ groupId: body.groupID, topic: 'bingo', action: 'updated' });
        return updated;
      });
      return detail(actor, access, row);
    },

    /** An Administrator deletes a bingo with its teams, claims and screenshots. */
    async deleteBingo(actor: UserDto, { groupID, bingoID }: BingoIdBody): Promise<DeleteBingoResponse> {
      await clanAccess(actor, groupID, 'manageBingo');
      await publishAfter(changes, async (record) => {
        await db.transaction().execute(async (tx) => {
          await bingoOfGroup(tx, groupID, bingoID, true);
          await repo.deleteBingo(tx, bingoID);
        });
        record({ groupId: groupID, topic: 'bingo', action: 'deleted' });
      });
      return { bingoID };
    },

    /** An Administrator sets the teams before the start: by hand, or an even split of the linked members by total level or experience. */
    async setBingoTeams(actor: UserDto, body: SetBingoTeamsBody): Promise<BingoDetail> {
      const access = await clanAccess(actor, body.groupID, 'manageBingo');
      const row = await publishAfter(changes, async (record) => {
        const saved = await db.transaction().execute(async (tx) => {
          const current = await bingoOfGroup(tx, body.groupID, body.bingoID, true);
          assertExpected(current, body.expectedUpdatedAt);
          if (clock.now() >= current.starts_at) throw conflict('Teams can no longer change: the bingo has started');
          let teams: { name: string; userIDs: string[] }[];
          if (body.teams) {
            const ids = body.teams.flatMap((t) => t.userIDs);
            const members = await repo.listGroupMembers(tx, body.groupID, ids);
            const strangers = ids.filter((id) => !members.has(id));
            if (strangers.length > 0) {
              const message = `Not members of this clan: ${strangers.join(', ')}`;
              throw invalid({ teams: message }, message);
            }
            teams = body.teams.map((t) => ({ name: t.name, userIDs: t.userIDs }));
          } else {
            const people = (await listEligible(tx, body.groupID, null)).map((p) => ({
              userID: p.user_id,
              latest: p.latest_data ? parseSnapshot(p.latest_data) : null,
            }));
            if (people.length < body.split!.teams) {
              const message = `Only ${people.length} ${people.length === 1 ? 'member has' : 'members have'} a linked account: split into at most ${Math.max(people.length, 1)} ${people.length === 1 ? 'team' : 'teams'}`;
              throw invalid({ split: message }, message);
            }
            teams = splitByOverall(people, body.split!);
          }
          const empty = teams.find((t) => t.userIDs.length === 0);
          if (empty) {
            const message = `${empty.name} has no members: give every team at least one`;
            throw invalid({ teams: message }, message);
          }
          const links = await repo.listLinkedPlayers(
            tx,
            body.groupID,
            teams.flatMap((t) => t.userIDs),
          );
          const teamRows = teams.map((t, position) => ({ id: newId(), bingo_id: current.id, name: t.name, position }));
          const memberRows = teams.flatMap((t, i) =>
            t.userIDs.map((userId): repo.MemberRow => ({
              bingo_id: current.id,
              user_id: userId,
              team_id: teamRows[i]!.id,
              player_id: links.get(userId) ?? null,
              start_status: 'pending',
              start_attempts: 0,
              start_next_at: 0,
              start_taken_at: null,
              start_values: null,
              end_status: 'pending',
              end_attempts: 0,
              end_next_at: 0,
              end_taken_at: null,
              end_values: null,
            })),
          );
          await repo.replaceTeams(tx, current.id, teamRows, memberRows);
          const updatedAt = nextVersion(current);
          await repo.updateBingo(tx, current.id, { updated_at: updatedAt });
          return { ...current, updated_at: updatedAt };
        });
        record({ groupId: body.groupID, topic: 'bingo', action: 'updated' });
        return saved;
      });
      return detail(actor, access, row);
    },

    /** An Administrator appoints the members who decide claims besides the Administrators. */
    async setBingoModerators(actor: UserDto, body: SetBingoModeratorsBody): Promise<BingoDetail> {
      const access = await clanAccess(actor, body.groupID, 'manageBingo');
      const row = await publishAfter(changes, async (record) => {
        const saved = await db.transaction().execute(async (tx) => {
          const current = await bingoOfGroup(tx, body.groupID, body.bingoID, true);
          const members = await repo.listGroupMembers(tx, body.groupID, body.userIDs);
          const strangers = body.userIDs.filter((id) => !members.has(id));
          if (strangers.length > 0) {
            const message = `Not members of this clan: ${strangers.join(', ')}`;
            throw invalid({ userIDs: message }, message);
          }
          await repo.replaceModerators(tx, current.id, body.userIDs);
          return current;
        });
        record({ groupId: body.groupID, topic: 'bingo', action: 'updated' });
        return saved;
      });
      return detail(actor, access, row);
    },

    /**
     * A member claims a task tile for their team with a screenshot, while the bingo runs. The image
     * is decoded and stored re-encoded; a tile the team has done, or has a claim waiting on, is refused.
     */
    async claimBingoTile(actor: UserDto, fields: ClaimBingoTileFields, proof: Buffer | undefined): Promise<BingoClaim> {
      await clanAccess(actor, fields.groupID, 'claimBingo');
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
      const access = await clanAccess(actor, groupID, 'viewBingo');
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
      const access = await clanAccess(actor, body.groupID, 'viewBingo');
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
      const access = await clanAccess(actor, groupID, 'viewBingo');
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
export type BingoService = ReturnType<typeof createBingoService>;
