import type { CompetitionGame } from '@smm/shared/runescape/competition-metrics';
import type { BingoSummary, BingoTile, BingoTileState } from '@smm/shared/runescape/bingo-schemas';
import { formatStat } from '../../../runescape/skill-format';
import { tileGoal, tileStateLabel } from '../bingo-view';

const TILE_CLASSES: Record<BingoTileState, string> = {
  done: 'bg-success-subtle border-success',
  pending: 'bg-warning-subtle border-warning',
  held: 'bg-warning-subtle border-warning',
  open: 'bg-body border-secondary-subtle',
};

interface Props {
  game: CompetitionGame;
  /** Whether it has ended and its final table is posted: the states are worded for that. */
  bingo: Pick<BingoSummary, 'status' | 'finalAt'>;
  size: number;
  tiles: readonly BingoTile[];
  /** teamID -> name, to say which other teams completed a tile. */
  teamNames: ReadonlyMap<string, string>;
  /** The viewer's team: its progress is shown on XP and kill-count tiles. */
  teamID: string | null;
  /** Names the board's region (e.g. "Board of Red"). */
  label: string;
  /** Picks a task tile to claim it; without it the tiles are read-only. */
  onClaim?: (tile: BingoTile) => void;
}

/** Whether the viewer's team may claim the tile now: a task tile that is open (a declined claim leaves it open). */
export const claimable = (tile: BingoTile) => tile.kind === 'task' && tile.state === 'open';

/**
 * The board as rows of tiles, each saying its task, its points and the viewer's team's state (in
 * words as well as colour), and which other teams have done it. A wide board scrolls sideways
 * inside its own labelled region, never the page.
 */
export function BingoBoard({ game, bingo, size, tiles, teamNames, teamID, label, onClaim }: Props) {
  const rows = Array.from({ length: size }, (_, r) => tiles.filter((t) => t.row === r).sort((a, b) => a.column - b.column));
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-auto pb-1" data-testid="bingo-board">
      <table className="mb-0" style={{ borderCollapse: 'separate', borderSpacing: '0.25rem', tableLayout: 'fixed' }}>
        <caption className="visually-hidden">{label}</caption>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((tile) => {
                // A claim left waiting when the final table was posted counts for nothing: the tile looks open.
                const state = tile.state === null || (tile.state !== 'done' && bingo.finalAt !== null) ? 'open' : tile.state;
                const goal = tileGoal(game, tile);
                const others = tile.doneBy.filter((id) => id !== teamID).map((id) => teamNames.get(id) ?? id);
                const progress = teamID !== null && tile.kind !== 'task' ? tile.progress[teamID] : undefined;
                const canClaim = onClaim !== undefined && claimable(tile);
                return (
                  <td
                    key={tile.tileID}
                    data-tile={tile.title}
                    data-state={tile.state ?? 'none'}
                    className={`border rounded align-top p-1 small ${TILE_CLASSES[state]}`}
                    style={{ width: '7rem', minWidth: '4.5rem', height: '5.5rem' }}
                  >
                    <span className="d-block fw-semibold text-break">{tile.title}</span>
                    {goal && <span className="d-block text-break">{goal}</span>}
                    {tile.description && <span className="d-block text-break text-body-secondary">{tile.description}</span>}
                    <span className="d-block">
                      {tile.points} pt{tile.points === 1 ? '' : 's'}
                    </span>
                    {tile.state !== null && <span className="d-block fw-semibold">{tileStateLabel(tile.state, bingo)}</span>}
                    {progress !== undefined && tile.state !== 'done' && tile.goal !== null && (
                      <span className="d-block text-body-secondary">
                        {formatStat(progress)} / {formatStat(tile.goal)}
                      </span>
                    )}
                    {others.length > 0 && <span className="d-block text-body-secondary">Done by {others.join(', ')}</span>}
                    {canClaim && (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-primary mt-1 py-0"
                        onClick={() => onClaim(tile)}
                        aria-label={`Claim ${tile.title}`}
                      >
                        Claim
                      </button>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
