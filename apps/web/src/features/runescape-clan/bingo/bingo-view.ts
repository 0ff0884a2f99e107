import { competitionMetric, type CompetitionGame } from '@smm/shared/runescape/competition-metrics';
import {
  BINGO_REVIEW_HOURS,
  type BingoStatus,
  type BingoSummary,
  type BingoTile,
  type BingoTileInput,
  type BingoTileKind,
  type BingoTileState,
} from '@smm/shared/runescape/bingo-schemas';
import { formatStat } from '../../runescape/skill-format';

export const BINGO_STATUS_ORDER: BingoStatus[] = ['ongoing', 'upcoming', 'finished'];

export const TILE_KIND_LABELS: Record<BingoTileKind, string> = { task: 'Task', xp: 'XP goal', kc: 'Kill count' };

export const TILE_STATE_LABELS: Record<BingoTileState, string> = {
  done: 'Done',
  pending: 'Claim pending',
  held: 'Claim on hold',
  open: 'Open',
};

/**
 * A tile's state in words for the viewer's team. After the end an open tile can no longer be claimed
 * (it is not done), and once the final table is posted a claim still waiting will not count.
 */
export function tileStateLabel(state: BingoTileState, bingo: Pick<BingoSummary, 'status' | 'finalAt'>): string {
  if (state === 'open' && bingo.status === 'finished') return 'Not done';
  if ((state === 'pending' || state === 'held') && bingo.finalAt !== null) return 'Claim not decided';
  return TILE_STATE_LABELS[state];
}

/** The latest the final table waits after the end for claims sent before it. */
export const reviewDeadline = (endsAt: string): string => new Date(Date.parse(endsAt) + BINGO_REVIEW_HOURS * 3_600_000).toISOString();

export const DELETE_BINGO_QUESTION =
  'Delete this bingo? Its board, teams, moderators, every claim and every proof screenshot go with it. This cannot be undone.';

/** What a tile asks, in a line: its title, and for XP and kill-count tiles the goal ("Slayer: 100,000 XP"). */
export function tileGoal(game: CompetitionGame, tile: Pick<BingoTile, 'kind' | 'metric' | 'goal'>): string | null {
  if (tile.kind === 'task' || !tile.metric || tile.goal === null) return null;
  const metric = competitionMetric(game, tile.metric);
  const unit = tile.kind === 'xp' ? 'XP' : metric?.kind === 'activity' ? 'score' : 'kills';
  return `${metric?.label ?? tile.metric}: ${formatStat(tile.goal)} ${unit}`;
}

/** The metrics a tile of a kind may count: skills (and overall) for XP goals, bosses and activities for kill counts. */
export function metricsForKind(metrics: readonly { id: string; label: string; kind: string }[], kind: BingoTileKind) {
  if (kind === 'task') return [];
  const kinds = kind === 'xp' ? ['overall', 'skill'] : ['boss', 'activity'];
  return metrics.filter((m) => kinds.includes(m.kind));
}

/** A tile being written in the form: goal and points as typed. */
export interface TileDraft {
  kind: BingoTileKind;
  title: string;
  /** Optional details: what counts, where, which proof. */
  description: string;
  metric: string;
  goal: string;
  points: string;
}

export const emptyTile = (): TileDraft => ({ kind: 'task', title: '', description: '', metric: '', goal: '', points: '10' });

/** The board at a new size keeps the tiles of the squares that stay (same row and column). */
export function resizeTiles(tiles: readonly TileDraft[], from: number, to: number): TileDraft[] {
  return Array.from({ length: to * to }, (_, i) => {
    const row = Math.floor(i / to);
    const column = i % to;
    return row < from && column < from ? (tiles[row * from + column] ?? emptyTile()) : emptyTile();
  });
}

/** The first thing wrong with a tile as typed, or null. */
export function tileProblem(tile: TileDraft): string | null {
  if (!tile.title.trim()) return 'Each tile needs a title';
  if (!/^\d+$/.test(tile.points.trim())) return 'Points must be a whole number';
  if (tile.kind !== 'task') {
    if (!tile.metric) return tile.kind === 'xp' ? 'Pick a skill' : 'Pick a boss or activity';
    if (!/^[1-9]\d*$/.test(tile.goal.trim())) return 'Goal must be a whole number of at least 1';
  }
  return null;
}

/** The tiles as the server takes them. */
export function tileInputs(tiles: readonly TileDraft[]): BingoTileInput[] {
  return tiles.map((t) => {
    const details = t.description.trim() ? { description: t.description.trim() } : {};
    return t.kind === 'task'
      ? { kind: 'task', title: t.title.trim(), ...details, points: Number(t.points) }
      : { kind: t.kind, title: t.title.trim(), ...details, metric: t.metric, goal: Number(t.goal), points: Number(t.points) };
  });
}

export const tileDraftOf = (tile: BingoTile): TileDraft => ({
  kind: tile.kind,
  title: tile.title,
  description: tile.description,
  metric: tile.metric ?? '',
  goal: tile.goal === null ? '' : String(tile.goal),
  points: String(tile.points),
});
