import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import type { CivLeader } from '@smm/shared/civilization/catalogue-types';
import { civChoiceLabel } from '@smm/shared/civilization/labels';
import { matchesSearch } from '../../civ-preferences/leader-bans';

interface Props {
  /** What the list is for, read as the fieldset's legend: "Leaders you may ban". */
  legend: string;
  leaders: readonly CivLeader[];
  /** 'radio': one leader (a captain's turn); 'checkbox': several, up to `max` (ban proposals). */
  type: 'radio' | 'checkbox';
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  max?: number;
  disabled?: boolean;
}

/** A searchable list of leaders to choose from, by leader or civilization name. */
export function LeaderChooser({ legend, leaders, type, selected, onChange, max, disabled = false }: Props) {
  const id = useId();
  const [search, setSearch] = useState('');
  const shown = leaders.filter((leader) => matchesSearch(leader, search));
  const full = type === 'checkbox' && max !== undefined && selected.length >= max;

  function toggle(civID: string, checked: boolean) {
    if (type === 'radio') onChange([civID]);
    else onChange(checked ? [...selected, civID] : selected.filter((item) => item !== civID));
  }

  return (
    <fieldset disabled={disabled} className="civ-draft-chooser">
      <legend className="form-label fs-6 fw-semibold">{legend}</legend>
      <Form.Group controlId={`${id}-search`} className="civ-draft-chooser-search mb-2">
        <Form.Label className="visually-hidden">Search leaders</Form.Label>
        <Form.Control
          type="search"
          value={search}
          placeholder="Search leader or civilization"
          autoComplete="off"
          aria-describedby={`${id}-count`}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Form.Text id={`${id}-count`} aria-live="polite">
          {search.trim() && shown.length === 0
            ? `No leaders match “${search.trim()}”.`
            : `${shown.length} of ${leaders.length} leaders shown.`}
        </Form.Text>
      </Form.Group>
      <div className="civ-draft-chooser-list border rounded">
        {shown.map((leader) => {
          const checked = selected.includes(leader.civID);
          return (
            <Form.Check
              key={leader.civID}
              id={`${id}-${leader.civID}`}
              type={type}
              name={type === 'radio' ? `${id}-leader` : undefined}
              label={civChoiceLabel(leader)}
              checked={checked}
              disabled={!checked && full}
              onChange={(e) => toggle(leader.civID, e.target.checked)}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
