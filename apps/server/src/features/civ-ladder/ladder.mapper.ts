import type { CivGameCatalogue } from '@smm/shared/civilization/catalogue-types';
import type { CivChoiceDto, RankingRowDto } from '@smm/shared/civilization/games-schemas';
import { historyOrder, skillOrdinal, type LadderGame, type LadderMember, type Standing } from '@smm/shared/civilization/ladder';
import type { LeaderUse, MemberStatistics } from '@smm/shared/civilization/ladder-statistics';
import type { LeaderUseDto, MemberStatisticsDto, SeasonDto } from '@smm/shared/civilization/ladder-schemas';
import { toIso as isoTime } from '../../lib/iso-time';
import type { HistoryRow, SeasonRow } from './ladder.repo';

export const toIso = (ms: number | string): string => isoTime(Number(ms));

/** Rounded as the statistics round ratings and placements. */
export const round2 = (value: number): number => Math.round(value * 100) / 100;
/** Ratings and their changes to one decimal, as every page shows them (rounded once, from the stored skill). */
export const round1 = (value: number): number => Math.round(value * 10) / 10;

function civChoicesOf(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The leader a player played: the one recorded, or the only one in their hand. */
function civPlayedOf(row: HistoryRow): string | null {
  // An anonymous game whose choices were never revealed keeps them out of every statistic.
  if (row.anonymous_mode === 1 && row.revealed_at === null) return null;
  if (row.civ_played) return row.civ_played;
  const choices = civChoicesOf(row.civ_choices);
  return choices.length === 1 ? choices[0]! : null;
}

/** History rows (one per player) as the ladder's games, in the order the ladder counts them. */
export function toLadderGames(gameType: string, rows: readonly HistoryRow[]): LadderGame[] {
  const games = new Map<string, LadderGame & { members: LadderMember[] }>();
  for (const row of rows) {
    let game = games.get(row.game_id);
    if (!game) {
      game = { gameID: row.game_id, gameType, victoryType: row.victory_type, finishedAt: Number(row.finished_at), members: [] };
      games.set(row.game_id, game);
    }
    game.members.push({ userID: row.user_id, team: row.team, placement: row.placement, civPlayed: civPlayedOf(row) });
  }
  return [...games.values()].sort(historyOrder);
}

/** userID → username, from history rows. */
export const usernamesOf = (rows: readonly HistoryRow[]): Map<string, string> => new Map(rows.map((r) => [r.user_id, r.username]));

/** A group's seasons, newest first; each ends when the next one starts. */
export function toSeasonDtos(seasons: readonly SeasonRow[]): SeasonDto[] {
  return seasons
    .map((season, i) => {
      const next = seasons[i + 1];
      return {
        _id: season.id,
        name: season.name,
        minGames: Number(season.min_games),
        dateStarted: toIso(season.started_at),
        dateEnded: next ? toIso(next.started_at) : null,
        isCurrent: !next,
      };
    })
    .reverse();
}

/** Looks leaders up in the group's catalogue; a civID it does not know keeps a null leader. */
export function leaderUses(catalogue: CivGameCatalogue | undefined) {
  const leaders = new Map(catalogue?.leaders.map((l) => [l.civID, l]) ?? []);
  const leaderOf = (civID: string): CivChoiceDto | null => {
    const leader = leaders.get(civID);
    return leader ? { civID: leader.civID, leader: leader.leader, nation: leader.nation } : null;
  };
  return (uses: readonly LeaderUse[]): LeaderUseDto[] => uses.map((use) => ({ ...use, leader: leaderOf(use.civID) }));
}

export function toMemberStatisticsDto(
  stats: MemberStatistics,
  username: string,
  toLeaders: (uses: readonly LeaderUse[]) => LeaderUseDto[],
): MemberStatisticsDto {
  return {
    ...stats,
    username,
    mostPlayedLeaders: toLeaders(stats.mostPlayedLeaders),
    bestLeaders: toLeaders(stats.bestLeaders),
  };
}

/** A row of a season's table, from the standing a recount of the season gave. */
export function toRankingRowFromStanding(standing: Standing, username: string): RankingRowDto {
  const { mu, sigma } = standing.skill;
  return {
    userID: standing.userID,
    username,
    gamesPlayed: standing.gamesPlayed,
    score: standing.wins.Score,
    science: standing.wins.Science,
    diplomatic: standing.wins.Diplomatic,
    domination: standing.wins.Domination,
    religion: standing.wins.Religion,
    culture: standing.wins.Culture,
    territorial: standing.wins.Territorial,
    total: standing.total,
    rating: { mu, sigma, ordinal: skillOrdinal({ mu, sigma }) },
    averagePlacement: standing.gamesPlayed ? round2(standing.placementSum / standing.gamesPlayed) : null,
  };
}

/** Best rating first, then most wins, then by name: the order of every rankings table. */
export const rankingOrder = (a: RankingRowDto, b: RankingRowDto): number =>
  b.rating.ordinal - a.rating.ordinal || b.total - a.total || a.username.localeCompare(b.username);
