import Form from 'react-bootstrap/Form';
import { DRAFT_MACHINE_LIMITS, type CaptainSelection, type DraftMode } from '@smm/shared/civilization/draft-machine-schemas';
import type { CaptainOrder } from '@smm/shared/civilization/draft-orders';
import type { DraftPresetDto } from '@smm/shared/civilization/draft-schemas';
import { FieldError } from '../../../lib/ui/FieldError';
import { presetSummary } from '../../civ-draft/draft-view';
import { captainsNeeded, captainsNeedTeamGame, chosenCaptains, presetPatch, type NewGameForm, type NewGameMember } from '../new-game';

interface Props {
  form: NewGameForm;
  players: readonly NewGameMember[];
  onChange: (patch: Partial<NewGameForm>) => void;
  /** The group's presets; none loaded (or none saved) hides the Preset select. */
  presets: readonly DraftPresetDto[];
  fields: Record<string, string>;
  /** Administrators save the options shown as a preset. */
  children?: React.ReactNode;
}

const MODES: { mode: DraftMode; label: string; hint: string }[] = [
  { mode: 'random', label: 'Random deal', hint: 'Each player is dealt leaders to choose from at once.' },
  { mode: 'blind', label: 'Blind pick', hint: 'Each player picks one leader from their hand in secret; all picks are revealed together.' },
  { mode: 'captains', label: 'Captains', hint: 'Each team’s captain bans and picks leaders for the team, in turn.' },
  {
    mode: 'majorityBans',
    label: 'Majority bans',
    hint: 'Players propose bans in secret; leaders more than half of them propose are banned, then hands are dealt.',
  },
];

const STEP_SECONDS = [15, 30, 45, 60, 90, 120, 180, 300, 600];
const SELECTIONS: { value: CaptainSelection; label: string }[] = [
  { value: 'topRated', label: 'Top rated' },
  { value: 'random', label: 'Random' },
  { value: 'chosen', label: 'Chosen' },
];
const ORDERS: { value: CaptainOrder; label: string }[] = [
  { value: 'snake', label: 'Snake (A B B A …)' },
  { value: 'cwc', label: 'CWC (A B B A | B A A B)' },
];
const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);
const L = DRAFT_MACHINE_LIMITS;

function NumberSelect(props: {
  id: string;
  label: string;
  value: number;
  choices: readonly number[];
  error?: string;
  onChange: (value: number) => void;
}) {
  const { id, label, value, choices, error, onChange } = props;
  // A preset may hold a value the list does not offer; it is kept, not silently changed.
  const options = choices.includes(value) ? choices : [...choices, value].sort((a, b) => a - b);
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        value={value}
        isInvalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {options.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </Form.Select>
      <FieldError id={`${id}-error`} message={error} />
    </Form.Group>
  );
}

type FieldProps = Omit<Props, 'presets' | 'children'>;

/** Captains: how they are chosen, the turn order, and each team's bans and picks (cells of the options grid). */
function CaptainOptions({ form, onChange, fields }: FieldProps) {
  return (
    <>
      <Form.Group controlId="new-game-captain-selection">
        <Form.Label>Captains</Form.Label>
        <Form.Select value={form.captainSelection} onChange={(e) => onChange({ captainSelection: e.target.value as CaptainSelection })}>
          {SELECTIONS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group controlId="new-game-captain-order">
        <Form.Label>Turn order</Form.Label>
        <Form.Select value={form.captainOrder} onChange={(e) => onChange({ captainOrder: e.target.value as CaptainOrder })}>
          {ORDERS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <NumberSelect
        id="new-game-bans-per-team"
        label="Bans per team"
        value={form.bansPerTeam}
        choices={range(L.bansPerTeamMin, L.bansPerTeamMax)}
        error={fields.bansPerTeam}
        onChange={(bansPerTeam) => onChange({ bansPerTeam })}
      />
      <Form.Group controlId="new-game-picks-per-team">
        <Form.Label>Picks per team</Form.Label>
        <Form.Select
          value={form.picksPerTeam ?? ''}
          isInvalid={Boolean(fields.picksPerTeam)}
          aria-describedby={fields.picksPerTeam ? 'new-game-picks-per-team-error' : undefined}
          onChange={(e) => onChange({ picksPerTeam: e.target.value === '' ? null : Number(e.target.value) })}
        >
          <option value="">One per player</option>
          {range(L.picksPerTeamMin, L.picksPerTeamMax).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </Form.Select>
        <FieldError id="new-game-picks-per-team-error" message={fields.picksPerTeam} />
      </Form.Group>
    </>
  );
}

/** Chosen captains: one player of each team. */
function ChosenCaptains({ form, players, onChange, fields }: FieldProps) {
  const needed = captainsNeeded(form, players);
  const chosen = chosenCaptains(form, players);
  return (
    <fieldset className="mt-3" aria-describedby="new-game-captains-hint">
      <legend className="form-label fs-6 mb-1">Choose the captains</legend>
      <Form.Text id="new-game-captains-hint" className="d-block mb-2 mt-0">
        One for each team: {chosen.length} of {needed} chosen.
      </Form.Text>
      {players.length === 0 ? (
        <p className="text-body-secondary small mb-0">Choose the players first.</p>
      ) : (
        <div className="civ-check-columns">
          {players.map((player) => {
            const checked = chosen.includes(player.userID);
            return (
              <Form.Check
                key={player.userID}
                id={`new-game-captain-${player.userID}`}
                type="checkbox"
                label={player.username}
                aria-label={`Captain: ${player.username}`}
                checked={checked}
                disabled={!checked && chosen.length >= needed}
                onChange={(e) =>
                  onChange({ captainIDs: e.target.checked ? [...chosen, player.userID] : chosen.filter((id) => id !== player.userID) })
                }
              />
            );
          })}
        </div>
      )}
      <FieldError id="new-game-captains-error" message={fields.captainIDs} />
    </fieldset>
  );
}

/**
 * The draft's mode and its options (spec of draft modes): a group preset to start from, the mode, and for
 * the live modes the time per step, the captains' choice, order, bans and picks, or the bans each player proposes.
 */
export function DraftModeFields({ form, players, onChange, presets, fields, children }: Props) {
  const chosenMode = MODES.find((entry) => entry.mode === form.mode) ?? MODES[0]!;
  const preset = presets.find((entry) => entry.presetID === form.presetID) ?? null;
  return (
    <div className="civ-new-game-draft border rounded p-3 mb-3">
      {presets.length > 0 && (
        <Form.Group controlId="new-game-preset" className="mb-3">
          <Form.Label>Preset</Form.Label>
          <Form.Select
            value={form.presetID ?? ''}
            aria-describedby="new-game-preset-hint"
            onChange={(e) => {
              const next = presets.find((entry) => entry.presetID === e.target.value);
              onChange(next ? presetPatch(next) : { presetID: null });
            }}
          >
            <option value="">None</option>
            {presets.map((entry) => (
              <option key={entry.presetID} value={entry.presetID}>
                {entry.name}
              </option>
            ))}
          </Form.Select>
          <Form.Text id="new-game-preset-hint">
            {preset ? presetSummary(preset.config) : 'A preset fills in the draft options the group saved under its name.'}
          </Form.Text>
        </Form.Group>
      )}
      <Form.Group controlId="new-game-mode">
        <Form.Label>Draft format</Form.Label>
        <Form.Select
          value={form.mode}
          aria-describedby="new-game-mode-hint"
          onChange={(e) => {
            const mode = e.target.value as DraftMode;
            // Captains lead teams: choosing them makes the game a team game.
            onChange(mode === 'captains' ? { mode, gameType: 'team' } : { mode });
          }}
        >
          {MODES.map(({ mode, label }) => (
            <option key={mode} value={mode}>
              {label}
            </option>
          ))}
        </Form.Select>
        <Form.Text id="new-game-mode-hint">{chosenMode.hint}</Form.Text>
        <FieldError id="new-game-mode-error" message={fields.mode} />
      </Form.Group>
      {captainsNeedTeamGame(form) && (
        <p className="text-danger small mt-3 mb-0" role="alert">
          A captains draft needs a team game: choose Team as the Game Type.
        </p>
      )}
      {form.mode !== 'random' && (
        <div className="civ-new-game-draft-grid mt-3">
          <NumberSelect
            id="new-game-step-seconds"
            label="Seconds per step"
            value={form.stepSeconds}
            choices={STEP_SECONDS.filter((seconds) => seconds >= L.stepSecondsMin && seconds <= L.stepSecondsMax)}
            error={fields.stepSeconds}
            onChange={(stepSeconds) => onChange({ stepSeconds })}
          />
          {form.mode === 'majorityBans' && (
            <NumberSelect
              id="new-game-majority-bans"
              label="Bans per player"
              value={form.majorityBansPerPlayer}
              choices={range(L.majorityBansMin, L.majorityBansMax)}
              error={fields.majorityBansPerPlayer}
              onChange={(majorityBansPerPlayer) => onChange({ majorityBansPerPlayer })}
            />
          )}
          {form.mode === 'captains' && <CaptainOptions form={form} players={players} onChange={onChange} fields={fields} />}
        </div>
      )}
      {form.mode === 'captains' && form.captainSelection === 'chosen' && (
        <ChosenCaptains form={form} players={players} onChange={onChange} fields={fields} />
      )}
      {children}
    </div>
  );
}
