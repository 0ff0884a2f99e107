import { can } from '@smm/shared/groups/policy';
import type { BingoDetail } from '@smm/shared/runescape/bingo-schemas';
import { competitionGameOf } from '@smm/shared/runescape/competition-metrics';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import type { GroupAccess } from '../groups/group-access';
import { boardMetrics, statusOf, teamGains, toBoard, toSummary } from './bingo.board';
import * as repo from './bingo.repo';

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

/** The bingo as the caller sees it: no other team's waiting claims. */
export async function bingoDetail(db: Db, clock: Clock, actor: UserDto, access: GroupAccess, row: repo.BingoRow): Promise<BingoDetail> {
  const now = clock.now();
  // The caller's team's waiting claims come with the tiles: one query fewer for every board.
  const board = await loadBoard(db, row, access.group.game_name, Math.min(now, row.ends_at), actor.id);
  const mine = board.members.find((m) => m.user_id === actor.id);
  const myTeamId = mine?.team_id ?? null;
  const { tiles, teams } = toBoard({ row, ...board, myTeamId, myWaiting: board.waiting });
  const moderators = await repo.listModerators(db, row.id);
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
