import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { DEFAULT_OSRS_GAME_MODE, OSRS_GAME_MODES, type OsrsGameMode } from '@smm/shared/runescape/game-modes';
import { osrsDetailsParams, type OsrsDetailsParams } from '@smm/shared/runescape/schemas';
import { FieldError } from '../../../lib/ui/FieldError';

export type LookupErrors = Partial<Record<keyof OsrsDetailsParams, string>>;

/** The same rules the server applies, so a bad name is explained before any call. */
export function validateLookup(values: { playerName: string; gameMode: string }): { params: OsrsDetailsParams } | { errors: LookupErrors } {
  const parsed = osrsDetailsParams.safeParse(values);
  if (parsed.success) return { params: parsed.data };
  const errors: LookupErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'playerName' || field === 'gameMode') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

interface Props {
  /** Prefixes the input ids, so two forms can share a page. */
  idPrefix: string;
  initialPlayerName?: string;
  initialGameMode?: string;
  /** Errors to show from outside: an invalid link or the server's 400 fields. */
  errors?: LookupErrors;
  onLookup: (params: OsrsDetailsParams) => void;
}

const isGameMode = (value: string | undefined): value is OsrsGameMode => OSRS_GAME_MODES.some((mode) => mode.id === value);

/** Player name and game mode (every hiscores table with per-player lookups). */
export function OsrsLookupForm({ idPrefix, initialPlayerName = '', initialGameMode, errors: outside = {}, onLookup }: Props) {
  const [playerName, setPlayerName] = useState(initialPlayerName);
  const [gameMode, setGameMode] = useState<string>(isGameMode(initialGameMode) ? initialGameMode : DEFAULT_OSRS_GAME_MODE);
  const [errors, setErrors] = useState<LookupErrors | null>(null);
  const shown = errors ?? outside;
  const nameId = `${idPrefix}-player-name`;
  const modeId = `${idPrefix}-game-mode`;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const result = validateLookup({ playerName, gameMode });
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onLookup(result.params);
  };

  return (
    <Form noValidate onSubmit={submit} aria-label="Look up a player">
      <Row className="g-2 align-items-start">
        <Col xs={12} md={5}>
          <Form.Group controlId={nameId}>
            <Form.Label>Player Name</Form.Label>
            <Form.Control
              value={playerName}
              onChange={(e) => setPlayerName(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              required
              isInvalid={Boolean(shown.playerName)}
              aria-invalid={shown.playerName ? true : undefined}
              aria-describedby={shown.playerName ? `${nameId}-error` : undefined}
            />
            <FieldError id={`${nameId}-error`} message={shown.playerName} />
          </Form.Group>
        </Col>
        <Col xs={12} sm={8} md={4}>
          <Form.Group controlId={modeId}>
            <Form.Label>Game Mode</Form.Label>
            <Form.Select
              value={gameMode}
              onChange={(e) => setGameMode(e.target.value)}
              isInvalid={Boolean(shown.gameMode)}
              aria-invalid={shown.gameMode ? true : undefined}
              aria-describedby={shown.gameMode ? `${modeId}-error` : undefined}
            >
              {OSRS_GAME_MODES.map((mode) => (
                <option key={mode.id} value={mode.id}>
                  {mode.label}
                </option>
              ))}
            </Form.Select>
            <FieldError id={`${modeId}-error`} message={shown.gameMode} />
          </Form.Group>
        </Col>
        <Col xs={12} sm={4} md={3} className="lookup-submit">
          <Button type="submit" className="w-100">
            Look Up
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
