import { findCivCatalogue } from '@smm/shared/civilization/catalogue';
import { initialSkill, skillOrdinal, type LadderGame } from '@smm/shared/civilization/ladder';
import { headToHead, leaderStatistics, memberStatistics, type MemberStatistics } from '@smm/shared/civilization/ladder-statistics';
import type {
  HeadToHeadDto,
  HeadToHeadQuery,
  MemberStatsDto,
  MemberStatsQuery,
  StatisticsDto,
  StatisticsQuery,
} from '@smm/shared/civilization/ladder-schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Db } from '../../db/schema';
import { invalid, notFound } from '../../errors';
import { assertCan, loadAccess } from '../groups/group-access';
import * as ladder from './ladder.repo';
import { leaderUses, round1, round2, toIso, toLadderGames, toMemberStatisticsDto, usernamesOf } from './ladder.mapper';
import { resolveSeason, type SeasonWindow } from './seasons.service';

export const MEMBER_NOT_FOUND_MESSAGE = 'Member not found';
const NOT_A_MEMBER = 'Not a member of this group';

/** The window's bounds as a history filter. */
const bounds = (window: SeasonWindow) => ({ from: window.from, until: window.until });

/** A member with no counted game: nothing played, the rating everyone starts from. */
function noStatistics(userID: string): MemberStatistics {
  const start = round1(skillOrdinal(initialSkill()));
  return {
    userID,
    gamesPlayed: 0,
    wins: 0,
    averagePlacement: null,
    rating: start,
    bestRating: start,
    mostPlayedLeaders: [],
    bestLeaders: [],
  };
}

/** The games with only this player's leader kept: their leader statistics. */
const onlyLeadersOf = (games: readonly LadderGame[], userID: string): LadderGame[] =>
  games.map((game) => ({
    ...game,
    members: game.members.map((m) => (m.userID === userID ? m : { ...m, civPlayed: null })),
  }));

/**
 * Statistics of a group's ladder, recounted on read from the finished games that count: per member,
 * per leader, head-to-head and one member's record. Each call runs the same few queries whatever
 * the size of the history.
 */
export function createStatisticsService({ db }: { db: Db }) {
  async function memberAccess(actor: UserDto, groupID: string) {
    const access = await loadAccess(db, groupID, actor);
    assertCan(access, 'viewGames');
    return access;
  }

  return {
    /** Per member and per leader over a season's (or all) counted games; members only. */
    async getStatistics(actor: UserDto, query: StatisticsQuery): Promise<StatisticsDto> {
      const access = await memberAccess(actor, query.groupID);
      const window = await resolveSeason(db, access.group.id, query.season);
      const rows = await ladder.listHistory(db, { groupId: access.group.id, gameType: query.gameType, ...bounds(window) });
      const games = toLadderGames(query.gameType, rows);
      const names = usernamesOf(rows);
      const toLeaders = leaderUses(findCivCatalogue(access.group.game_name));
      const members = memberStatistics(games)
        .map((stats) => toMemberStatisticsDto(stats, names.get(stats.userID) ?? '', toLeaders))
        .sort((a, b) => b.rating - a.rating || b.wins - a.wins || a.username.localeCompare(b.username));
      return { season: window.season, members, leaders: toLeaders(leaderStatistics(games)) };
    },

    /** Two members of the group: the counted games both played and who placed higher how often. */
    async getHeadToHead(actor: UserDto, query: HeadToHeadQuery): Promise<HeadToHeadDto> {
      const access = await memberAccess(actor, query.groupID);
      if (query.first === query.second) throw invalid({ second: 'Choose two different members' });
      const [window, found] = await Promise.all([
        resolveSeason(db, access.group.id, query.season),
        ladder.findMembers(db, access.group.id, [query.first, query.second]),
      ]);
      const first = found.find((m) => m.user_id === query.first);
      const second = found.find((m) => m.user_id === query.second);
      if (!first) throw invalid({ first: NOT_A_MEMBER });
      if (!second) throw invalid({ second: NOT_A_MEMBER });
      const rows = await ladder.listHistory(db, {
        groupId: access.group.id,
        gameType: query.gameType,
        ...bounds(window),
        playedBy: [first.user_id, second.user_id],
      });
      return {
        first: { userID: first.user_id, username: first.username },
        second: { userID: second.user_id, username: second.username },
        ...headToHead(toLadderGames(query.gameType, rows), first.user_id, second.user_id),
      };
    },

    /** One member's all-time record in a game type: statistics, the rating after each counted game, and their leaders. */
    async getMemberStats(actor: UserDto, query: MemberStatsQuery): Promise<MemberStatsDto> {
      const access = await memberAccess(actor, query.groupID);
      const [member] = await ladder.findMembers(db, access.group.id, [query.userID]);
      if (!member) throw notFound(MEMBER_NOT_FOUND_MESSAGE, { userID: MEMBER_NOT_FOUND_MESSAGE });
      const [rows, changes] = await Promise.all([
        ladder.listHistory(db, { groupId: access.group.id, gameType: query.gameType }),
        ladder.listRatingChanges(db, access.group.id, query.gameType, member.user_id),
      ]);
      const games = toLadderGames(query.gameType, rows);
      const toLeaders = leaderUses(findCivCatalogue(access.group.game_name));
      const stats = memberStatistics(games).find((s) => s.userID === member.user_id) ?? noStatistics(member.user_id);
      return {
        statistics: toMemberStatisticsDto(stats, member.username, toLeaders),
        ratingHistory: changes.map((change) => {
          const before = skillOrdinal({ mu: Number(change.mu_before), sigma: Number(change.sigma_before) });
          const after = skillOrdinal({ mu: Number(change.mu_after), sigma: Number(change.sigma_after) });
          return {
            gameID: change.game_id,
            gameName: change.game_name,
            date: toIso(change.finished_at!),
            placement: change.placement === null ? null : Number(change.placement),
            rating: round2(after),
            delta: round2(after - before),
          };
        }),
        leaders: toLeaders(leaderStatistics(onlyLeadersOf(games, member.user_id))),
      };
    },
  };
}
export type StatisticsService = ReturnType<typeof createStatisticsService>;
