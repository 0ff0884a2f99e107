import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import Form from 'react-bootstrap/Form';
import { FieldError } from '../../../lib/ui/FieldError';

interface Props {
  id: string;
  label: string;
  /** A picker date: the viewer's wall-clock time (see toPickerDate). */
  value: Date | null;
  onChange: (value: Date | null) => void;
  minDate: Date;
  /** Times that may be picked on the chosen day (the start picker leaves out times already gone). */
  filterTime?: (time: Date) => boolean;
  error?: string;
  /** The viewer's zone, named under the field. */
  zoneName: string;
}

/** A labelled date-and-time input with a calendar and a 15-minute time list; typing a date works too. */
export function DateTimeField({ id, label, value, onChange, minDate, filterTime, error, zoneName }: Props) {
  const errorId = `${id}-error`;
  const hintId = `${id}-zone`;
  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <DatePicker
        id={id}
        selected={value}
        onChange={(date: Date | null) => onChange(date)}
        showTimeSelect
        timeIntervals={15}
        timeCaption="Time"
        dateFormat="MMM d, yyyy h:mm aa"
        minDate={minDate}
        filterTime={filterTime}
        required
        autoComplete="off"
        placeholderText="Pick a date and time"
        className={`form-control${error ? ' is-invalid' : ''}`}
        wrapperClassName="d-block"
        ariaDescribedBy={error ? `${hintId} ${errorId}` : hintId}
        ariaInvalid={error ? 'true' : undefined}
        popperPlacement="bottom-start"
      />
      <Form.Text id={hintId}>Time zone: {zoneName}</Form.Text>
      <FieldError id={errorId} message={error} />
    </Form.Group>
  );
}
