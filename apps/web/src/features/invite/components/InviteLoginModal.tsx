import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { EMAIL_MAX, PASSWORD_MAX } from '@smm/shared/limits';
import { errorBodyOf } from '../../../lib/api-client';
import { TextField } from '../../../lib/ui/TextField';
import { useAppState } from '../../auth/app-state';
import { login } from '../api/account';

interface Props {
  onHide: () => void;
  onLoggedIn: () => void;
  onRegister: () => void;
  /** Shown above the form, e.g. after registering. */
  notice?: string;
}

/** Login without leaving the invite: the token is stored and the user stays on the invite page. */
export function InviteLoginModal({ onHide, onLoggedIn, onRegister, notice }: Props) {
  const { errors, setErrors, clearErrors, applyToken, setUserLoading, logout } = useAppState();
  const [form, setForm] = useState({ email: '', password: '' });
  const [submitting, setSubmitting] = useState(false);
  useEffect(() => clearErrors, [clearErrors]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setUserLoading();
    try {
      const { token } = await login(form);
      clearErrors();
      applyToken(token);
      onLoggedIn();
    } catch (error) {
      // A failed login signs nobody in, which also ends the loading state.
      logout();
      setErrors(errorBodyOf(error));
      setSubmitting(false);
    }
  }

  const general = errors.message && !errors.fields ? errors.message : undefined;
  return (
    <Modal show onHide={onHide} backdrop="static" keyboard={false} aria-labelledby="invite-login-title">
      <Form onSubmit={submit} aria-busy={submitting}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="invite-login-title">Login</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {notice && !general && <Alert variant="success">{notice}</Alert>}
          {general && <Alert variant="danger">{general}</Alert>}
          <TextField
            id="invite-login-email"
            label="Email"
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            value={form.email}
            onChange={(email) => setForm({ ...form, email })}
            error={errors.fields?.email ?? errors.fields?.emailnotfound}
          />
          <TextField
            id="invite-login-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
            value={form.password}
            onChange={(password) => setForm({ ...form, password })}
            error={errors.fields?.password ?? errors.fields?.passwordincorrect}
          />
          <div className="d-flex justify-content-between flex-wrap gap-2 small">
            <Link to="/resetPassword">Forgot Password?</Link>
            <span>
              No account yet?{' '}
              <Button variant="link" size="sm" className="p-0 align-baseline" onClick={onRegister}>
                Register
              </Button>
            </span>
          </div>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide}>
            Cancel
          </Button>
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Logging in…' : 'Login'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
