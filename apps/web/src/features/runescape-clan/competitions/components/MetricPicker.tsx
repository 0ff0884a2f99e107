import { useId, useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { competitionMetrics, type CompetitionGame, type CompetitionMetricKind } from '@smm/shared/runescape/competition-metrics';
import { FieldError } from '../../../../lib/ui/FieldError';

const KIND_LABELS: Record<CompetitionMetricKind, string> = { overall: 'Overall', skill: 'Skills', boss: 'Bosses', activity: 'Activities' };
const KINDS: CompetitionMetricKind[] = ['overall', 'skill', 'boss', 'activity'];

interface Props {
  id: string;
  game: CompetitionGame;
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
}

/**
 * Several metrics out of the clan's game's own hiscores (Old School or RuneScape 3): a filter, the
 * chosen ones as removable chips, and every metric as a checkbox grouped by kind.
 */
export function MetricPicker({ id, game, value, onChange, error }: Props) {
  const [filter, setFilter] = useState('');
  const metrics = competitionMetrics(game);
  const legendId = useId();
  const errorId = `${id}-error`;
  const chosen = new Set(value);
  const shown = useMemo(() => {
    const words = filter.trim().toLowerCase();
    return words ? metrics.filter((m) => m.label.toLowerCase().includes(words)) : metrics;
  }, [filter, metrics]);

  const toggle = (metricID: string, on: boolean) =>
    onChange(on ? metrics.filter((m) => chosen.has(m.id) || m.id === metricID).map((m) => m.id) : value.filter((v) => v !== metricID));

  return (
    <fieldset className="mb-3" aria-describedby={error ? errorId : undefined} id={id}>
      <legend id={legendId} className="form-label fs-6 mb-1">
        Metrics
      </legend>
      <div className="d-flex flex-wrap gap-1 mb-2" aria-live="polite">
        {value.length === 0 ? (
          <span className="small text-body-secondary">None chosen yet: pick one or several.</span>
        ) : (
          value.map((metricID) => {
            const label = metrics.find((m) => m.id === metricID)?.label ?? metricID;
            return (
              <button key={metricID} type="button" className="btn btn-sm btn-outline-primary" onClick={() => toggle(metricID, false)}>
                {label} <span aria-hidden="true">×</span>
                <span className="visually-hidden">(remove)</span>
              </button>
            );
          })
        )}
      </div>
      <Form.Control
        size="sm"
        type="search"
        className="mb-2"
        placeholder="Filter metrics"
        aria-label="Filter metrics"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <div
        className={`border rounded p-2 overflow-auto${error ? ' border-danger' : ''}`}
        style={{ maxHeight: '12rem' }}
        role="group"
        aria-labelledby={legendId}
        tabIndex={0}
      >
        {KINDS.map((kind) => {
          const ofKind = shown.filter((m) => m.kind === kind);
          if (ofKind.length === 0) return null;
          return (
            <div key={kind} className="mb-2">
              <div className="small fw-semibold text-body-secondary">{KIND_LABELS[kind]}</div>
              {ofKind.map((m) => (
                <Form.Check
                  key={m.id}
                  id={`${id}-${m.id}`}
                  type="checkbox"
                  label={m.label}
                  checked={chosen.has(m.id)}
                  onChange={(e) => toggle(m.id, e.target.checked)}
                />
              ))}
            </div>
          );
        })}
        {shown.length === 0 && <div className="small text-body-secondary">No metric matches “{filter}”.</div>}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
