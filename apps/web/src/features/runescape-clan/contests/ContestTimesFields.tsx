import { DateTimeField } from '../../events/components/DateTimeField';
import { formatWithZone } from '../../events/event-time';
import { fromPickerDate, pickerNow, toPickerDate } from '../../events/picker-time';

interface Props {
  /** 'competition' or 'bingo': the fields are `${idPrefix}-start` and `${idPrefix}-end`. */
  idPrefix: string;
  timeZone: string;
  /** Epoch milliseconds, or null while not picked. */
  startsAt: number | null;
  endsAt: number | null;
  /** The start of a contest that has begun: shown, no longer picked. */
  startedAt: string | null;
  errors: { startsAt?: string; endsAt?: string };
  onChange: (patch: { startsAt?: number | null; endsAt?: number | null }) => void;
}

/** Start time and End time of a competition or bingo, picked on the viewer's clock; the start is locked once it has begun. */
export function ContestTimesFields({ idPrefix, timeZone, startsAt, endsAt, startedAt, errors, onChange }: Props) {
  const today = pickerNow(timeZone);
  const picked = (instant: number | null) => (instant === null ? null : toPickerDate(instant, timeZone));
  const instantOf = (date: Date | null) => (date ? fromPickerDate(date, timeZone).getTime() : null);
  return (
    <>
      {startedAt !== null ? (
        <p className="mb-3">
          <span className="form-label d-block mb-0">Start time</span>
          {formatWithZone(startedAt, timeZone)}
        </p>
      ) : (
        <DateTimeField
          id={`${idPrefix}-start`}
          label="Start time"
          value={picked(startsAt)}
          onChange={(date) => onChange({ startsAt: instantOf(date) })}
          minDate={today}
          error={errors.startsAt}
          zoneName={timeZone}
        />
      )}
      <DateTimeField
        id={`${idPrefix}-end`}
        label="End time"
        value={picked(endsAt)}
        onChange={(date) => onChange({ endsAt: instantOf(date) })}
        minDate={picked(startsAt) ?? today}
        error={errors.endsAt}
        zoneName={timeZone}
      />
    </>
  );
}
