import Form from 'react-bootstrap/Form';
import { competitionMetrics, type CompetitionGame } from '@smm/shared/runescape/competition-metrics';
import {
  BINGO_GOAL_MAX,
  BINGO_TILE_DESCRIPTION_MAX,
  BINGO_TILE_KINDS,
  BINGO_TILE_POINTS_MAX,
  BINGO_TILE_TITLE_MAX,
} from '@smm/shared/runescape/bingo-schemas';
import { FieldError } from '../../../../lib/ui/FieldError';
import { metricsForKind, TILE_KIND_LABELS, type TileDraft } from '../bingo-view';

interface Props {
  game: CompetitionGame;
  size: number;
  tiles: readonly TileDraft[];
  onChange: (index: number, patch: Partial<TileDraft>) => void;
  /** index -> what is wrong with that tile, shown under it. */
  problems: Readonly<Record<number, string>>;
}

/**
 * One small form per square, row by row: a task in words, an XP goal in a skill, or a kill count of
 * a boss or activity, each with its points.
 */
export function TileEditor({ game, size, tiles, onChange, problems }: Props) {
  const metrics = competitionMetrics(game);
  return (
    <ol className="list-unstyled mb-0" aria-label="Tiles">
      {tiles.map((tile, i) => {
        const id = `bingo-tile-${i}`;
        const where = `row ${Math.floor(i / size) + 1}, column ${(i % size) + 1}`;
        const problem = problems[i];
        const options = metricsForKind(metrics, tile.kind);
        return (
          <li key={i} className="border rounded p-2 mb-2">
            <fieldset aria-describedby={problem ? `${id}-error` : undefined}>
              <legend className="fs-6 fw-semibold mb-1">
                Tile {i + 1} <span className="fw-normal small text-body-secondary">({where})</span>
              </legend>
              <div className="row g-2">
                <Form.Group controlId={`${id}-kind`} className="col-6 col-sm-3">
                  <Form.Label className="small mb-0">Kind</Form.Label>
                  <Form.Select
                    size="sm"
                    value={tile.kind}
                    onChange={(e) => onChange(i, { kind: e.target.value as TileDraft['kind'], metric: '', goal: '' })}
                  >
                    {BINGO_TILE_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {TILE_KIND_LABELS[k]}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
                <Form.Group controlId={`${id}-points`} className="col-6 col-sm-3">
                  <Form.Label className="small mb-0">Points</Form.Label>
                  <Form.Control
                    size="sm"
                    type="number"
                    min={0}
                    max={BINGO_TILE_POINTS_MAX}
                    value={tile.points}
                    onChange={(e) => onChange(i, { points: e.target.value })}
                  />
                </Form.Group>
                <Form.Group controlId={`${id}-title`} className="col-12 col-sm-6">
                  <Form.Label className="small mb-0">{tile.kind === 'task' ? 'Task' : 'Title'}</Form.Label>
                  <Form.Control
                    size="sm"
                    value={tile.title}
                    maxLength={BINGO_TILE_TITLE_MAX}
                    isInvalid={Boolean(problem) && !tile.title.trim()}
                    onChange={(e) => onChange(i, { title: e.target.value })}
                  />
                </Form.Group>
                <Form.Group controlId={`${id}-description`} className="col-12">
                  <Form.Label className="small mb-0">Details (optional)</Form.Label>
                  <Form.Control
                    size="sm"
                    value={tile.description}
                    maxLength={BINGO_TILE_DESCRIPTION_MAX}
                    onChange={(e) => onChange(i, { description: e.target.value })}
                  />
                </Form.Group>
                {tile.kind !== 'task' && (
                  <>
                    <Form.Group controlId={`${id}-metric`} className="col-12 col-sm-6">
                      <Form.Label className="small mb-0">{tile.kind === 'xp' ? 'Skill' : 'Boss or activity'}</Form.Label>
                      <Form.Select
                        size="sm"
                        value={tile.metric}
                        isInvalid={Boolean(problem) && !tile.metric}
                        onChange={(e) => onChange(i, { metric: e.target.value })}
                      >
                        <option value="">Pick one</option>
                        {options.map((m) => (
                          <option key={m.id} value={m.id}>
                            {m.label}
                          </option>
                        ))}
                      </Form.Select>
                    </Form.Group>
                    <Form.Group controlId={`${id}-goal`} className="col-12 col-sm-6">
                      <Form.Label className="small mb-0">{tile.kind === 'xp' ? 'XP to gain' : 'Kills (or score) to gain'}</Form.Label>
                      <Form.Control
                        size="sm"
                        type="number"
                        min={1}
                        max={BINGO_GOAL_MAX}
                        value={tile.goal}
                        onChange={(e) => onChange(i, { goal: e.target.value })}
                      />
                    </Form.Group>
                  </>
                )}
              </div>
              <FieldError id={`${id}-error`} message={problem} />
            </fieldset>
          </li>
        );
      })}
    </ol>
  );
}
