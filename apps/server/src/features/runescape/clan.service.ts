import {
  PERIOD_MS,
  type ClanStats,
  type ClanStatsQuery,
  type GroupIdBody,
  type LinkAccountBody,
  type LinkedAccountResponse,
  type PlayerHistory,
  type PlayerHistoryQuery,
  type UpdateClanStatsResponse,
} from '@smm/shared/runescape/clan-schemas';
import { clanGameOf, gameOfMode, modesForGame, type ClanGameMode } from '@smm/shared/runescape/rs3';
import { largestGain } from '@smm/shared/runescape/gains';
import { OVERALL, skillsOfGame } from '@smm/shared/runescape/tracked-skills';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { badRequest, invalid, notFound } from '../../errors';
import { UPSTREAM_LIMIT_MESSAGE, type UpstreamRateLimit } from '../../integrations/upstream';
import { toIso } from '../../lib/iso-time';
import { assertCan, loadAccess, type GroupAccess } from '../groups/group-access';
import type { Throttle } from '../throttle/throttle.service';
import { toClanMemberStats, toHistoryPoint, toLatestStats, toLinkedAccount } from './clan.mapper';
import * as repo from './runescape.repo';
import type { RuneScapeService } from './runescape.service';
import { createAccountLinker } from './account-link';
import { parseSnapshot, type SnapshotRecorder } from './snapshots';

export interface ClanUpdateLimit {
  max: number;
  windowMs: number;
}

/** Update asks the hiscores about every linked member, so a clan may do it only a few times an hour. */
export const defaultClanUpdateLimit: ClanUpdateLimit = { max: 2, windowMs: 10 * 60_000 };
export const CLAN_UPDATE_LIMIT_MESSAGE = "This clan's stats were updated a moment ago. Please wait a few minutes before updating again.";

/** The longest Update waits for its lookups; those not answered by then count as failed. */
export const UPDATE_DEADLINE_MS = 30_000;

/** An account checked this recently is left alone by Update. */
const FRESH_MS = 60_000;
const DAY = 86_400_000;
const HISTORY_MS = 365 * DAY;
const HISTORY_MAX_POINTS = 5000;
const TOP_GAINERS = 5;

interface Deps {
  db: Db;
  clock: Clock;
  runescape: RuneScapeService;
  snapshots: SnapshotRecorder;
  throttle: Throttle;
  lookupLimit: UpstreamRateLimit;
  updateLimit: ClanUpdateLimit;
  refreshEveryMs: number;
}

/** A clan links its own game's hiscores: RuneScape 3 modes in a RuneScape clan, Old School ones otherwise. */
export function assertModeOfClan(access: GroupAccess, gameMode: ClanGameMode) {
  const modes = modesForGame(access.group.game_name);
  if (!modes.some((mode) => mode.id === gameMode)) {
    const message = `This clan plays ${access.group.game_name}: pick one of its game modes (${modes.map((mode) => mode.label).join(', ')})`;
    throw invalid({ gameMode: message }, message);
  }
}

export function assertClan(access: GroupAccess) {
  if (access.group.link_url !== 'runeScapeClan') throw badRequest('Only RuneScape clans link in-game accounts and keep clan stats');
}

/** RuneScape clans: members' linked accounts, the clan's hiscores with gains, and each member's history. */
export function createClanService({ db, clock, runescape, snapshots, throttle, lookupLimit, updateLimit, refreshEveryMs }: Deps) {
  const linker = createAccountLinker({ db, clock, runescape, snapshots, throttle, lookupLimit, refreshEveryMs });

  async function clanAccess(actor: UserDto, groupID: string, action: 'viewClanStats' | 'linkOwnAccount') {
    const access = await loadAccess(db, groupID, actor);
    assertCan(access, action, 'Only members of this clan can do that');
    assertClan(access);
    return access;
  }

  return {
    /** The caller's linked account in the clan, or null. */
    async getLinkedAccount(actor: UserDto, groupID: string): Promise<LinkedAccountResponse> {
      await clanAccess(actor, groupID, 'linkOwnAccount');
      const row = await repo.findAccount(db, groupID, actor.id);
      return { account: row ? toLinkedAccount(row) : null };
    },

    /** Links (or replaces) the caller's account after the hiscores confirm the name; stores its first snapshot. */
    async linkAccount(actor: UserDto, body: LinkAccountBody): Promise<LinkedAccountResponse> {
      assertModeOfClan(await clanAccess(actor, body.groupID, 'linkOwnAccount'), body.gameMode);
      const answer = await linker.checkName(actor, body.groupID, body.playerName, body.gameMode);
      const player = await linker.player(body.playerName, body.gameMode);
      return linker.save(actor, body.groupID, player, answer, body.playerName);
    },

    /** Removes the caller's link; the clan stops showing and refreshing that account. */
    async unlinkAccount(actor: UserDto, { groupID }: GroupIdBody): Promise<LinkedAccountResponse> {
      await clanAccess(actor, groupID, 'linkOwnAccount');
      await repo.removeAccount(db, groupID, actor.id);
      return { account: null };
    },

    /** Every linked member's latest stats and gains over the period in the clan's game's skills, and the period's top gainers: three reads. */
    async getClanStats(actor: UserDto, { groupID, period }: ClanStatsQuery): Promise<ClanStats> {
      const access = await clanAccess(actor, groupID, 'viewClanStats');
      const since = clock.now() - PERIOD_MS[period];
      const [rows, baselines] = await Promise.all([repo.listClanMembers(db, groupID), repo.listBaselines(db, groupID, since)]);
      const baselineOf = new Map(baselines.map((b) => [b.player_id, b.data]));
      const members = rows.map((row) => {
        const baseline = baselineOf.get(row.player_id);
        return toClanMemberStats(row, row.latest_data ? parseSnapshot(row.latest_data) : null, baseline ? parseSnapshot(baseline) : null);
      });
      const topGainers = members
        .filter((m) => (m.gained.overall ?? 0) > 0)
        .sort((a, b) => (b.gained.overall ?? 0) - (a.gained.overall ?? 0))
        .slice(0, TOP_GAINERS)
        .map((m) => ({ userID: m.userID, username: m.username, playerName: m.playerName, gained: m.gained.overall ?? 0 }));
      return { groupID, game: clanGameOf(access.group.game_name), period, since: toIso(since), members, topGainers };
    },

    /** Asks the hiscores now about every linked account not checked in the last minute; limited per clan. */
    async updateClanStats(actor: UserDto, { groupID }: GroupIdBody): Promise<UpdateClanStatsResponse> {
      await clanAccess(actor, groupID, 'viewClanStats');
      await throttle.consume(`osrs-clan-update:${groupID}`, updateLimit, CLAN_UPDATE_LIMIT_MESSAGE);
      const players = await repo.listClanPlayers(db, groupID);
      const now = clock.now();
      const due = players.filter((p) => p.last_checked_at === null || p.last_checked_at < now - FRESH_MS);
      // Counted in the member's own lookup limit, whatever the clan: one lookup per account asked,
      // a clan larger than the limit taking the whole of it.
      await throttle.consume(`osrs:${actor.id}`, lookupLimit, UPSTREAM_LIMIT_MESSAGE, Math.min(Math.max(due.length, 1), lookupLimit.max));
      // Behind anyone waiting on a page; each lookup still has a deadline, so Update always answers.
      const results = await Promise.allSettled(
        due.map((p) => runescape.fetchAnswer(p.player_name, p.game_mode as ClanGameMode, { priority: 'background', deadlineMs: UPDATE_DEADLINE_MS })),
      );
      return {
        updated: results.filter((r) => r.status === 'fulfilled').length,
        skipped: players.length - due.length,
        failed: results.filter((r) => r.status === 'rejected').length,
      };
    },

    /** A member's latest stats, experience over the last year and records, in their account's game's skills; members of the clan only. */
    async getPlayerHistory(actor: UserDto, { groupID, userID }: PlayerHistoryQuery): Promise<PlayerHistory> {
      await clanAccess(actor, groupID, 'viewClanStats');
      const account = await repo.findAccount(db, groupID, userID);
      if (!account) throw notFound('This member has not linked an account in this clan');
      const rows = await repo.listSnapshots(db, account.player_id, clock.now() - HISTORY_MS, HISTORY_MAX_POINTS);
      const game = gameOfMode(account.game_mode as ClanGameMode);
      const taken = rows.map((row) => ({ takenAt: row.taken_at, data: parseSnapshot(row.data) }));
      const points = taken.map((snapshot) => toHistoryPoint(snapshot.takenAt, snapshot.data, game));
      const last = taken.at(-1);
      const series = (read: (p: (typeof points)[number]) => number | null) => points.map((p) => ({ at: Date.parse(p.takenAt), value: read(p) }));
      const recordsOf = (stat: string, values: ReturnType<typeof series>) => {
        const entry = (windowMs: number) => {
          const best = largestGain(values, windowMs);
          return best ? { gained: best.gained, endedAt: toIso(best.endedAt) } : null;
        };
        return { stat, day: entry(DAY), week: entry(7 * DAY) };
      };
      return {
        userID,
        playerName: account.player_name,
        gameMode: account.game_mode as ClanGameMode,
        game,
        latest: last ? toLatestStats(last.takenAt, last.data, game) : null,
        points,
        records: [
          recordsOf(OVERALL, series((p) => p.overall)),
          ...skillsOfGame(game).map((skill) => recordsOf(skill.id, series((p) => p.skills[skill.id] ?? null))),
        ],
      };
    },
  };
}
export type ClanService = ReturnType<typeof createClanService>;
