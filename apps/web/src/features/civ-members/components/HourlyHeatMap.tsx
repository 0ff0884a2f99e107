import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { FreeTime } from '@smm/shared/civilization/availability';
import { heatLevel } from '../availability-grid';
import { clockTime, hourCells, planFromHour, planStart, type FreeMember, type HourCell, type ViewerDay } from '../availability-week';

export interface PlannedTime {
  startDate: number;
  endDate: number;
  eventName: string;
}

interface Props {
  freeTimes: readonly FreeTime[];
  /** The viewer's 7 days, on their clock. */
  days: readonly ViewerDay[];
  timeZone: string;
  memberCount: number;
  now: number;
  onPlan: (plan: PlannedTime) => void;
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const dateOf = (day: ViewerDay) => new Date(Date.UTC(day.year, day.month - 1, day.day, 12));
const dayName = (day: ViewerDay) =>
  dateOf(day).toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
const nameList = (members: readonly FreeMember[]) =>
  members.map((member) => (member.hours ? `${member.username} (${member.hours})` : member.username)).join(', ');

interface Spot {
  day: number;
  hour: number;
}

/**
 * The week hour by hour on the viewer's clock, like Crab Fit: a column per day, a row per hour, each
 * cell shaded by how many members are free then. Hovering or focusing a cell says who; choosing one
 * offers Plan an event from that hour.
 */
export function HourlyHeatMap({ freeTimes, days, timeZone, memberCount, now: renderedAt, onPlan }: Props) {
  // Raised when a choice finds its hour gone since the map was drawn.
  const [checkedAt, setCheckedAt] = useState(0);
  const now = Math.max(renderedAt, checkedAt);
  const columns = useMemo(() => days.map((day) => hourCells(freeTimes, day, timeZone)), [freeTimes, days, timeZone]);
  const [selected, setSelected] = useState<Spot | null>(null);
  const [pointed, setPointed] = useState<Spot | null>(null);
  const spot = selected ?? pointed;
  const cellAt = (at: Spot | null): HourCell | null => (at ? (columns[at.day]?.[at.hour] ?? null) : null);
  const shown = cellAt(spot);
  const shownDay = spot ? days[spot.day] : undefined;

  function planAt(cell: HourCell, at: number) {
    const plan = planFromHour(freeTimes, cell, timeZone, at);
    if (plan) onPlan(plan);
    else setCheckedAt(at);
  }

  return (
    <>
      <div className="hour-heat-scroll">
        <Table bordered size="sm" className="slot-table-heat hour-heat mb-2">
          <caption className="visually-hidden">Members free each hour of the coming week, times in {timeZone}</caption>
          <thead>
            <tr>
              <th scope="col" className="hour-heat-hour">
                <span className="visually-hidden">Hour</span>
              </th>
              {days.map((day) => (
                <th key={day.start} scope="col" abbr={dayName(day)}>
                  {day.weekday.slice(0, 3)}
                  <span className="hour-heat-date">{day.day}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {HOURS.map((hour) => (
              <tr key={hour}>
                <th scope="row" className="hour-heat-hour">
                  {hourLabel(hour)}
                </th>
                {days.map((day, index) => {
                  const cell = columns[index]?.[hour];
                  if (!cell) {
                    return (
                      <td key={day.start} className="hour-heat-skipped">
                        <span aria-hidden="true">–</span>
                        <span className="visually-hidden">
                          No {hourLabel(hour)} on {dayName(day)}: the clocks go forward
                        </span>
                      </td>
                    );
                  }
                  const count = cell.members.length;
                  const level = heatLevel(count, memberCount);
                  const isSelected = selected?.day === index && selected.hour === hour;
                  const who = count > 0 ? `: ${nameList(cell.members)}` : '';
                  return (
                    <td key={day.start} className={`heat-cell heat-${level}${cell.end <= now ? ' is-past' : ''}`} data-level={level}>
                      <button
                        type="button"
                        className="hour-heat-cell"
                        aria-pressed={isSelected}
                        aria-label={`${dayName(day)} ${hourLabel(hour)}: ${count} of ${memberCount} free${who}`}
                        title={count > 0 ? nameList(cell.members) : 'Nobody free'}
                        onClick={() => setSelected(isSelected ? null : { day: index, hour })}
                        onMouseEnter={() => setPointed({ day: index, hour })}
                        onFocus={() => setPointed({ day: index, hour })}
                      >
                        {count > 0 ? count : ''}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <div className="hour-heat-detail" aria-live="polite" data-testid="hour-detail">
        {shown && shownDay ? (
          <>
            <p className="mb-2">
              <strong>
                {dayName(shownDay)}, {clockTime(shown.start, timeZone)}–{clockTime(shown.end, timeZone)}
              </strong>{' '}
              ({timeZone}):{' '}
              {shown.members.length === 0 ? 'nobody free.' : `${shown.members.length} of ${memberCount} free: ${nameList(shown.members)}.`}
            </p>
            {selected &&
              (planStart(shown, now) === null ? (
                <p className="mb-0 text-body-secondary">This hour has passed.</p>
              ) : (
                <Button size="sm" onClick={() => planAt(shown, Date.now())}>
                  Plan an event
                </Button>
              ))}
          </>
        ) : (
          <p className="mb-0 text-body-secondary">Point at or focus an hour to see who is free; choose one to plan an event then.</p>
        )}
      </div>
    </>
  );
}
