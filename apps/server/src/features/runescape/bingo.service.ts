import {
  BINGO_CHANGED_MESSAGE,
  BINGO_MAX_DAYS,
  type BingoDetail,
  type BingoIdBody,
  type BingoQuery,
  type BingosQuery,
  type BingosResponse,
  type CreateBingoBody,
  type DeleteBingoResponse,
  type SetBingoModeratorsBody,
  type SetBingoTeamsBody,
  type UpdateBingoBody,
} from '@smm/shared/runescape/bingo-schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { badRequest, conflict, invalid } from '../../errors';
import { newId } from '../../lib/ids';
import { publishAfter, type GroupChanges } from '../live/group-changes';
import type { Throttle } from '../throttle/throttle.service';
import { bingoOfGroup, clanAccess } from './bingo.access';
import { toSummary } from './bingo.board';
import { bingoDetail } from './bingo.detail';
import * as repo from './bingo.repo';
import { assertTiles, tileRows } from './bingo.tiles';
import { listEligible } from './competitions.repo';
import { splitByOverall } from './competitions.standings';
import { parseSnapshot } from './snapshots';

const MAX_MS = BINGO_MAX_DAYS * 86_400_000;
/** Bingos an Administrator may create in an hour. */
const CREATE_LIMIT = { max: 30, windowMs: 60 * 60_000 };
const CREATE_LIMIT_MESSAGE = 'You have created many bingos in a short time. Please wait a while before creating more.';
const STARTED = "This can't change once the bingo has started";

interface Deps {
  db: Db;
  clock: Clock;
  changes: GroupChanges;
  throttle: Throttle;
}

/** RuneScape clan bingo: Administrators build boards, teams and moderators; members see the board and points table. */
export function createBingoService({ db, clock, changes, throttle }: Deps) {
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

  return {
    /** The clan's bingos, ongoing first, then upcoming (soonest first), then finished (latest first). */
    async getBingos(actor: UserDto, { groupID }: BingosQuery): Promise<BingosResponse> {
      await clanAccess(db, actor, groupID, 'viewBingo');
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
      const access = await clanAccess(db, actor, groupID, 'viewBingo');
      return bingoDetail(db, clock, actor, access, await bingoOfGroup(db, groupID, bingoID));
    },

    /** An Administrator creates a bingo starting in the future: a new board, or one copied from an earlier bingo. */
    async createBingo(actor: UserDto, body: CreateBingoBody): Promise<BingoDetail> {
      const access = await clanAccess(db, actor, body.groupID, 'manageBingo');
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
      return bingoDetail(db, clock, actor, access, row);
    },

    /** An Administrator edits a bingo: anything before the start; after it only the name and the end (still in the future). */
    async updateBingo(actor: UserDto, body: UpdateBingoBody): Promise<BingoDetail> {
      const access = await clanAccess(db, actor, body.groupID, 'manageBingo');
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
      return bingoDetail(db, clock, actor, access, row);
    },

    /** An Administrator deletes a bingo with its teams, claims and screenshots. */
    async deleteBingo(actor: UserDto, { groupID, bingoID }: BingoIdBody): Promise<DeleteBingoResponse> {
      await clanAccess(db, actor, groupID, 'manageBingo');
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
      const access = await clanAccess(db, actor, body.groupID, 'manageBingo');
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
      return bingoDetail(db, clock, actor, access, row);
    },

    /** An Administrator appoints the members who decide claims besides the Administrators. */
    async setBingoModerators(actor: UserDto, body: SetBingoModeratorsBody): Promise<BingoDetail> {
      const access = await clanAccess(db, actor, body.groupID, 'manageBingo');
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
      return bingoDetail(db, clock, actor, access, row);
    },
  };
}
export type BingoService = ReturnType<typeof createBingoService>;
