import { useId, type ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { AVAILABILITY_DAYS, AVAILABILITY_TIMES, SLOT_HOURS, type Slot } from '@smm/shared/civilization/availability';

const hours = (hour: number) => `${hour}:00`;

interface Props {
  /** Names the table for screen readers. */
  caption: string;
  className?: string;
  /**
   * One slot's <td>. `labelledBy` holds the ids of its day and time headers: as aria-labelledby it
   * names a control in the cell "Monday Evening".
   */
  renderCell: (slot: Slot, labelledBy: string) => ReactNode;
}

/**
 * The week as a table: a row per day (Sunday first) and a column per part of the day, with the
 * hours under each part. Days run down rather than across so the grid fits a phone without scrolling.
 */
export function SlotTable({ caption, className = '', renderCell }: Props) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  return (
    <Table bordered className={`slot-table mb-0 ${className}`}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className="slot-table-day">
            <span className="visually-hidden">Day</span>
          </th>
          {AVAILABILITY_TIMES.map((time) => (
            <th key={time} scope="col">
              <span id={id(time)}>{time}</span>
              <span className="slot-table-hours">
                {hours(SLOT_HOURS[time].start)}–{hours(SLOT_HOURS[time].end)}
              </span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {AVAILABILITY_DAYS.map((day) => (
          <tr key={day}>
            <th scope="row" id={id(day)} className="slot-table-day">
              {day}
            </th>
            {AVAILABILITY_TIMES.map((time) => renderCell({ day, time }, `${id(day)} ${id(time)}`))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
