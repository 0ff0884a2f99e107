import Form from 'react-bootstrap/Form';
import { FieldError } from './FieldError';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  required?: boolean;
  maxLength?: number;
  as?: 'textarea';
  rows?: number;
}

/** A labelled input with the server's message for its field shown under it. */
export function TextField({ id, label, value, onChange, error, type = 'text', autoComplete, required = true, maxLength, as, rows }: Props) {
  const errorId = `${id}-error`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        as={as}
        rows={rows}
        type={as ? undefined : type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        isInvalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        autoComplete={autoComplete}
        required={required}
        maxLength={maxLength}
      />
      <FieldError id={errorId} message={error} />
    </Form.Group>
  );
}
