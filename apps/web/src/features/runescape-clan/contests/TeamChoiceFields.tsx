import Form from 'react-bootstrap/Form';
import { CLAN_CONTEST_TEAMS_MAX, CLAN_CONTEST_TEAMS_MIN, type TeamSplit } from '@smm/shared/runescape/clan-contest-schemas';

const TEAM_COUNTS = Array.from({ length: CLAN_CONTEST_TEAMS_MAX - CLAN_CONTEST_TEAMS_MIN + 1 }, (_, i) => CLAN_CONTEST_TEAMS_MIN + i);

/** "Number of teams": from the fewest to the most a contest may have. */
export function TeamCountSelect({
  id,
  className,
  value,
  onChange,
}: {
  id: string;
  className: string;
  value: number;
  onChange: (count: number) => void;
}) {
  return (
    <Form.Group controlId={id} className={className}>
      <Form.Label>Number of teams</Form.Label>
      <Form.Select value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {TEAM_COUNTS.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

interface ModeProps {
  /** The radios are `${idPrefix}-hand`, `${idPrefix}-level` and `${idPrefix}-xp`. */
  idPrefix: string;
  name: string;
  labels: Record<'hand' | TeamSplit, string>;
  value: 'hand' | TeamSplit;
  onChange: (mode: 'hand' | TeamSplit) => void;
}

/** How teams are made: by hand, or split evenly by level or by experience. */
export function TeamModeRadios({ idPrefix, name, labels, value, onChange }: ModeProps) {
  return (['hand', 'level', 'xp'] as const).map((mode) => (
    <Form.Check
      key={mode}
      id={`${idPrefix}-${mode}`}
      type="radio"
      name={name}
      label={labels[mode]}
      checked={value === mode}
      onChange={() => onChange(mode)}
    />
  ));
}
