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

/**
 * A labelled input with the server's message for its field shown under it. Plain Bootstrap
 * markup (what React-Bootstrap's Form.Group, Form.Label and Form.Control render), so the login
 * page loads no form components.
 */
export function TextField({ id, label, value, onChange, error, type = 'text', autoComplete, required = true, maxLength, as, rows }: Props) {
  const errorId = `${id}-error`;
  const control = {
    id,
    className: error ? 'form-control is-invalid' : 'form-control',
    value,
    'aria-describedby': error ? errorId : undefined,
    autoComplete,
    required,
    maxLength,
  };
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {as === 'textarea' ? (
        <textarea {...control} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...control} type={type} onChange={(e) => onChange(e.target.value)} />
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
