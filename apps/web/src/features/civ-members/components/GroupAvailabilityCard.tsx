import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { slotKey, type Slot } from '@smm/shared/civilization/availability';
import { Loading } from '../../../lib/ui/Loading';
import { useGroupAvailability } from '../api/get-group-availability';
import { bestSlots, bestTimesText, HEAT_LEVELS, heatLevel, membersBySlot, slotLabel } from '../availability-grid';
import { SlotTable } from './SlotTable';

interface Props {
  groupID: string;
  /** How many members the group has: a slot everyone is free in gets the darkest shade. */
  memberCount: number;
  /** Where members set their own times. */
  userSettingsPath: string;
  /** Opens the event dialog for the slot's next occurrence in the group's zone. */
  onPlan: (slot: Slot, timeZone: string) => void;
}

/** Darker shades get white text and light buttons, keeping AA contrast. */
const isDark = (level: number) => level >= 3;

/** The group's availability as a heat map: who is free in each slot, the best slots marked, and Plan an event. */
export function GroupAvailabilityCard({ groupID, memberCount, userSettingsPath, onPlan }: Props) {
  const availability = useGroupAvailability(groupID);

  let body;
  if (availability.isPending) body = <Loading label="Loading availability…" />;
  else if (availability.isError) body = <Alert variant="danger">{availability.error.message}</Alert>;
  else {
    const { timeZone } = availability.data;
    const bySlot = membersBySlot(availability.data.availability);
    const best = bestSlots(bySlot);
    const bestKeys = new Set(best.slots.map(slotKey));
    const bestText = bestTimesText(best);
    body = (
      <>
        <p className="mb-2">
          Times are in <strong>{timeZone}</strong>, the group&rsquo;s time zone.
        </p>
        {bestText ? (
          <p className="fw-semibold mb-2" data-testid="best-times">
            {bestText}
          </p>
        ) : (
          <p className="mb-2">
            No one has marked a free time yet. Members mark theirs under <Link to={userSettingsPath}>User Settings</Link>.
          </p>
        )}
        <p className="small text-body-secondary d-flex flex-wrap align-items-center gap-2 mb-3">
          <span>Darker cells have more members free:</span>
          <span className="heat-legend" aria-hidden="true">
            {Array.from({ length: HEAT_LEVELS + 1 }, (_, level) => (
              <span key={level} className={`heat-swatch heat-${level}`} />
            ))}
          </span>
        </p>
        <SlotTable
          caption={`Members free each week, times in ${timeZone}`}
          className="slot-table-heat"
          renderCell={(slot) => {
            const key = slotKey(slot);
            const members = bySlot.get(key) ?? [];
            const level = heatLevel(members.length, memberCount);
            const label = slotLabel(slot);
            return (
              <td key={key} className={`heat-cell heat-${level}`} data-level={level} data-best={bestKeys.has(key) || undefined}>
                {bestKeys.has(key) && (
                  <Badge bg="warning" text="dark" className="mb-1">
                    Best
                  </Badge>
                )}
                {members.length > 0 && (
                  <ul className="heat-names list-unstyled mb-1" aria-label={`Free on ${label}`}>
                    {members.map((member) => (
                      <li key={member.userID}>{member.username}</li>
                    ))}
                  </ul>
                )}
                <Button
                  size="sm"
                  variant={isDark(level) ? 'light' : 'outline-dark'}
                  className="heat-plan"
                  title={`Plan an event on ${label}`}
                  onClick={() => onPlan(slot, timeZone)}
                >
                  Plan<span className="visually-hidden"> an event on {label}</span>
                </Button>
              </td>
            );
          }}
        />
      </>
    );
  }

  return (
    <Card className="mb-3">
      <Card.Header>
        <h3 className="h5 mb-0">Availability</h3>
      </Card.Header>
      <Card.Body className="slot-card-body">{body}</Card.Body>
    </Card>
  );
}
