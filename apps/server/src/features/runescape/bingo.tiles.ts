import type { BingoTileData } from '@smm/shared/runescape/bingo-schemas';
import { competitionGameOf, competitionMetric } from '@smm/shared/runescape/competition-metrics';
import { invalid } from '../../errors';
import { newId } from '../../lib/ids';
import type { GroupAccess } from '../groups/group-access';
import type * as repo from './bingo.repo';

/** XP tiles name a skill (or overall) of the clan's game, kill-count tiles a boss or activity; task tiles neither. */
export function assertTiles(access: GroupAccess, tiles: readonly BingoTileData[]) {
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

/** The tiles as rows of the bingo's board, in their order, each with a new id. */
export const tileRows = (bingoId: string, tiles: readonly BingoTileData[]): repo.TileRow[] =>
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
