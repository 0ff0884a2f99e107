import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { EMAIL_MAX, PASSWORD_MAX, USERNAME_MAX } from '@smm/shared/limits';
import { errorBodyOf } from '../../../lib/api-client';
import { TextField } from '../../../lib/ui/TextField';
import { useAppState } from '../../auth/app-state';
import { register } from '../api/account';

interface Props {
  onHide: () => void;
  /** A successful register leads to the login dialog. */
  onRegistered: () => void;
}

/** Register without leaving the invite; server errors show under each field. */
export function InviteRegisterModal({ onHide, onRegistered }: Props) {
  const { errors, setErrors, clearErrors, setRegistered } = useAppState();
  const [form, setForm] = useState({ username: '', email: '', password: '', password2: '' });
  const [submitting, setSubmitting] = useState(false);
  useEffect(() => clearErrors, [clearErrors]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    try {
      await register(form);
      clearErrors();
      setRegistered(true);
      onRegistered();
    } catch (error) {
      setErrors(errorBodyOf(error));
      setSubmitting(false);
    }
  }

  const general = errors.message && !errors.fields ? errors.message : undefined;
  return (
    <Modal show onHide={onHide} backdrop="static" keyboard={false} aria-labelledby="invite-register-title">
      <Form onSubmit={submit} aria-busy={submitting}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="invite-register-title">Register</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {general && <Alert variant="danger">{general}</Alert>}
          <TextField
            id="invite-register-username"
            label="Username"
            autoComplete="username"
            maxLength={USERNAME_MAX}
            value={form.username}
            onChange={(username) => setForm({ ...form, username })}
            error={errors.fields?.username}
          />
          <TextField
            id="invite-register-email"
            label="Email"
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            value={form.email}
            onChange={(email) => setForm({ ...form, email })}
            error={errors.fields?.email}
          />
          <TextField
            id="invite-register-password"
            label="Password"
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            value={form.password}
            onChange={(password) => setForm({ ...form, password })}
            error={errors.fields?.password}
          />
          <TextField
            id="invite-register-password2"
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            value={form.password2}
            onChange={(password2) => setForm({ ...form, password2 })}
            error={errors.fields?.password2}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide}>
            Cancel
          </Button>
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Registering…' : 'Register'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
