import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import type { CompetitionGame } from '@smm/shared/runescape/competition-metrics';
import {
  BINGO_BONUS_MAX,
  BINGO_SIZE_MAX,
  BINGO_SIZE_MIN,
  type BingoBonuses,
  type BingoDetail,
  type BingoSummary,
} from '@smm/shared/runescape/bingo-schemas';
import { errorBodyOf } from '../../../../lib/api-client';
import { failureMessage } from '../../../../lib/failure-message';
import { FieldError } from '../../../../lib/ui/FieldError';
import { ContestFormDialog } from '../../contests/ContestFormDialog';
import { useCreateBingo, useUpdateBingo } from '../api/bingos';
import { emptyTile, resizeTiles, tileDraftOf, tileInputs, tileProblem, type TileDraft } from '../bingo-view';
import { TileEditor } from './TileEditor';

interface Props {
  groupID: string;
  game: CompetitionGame;
  timeZone: string;
  /** The bingo to edit; null creates one. */
  detail: BingoDetail | null;
  /** Earlier bingos whose board may be copied (create only). */
  earlier: readonly BingoSummary[];
  onSaved: (saved: BingoDetail) => void;
  onHide: () => void;
}

const SIZES = Array.from({ length: BINGO_SIZE_MAX - BINGO_SIZE_MIN + 1 }, (_, i) => BINGO_SIZE_MIN + i);
const BONUS_LABELS: Record<keyof BingoBonuses, string> = {
  row: 'Each complete row',
  column: 'Each complete column',
  diagonal: 'Each complete diagonal',
  board: 'The whole board',
};
const BONUS_KEYS = Object.keys(BONUS_LABELS) as (keyof BingoBonuses)[];

interface BingoForm {
  name: string;
  startsAt: number | null;
  endsAt: number | null;
  board: 'new' | 'copy';
  copyFromBingoID: string;
  size: number;
  bonuses: Record<keyof BingoBonuses, string>;
  tiles: TileDraft[];
}

function initialForm(detail: BingoDetail | null): BingoForm {
  const size = detail?.bingo.size ?? 3;
  const bonuses = detail?.bingo.bonuses ?? { row: 20, column: 20, diagonal: 20, board: 100 };
  return {
    name: detail?.bingo.name ?? '',
    startsAt: detail ? Date.parse(detail.bingo.startsAt) : null,
    endsAt: detail ? Date.parse(detail.bingo.endsAt) : null,
    board: 'new',
    copyFromBingoID: '',
    size,
    bonuses: Object.fromEntries(BONUS_KEYS.map((k) => [k, String(bonuses[k])])) as BingoForm['bonuses'],
    tiles: detail ? detail.tiles.map(tileDraftOf) : Array.from({ length: size * size }, emptyTile),
  };
}

/**
 * Create bingo / Edit bingo (Administrators): name, times in the viewer's zone, and the board (size,
 * tiles and bonus points) written here or copied from an earlier bingo. Once a bingo has started only
 * its name and end time may change.
 */
export function BingoFormModal({ groupID, game, timeZone, detail, earlier, onSaved, onHide }: Props) {
  const [form, setForm] = useState(() => initialForm(detail));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [tileProblems, setTileProblems] = useState<Record<number, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const create = useCreateBingo(groupID);
  const update = useUpdateBingo(groupID);
  const pending = create.isPending || update.isPending;
  const started = detail !== null && detail.bingo.status !== 'upcoming';
  const change = (patch: Partial<BingoForm>) => setForm((current) => ({ ...current, ...patch }));
  const writesBoard = !started && form.board === 'new';

  function check(): Record<string, string> {
    const missing: Record<string, string> = {};
    if (!form.name.trim()) missing.name = 'Name is required';
    if (form.startsAt === null && !started) missing.startsAt = 'Start time is required';
    if (form.endsAt === null) missing.endsAt = 'End time is required';
    if (!started && form.board === 'copy' && !form.copyFromBingoID) missing.copyFromBingoID = 'Pick the bingo to copy';
    if (writesBoard) {
      for (const key of BONUS_KEYS)
        if (!/^\d+$/.test(form.bonuses[key].trim())) missing.bonuses = 'Bonus points must be whole numbers of 0 or more';
      const problems: Record<number, string> = {};
      form.tiles.forEach((tile, i) => {
        const problem = tileProblem(tile);
        if (problem) problems[i] = problem;
      });
      setTileProblems(problems);
      const first = Object.keys(problems)[0];
      if (first !== undefined) missing.tiles = `Tile ${Number(first) + 1}: ${problems[Number(first)]}`;
    } else setTileProblems({});
    return missing;
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setAlert(null);
    const missing = check();
    setFields(missing);
    if (Object.keys(missing).length > 0 || form.endsAt === null) return;
    const onError = (error: unknown) => {
      const { fields: serverFields = {} } = errorBodyOf(error);
      setFields(serverFields);
      if (Object.keys(serverFields).length === 0) setAlert(failureMessage(error));
    };
    const endsAt = new Date(form.endsAt).toISOString();
    const startsAt = form.startsAt === null ? undefined : new Date(form.startsAt).toISOString();
    const board = {
      size: form.size,
      tiles: tileInputs(form.tiles),
      bonuses: Object.fromEntries(BONUS_KEYS.map((k) => [k, Number(form.bonuses[k])])) as BingoBonuses,
    };
    if (detail) {
      const base = { bingoID: detail.bingo.bingoID, name: form.name, endsAt, expectedUpdatedAt: detail.bingo.updatedAt };
      update.mutate(started ? base : { ...base, startsAt, ...board }, { onSuccess: onSaved, onError });
      return;
    }
    create.mutate(
      form.board === 'copy'
        ? { name: form.name, startsAt: startsAt!, endsAt, copyFromBingoID: form.copyFromBingoID }
        : { name: form.name, startsAt: startsAt!, endsAt, ...board },
      { onSuccess: onSaved, onError },
    );
  }

  return (
    <ContestFormDialog
      noun="bingo"
      editing={detail !== null}
      size="lg"
      form={form}
      startedAt={started ? detail!.bingo.startsAt : null}
      timeZone={timeZone}
      timesNote={<p className="small text-body-secondary mb-2">Times are in your time zone, {timeZone}.</p>}
      fields={fields}
      alert={alert}
      pending={pending}
      change={change}
      onSubmit={submit}
      onHide={onHide}
    >
      {!started && !detail && earlier.length > 0 && (
        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-1">Board</legend>
          <Form.Check
            id="bingo-board-new"
            type="radio"
            name="bingo-board"
            label="A new board"
            checked={form.board === 'new'}
            onChange={() => change({ board: 'new' })}
          />
          <Form.Check
            id="bingo-board-copy"
            type="radio"
            name="bingo-board"
            label="Copy the board of an earlier bingo"
            checked={form.board === 'copy'}
            onChange={() => change({ board: 'copy' })}
          />
          {form.board === 'copy' && (
            <Form.Group controlId="bingo-copy-from" className="mt-2">
              <Form.Label>Bingo to copy</Form.Label>
              <Form.Select
                value={form.copyFromBingoID}
                onChange={(e) => change({ copyFromBingoID: e.target.value })}
                isInvalid={Boolean(fields.copyFromBingoID)}
                aria-describedby={fields.copyFromBingoID ? 'bingo-copy-from-error' : undefined}
              >
                <option value="">Pick a bingo</option>
                {earlier.map((b) => (
                  <option key={b.bingoID} value={b.bingoID}>
                    {b.name} ({b.size}×{b.size})
                  </option>
                ))}
              </Form.Select>
              <FieldError id="bingo-copy-from-error" message={fields.copyFromBingoID} />
              <Form.Text>Its size, tiles and bonus points are copied; teams are set afresh.</Form.Text>
            </Form.Group>
          )}
        </fieldset>
      )}
      {writesBoard && (
        <>
          <Form.Group controlId="bingo-size" className="mb-3">
            <Form.Label>Board size</Form.Label>
            <Form.Select
              value={form.size}
              isInvalid={Boolean(fields.size)}
              aria-describedby={fields.size ? 'bingo-size-error' : undefined}
              onChange={(e) => {
                const size = Number(e.target.value);
                change({ size, tiles: resizeTiles(form.tiles, form.size, size) });
                setTileProblems({});
              }}
            >
              {SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}×{n} ({n * n} tiles)
                </option>
              ))}
            </Form.Select>
            <FieldError id="bingo-size-error" message={fields.size} />
          </Form.Group>
          <fieldset className="mb-3" aria-describedby={fields.bonuses ? 'bingo-bonuses-error' : undefined}>
            <legend className="form-label fs-6 mb-1">Bonus points</legend>
            <div className="row g-2">
              {BONUS_KEYS.map((key) => (
                <Form.Group key={key} controlId={`bingo-bonus-${key}`} className="col-6 col-md-3">
                  <Form.Label className="small mb-0">{BONUS_LABELS[key]}</Form.Label>
                  <Form.Control
                    size="sm"
                    type="number"
                    min={0}
                    max={BINGO_BONUS_MAX}
                    value={form.bonuses[key]}
                    onChange={(e) => change({ bonuses: { ...form.bonuses, [key]: e.target.value } })}
                  />
                </Form.Group>
              ))}
            </div>
            <FieldError id="bingo-bonuses-error" message={fields.bonuses} />
          </fieldset>
          <fieldset aria-describedby={fields.tiles ? 'bingo-tiles-error' : undefined}>
            <legend className="form-label fs-6 mb-1">Tiles</legend>
            <FieldError id="bingo-tiles-error" message={fields.tiles} />
            <TileEditor
              game={game}
              size={form.size}
              tiles={form.tiles}
              problems={tileProblems}
              onChange={(index, patch) =>
                setForm((current) => ({ ...current, tiles: current.tiles.map((t, i) => (i === index ? { ...t, ...patch } : t)) }))
              }
            />
          </fieldset>
        </>
      )}
    </ContestFormDialog>
  );
}
