import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { PASSWORD_MAX, EMAIL_MAX } from '@smm/shared/limits';
import { errorBodyOf } from '../../../lib/api-client';
import { TextField } from '../../../lib/ui/TextField';
import { loginUser } from '../api';
import { useAppState } from '../app-state';
import { fieldError } from '../state/errors-reducer';

/** Email and password; on success the token is stored and the user is signed in. */
export function LoginForm({ idPrefix = 'login', onLoggedIn }: { idPrefix?: string; onLoggedIn?: () => void }) {
  const { errors, setErrors, clearErrors, applyToken, setUserLoading, logout, auth } = useAppState();
  const [form, setForm] = useState({ email: '', password: '' });
  const [submitting, setSubmitting] = useState(false);
  useEffect(() => clearErrors, [clearErrors]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setUserLoading();
    try {
      const { token } = await loginUser(form);
      clearErrors();
      applyToken(token);
      onLoggedIn?.();
    } catch (error) {
      // Nobody is signed in after a failed login: this also ends the loading state.
      logout();
      setErrors(errorBodyOf(error));
    } finally {
      setSubmitting(false);
    }
  }
  // A failed login ends the loading state without signing anyone in.

  const general = errors.message && !errors.fields ? errors.message : undefined;
  return (
    <Form onSubmit={submit} noValidate={false} aria-busy={submitting || auth.loading}>
      {general && <Alert variant="danger">{general}</Alert>}
      <TextField id={`${idPrefix}-email`} label="Email" type="email" autoComplete="email" maxLength={EMAIL_MAX} value={form.email} onChange={(email) => setForm({ ...form, email })} error={fieldError(errors, 'email') ?? fieldError(errors, 'emailnotfound')} />
      <TextField id={`${idPrefix}-password`} label="Password" type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} value={form.password} onChange={(password) => setForm({ ...form, password })} error={fieldError(errors, 'password') ?? fieldError(errors, 'passwordincorrect')} />
      <div className="d-flex justify-content-between align-items-center">
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Logging in…' : 'Login'}
        </Button>
        <Link to="/resetPassword">Forgot Password?</Link>
      </div>
    </Form>
  );
}
