import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { slotKey, type Slot } from '@smm/shared/civilization/availability';
import { Loading } from '../../../lib/ui/Loading';
import { useGroupAvailability } from '../api/get-group-availability';
import { bestSlots, bestTimesText, HEAT_LEVELS, heatLevel, slotLabel } from '../availability-grid';
import { membersBySlotInZone, viewerWeek } from '../availability-week';
import { HourlyHeatMap, type PlannedTime } from './HourlyHeatMap';
import { SlotTable } from './SlotTable';

interface Props {
  groupID: string;
  /** How many members the group has: a slot everyone is free in gets the darkest shade. */
  memberCount: number;
  /** The viewer's zone (their profile's, else the browser's): every time here is on its clock. */
  timeZone: string;
  /** Where members set their own times. */
  userSettingsPath: string;
  /** Opens the event dialog for the slot's next occurrence on the viewer's clock. */
  onPlanSlot: (slot: Slot) => void;
  /** Opens the event dialog at an hour chosen on the hourly heat map. */
  onPlanTime: (plan: PlannedTime) => void;
}

/** Darker shades get white text and light buttons, keeping AA contrast. */
const isDark = (level: number) => level >= 3;

function Legend() {
  return (
    <p className="small text-body-secondary d-flex flex-wrap align-items-center gap-2 mb-3">
      <span>Darker cells have more members free:</span>
      <span className="heat-legend" aria-hidden="true">
        {Array.from({ length: HEAT_LEVELS + 1 }, (_, level) => (
          <span key={level} className={`heat-swatch heat-${level}`} />
        ))}
      </span>
    </p>
  );
}

/**
 * The group's availability on the viewer's clock: who is free in each part of their coming week
 * (best slots marked, Plan an event), then the same week hour by hour. Members answer in their own
 * zones; the server gives their free times as instants, so every zone lines up here.
 */
export function GroupAvailabilityCard({ groupID, memberCount, timeZone, userSettingsPath, onPlanSlot, onPlanTime }: Props) {
  const now = Date.now();
  const days = viewerWeek(timeZone, now);
  const availability = useGroupAvailability(groupID, days[0]!.start);
  const zoneLine = (
    <p className="mb-2" data-testid="availability-zone">
      Times in <strong>{timeZone}</strong>, your time zone. Each member answered on their own clock.
    </p>
  );

  let slots;
  let hourly;
  if (availability.isPending) slots = hourly = <Loading label="Loading availability…" />;
  else if (availability.isError) slots = hourly = <Alert variant="danger">{availability.error.message}</Alert>;
  else {
    const { freeTimes } = availability.data;
    const bySlot = membersBySlotInZone(freeTimes, days, timeZone);
    const best = bestSlots(bySlot);
    const bestKeys = new Set(best.slots.map(slotKey));
    const bestText = bestTimesText(best);
    slots = (
      <>
        {zoneLine}
        {bestText ? (
          <p className="fw-semibold mb-2" data-testid="best-times">
            {bestText}
          </p>
        ) : (
          <p className="mb-2">
            No one has marked a free time yet. Members mark theirs under <Link to={userSettingsPath}>User Settings</Link>.
          </p>
        )}
        <Legend />
        <SlotTable
          caption={`Members free in the coming week, times in ${timeZone}`}
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
                      <li key={member.userID}>
                        {member.username}
                        {member.hours && <span className="heat-hours"> {member.hours}</span>}
                      </li>
                    ))}
                  </ul>
                )}
                <Button
                  size="sm"
                  variant={isDark(level) ? 'light' : 'outline-dark'}
                  className="heat-plan"
                  title={`Plan an event on ${label}`}
                  onClick={() => onPlanSlot(slot)}
                >
                  Plan<span className="visually-hidden"> an event on {label}</span>
                </Button>
              </td>
            );
          }}
        />
      </>
    );
    hourly = (
      <>
        {zoneLine}
        <Legend />
        <HourlyHeatMap freeTimes={freeTimes} days={days} timeZone={timeZone} memberCount={memberCount} now={now} onPlan={onPlanTime} />
      </>
    );
  }

  return (
    <>
      <Card className="mb-3">
        <Card.Header>
          <h3 className="h5 mb-0">Availability</h3>
        </Card.Header>
        <Card.Body className="slot-card-body">{slots}</Card.Body>
      </Card>
      <Card className="mb-3">
        <Card.Header>
          <h3 className="h5 mb-0">Hour by hour</h3>
        </Card.Header>
        <Card.Body className="slot-card-body">{hourly}</Card.Body>
      </Card>
    </>
  );
}
