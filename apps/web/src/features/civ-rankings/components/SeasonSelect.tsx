import { useMemo } from 'react';
import Form from 'react-bootstrap/Form';
import type { SeasonDto } from '@smm/shared/civilization/ladder-schemas';
import { ALL_TIME } from '../api/get-seasons';
import { plural } from '../ladder-format';

/** When the chosen season ran (its days in the viewer's zone), and how many games a member needs to appear in its tables. */
function seasonSummary(season: SeasonDto | undefined, day: Intl.DateTimeFormat): string {
  if (!season) return 'Every counted game since the group began.';
  const ran = season.dateEnded
    ? `From ${day.format(new Date(season.dateStarted))} to ${day.format(new Date(season.dateEnded))}.`
    : `Since ${day.format(new Date(season.dateStarted))}.`;
  return season.minGames > 1 ? `${ran} A member appears in the rankings after ${plural(season.minGames, 'counted game')}.` : ran;
}

interface Props {
  seasons: readonly SeasonDto[];
  value: string;
  onChange: (season: string) => void;
  /** The viewer's zone: the one chosen on their profile, else the browser's. */
  timeZone: string;
}

/** The season the rankings and statistics count: each season (newest first, the current one marked) or all time. */
export function SeasonSelect({ seasons, value, onChange, timeZone }: Props) {
  const day = useMemo(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone }), [timeZone]);
  const newestFirst = [...seasons].sort((a, b) => b.dateStarted.localeCompare(a.dateStarted));
  const chosen = seasons.find((s) => s._id === value);
  return (
    <Form.Group controlId="rankings-season" className="mb-3 col-12 col-sm-8 col-md-5 col-lg-4">
      <Form.Label className="fw-semibold">Season</Form.Label>
      <Form.Select value={value} onChange={(e) => onChange(e.target.value)} aria-describedby="rankings-season-summary">
        {newestFirst.map((season) => (
          <option key={season._id} value={season._id}>
            {season.isCurrent ? `${season.name} (current)` : season.name}
          </option>
        ))}
        <option value={ALL_TIME}>All time</option>
      </Form.Select>
      <Form.Text id="rankings-season-summary">{seasonSummary(chosen, day)}</Form.Text>
    </Form.Group>
  );
}
