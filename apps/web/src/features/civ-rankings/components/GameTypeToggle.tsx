import ToggleButton from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';
import { GAME_TYPES, type GameType } from '@smm/shared/civilization/games-schemas';
import { GAME_TYPE_LABELS } from '../ladder-format';

/** FFA or Teams, as a pair of radio buttons named "Game type". */
export function GameTypeToggle({ name, value, onChange }: { name: string; value: GameType; onChange: (gameType: GameType) => void }) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
      <span id={`${name}-label`} className="fw-semibold">
        Game type
      </span>
      <ToggleButtonGroup
        type="radio"
        name={name}
        value={value}
        onChange={(next: GameType) => onChange(next)}
        aria-labelledby={`${name}-label`}
      >
        {GAME_TYPES.map((type) => (
          <ToggleButton key={type} id={`${name}-${type}`} value={type} variant="outline-primary" size="sm">
            {GAME_TYPE_LABELS[type]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </div>
  );
}
