import Form from 'react-bootstrap/Form';
import type { Side } from '../game-state';

export type PlacementDraft = Record<string, string>;

/** The places the sides have now, as the inputs start. */
export const placementDraftOf = (sides: readonly Side[]): PlacementDraft =>
  Object.fromEntries(sides.map((side) => [side.key, side.placement === null ? '' : String(side.placement)]));

/** The placements to send, or the first side left without a whole-number place. */
export function placementsFrom(
  sides: readonly Side[],
  draft: PlacementDraft,
): { placements: { userID?: string; team?: number; placement: number }[] } | { missing: Side } {
  const placements = [];
  for (const side of sides) {
    const placement = Number(draft[side.key]);
    if (!draft[side.key] || !Number.isInteger(placement) || placement < 1 || placement > sides.length) return { missing: side };
    placements.push(side.team === undefined ? { userID: side.userID, placement } : { team: side.team, placement });
  }
  return { placements };
}

interface Props {
  idPrefix: string;
  sides: readonly Side[];
  draft: PlacementDraft;
  onChange: (draft: PlacementDraft) => void;
  disabled?: boolean;
}

/** One place per player (or team), 1 for the winner; equal numbers are ties. */
export function PlacementInputs({ idPrefix, sides, draft, onChange, disabled }: Props) {
  return (
    <div className="d-grid gap-2">
      {sides.map((side) => {
        const id = `${idPrefix}-${side.key.replace(':', '-')}`;
        return (
          <Form.Group key={side.key} controlId={id} className="d-flex align-items-center gap-2">
            <Form.Control
              type="number"
              inputMode="numeric"
              min={1}
              max={sides.length}
              step={1}
              value={draft[side.key] ?? ''}
              onChange={(e) => onChange({ ...draft, [side.key]: e.target.value })}
              disabled={disabled}
              style={{ width: '5rem' }}
            />
            <Form.Label className="mb-0 text-break">{side.label}</Form.Label>
          </Form.Group>
        );
      })}
    </div>
  );
}
