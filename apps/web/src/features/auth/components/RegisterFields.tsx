import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import { EMAIL_MAX, PASSWORD_MAX, USERNAME_MAX } from '@smm/shared/limits';
import { errorBodyOf } from '../../../lib/api-client';
import { TextField } from '../../../lib/ui/TextField';
import { registerUser } from '../api';
import { useAppState } from '../app-state';
import { fieldError } from '../state/errors-reducer';

/** The register form's state and submit; a success sets registerSuccess and calls `onRegistered` with what was registered. */
export function useRegister(onRegistered: (registered: { username: string; email: string }) => void) {
  const { errors, setErrors, clearErrors, setRegistered } = useAppState();
  const [form, setForm] = useState({ username: '', email: '', password: '', password2: '' });
  const [submitting, setSubmitting] = useState(false);
  useEffect(() => clearErrors, [clearErrors]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    try {
      await registerUser(form);
      clearErrors();
      setRegistered(true);
      onRegistered({ username: form.username, email: form.email });
    } catch (error) {
      setErrors(errorBodyOf(error));
      setSubmitting(false);
    }
  }
  return { form, setForm, submitting, submit, errors };
}

/** Username, email, password and confirmation, with the server's messages under each field. */
export function RegisterFields({ idPrefix, register }: { idPrefix: string; register: ReturnType<typeof useRegister> }) {
  const { form, setForm, errors } = register;
  const general = errors.message && !errors.fields ? errors.message : undefined;
  return (
    <>
      {general && <Alert variant="danger">{general}</Alert>}
      <TextField id={`${idPrefix}-username`} label="Username" autoComplete="username" maxLength={USERNAME_MAX} value={form.username} onChange={(username) => setForm({ ...form, username })} error={fieldError(errors, 'username')} />
      <TextField id={`${idPrefix}-email`} label="Email" type="email" autoComplete="email" maxLength={EMAIL_MAX} value={form.email} onChange={(email) => setForm({ ...form, email })} error={fieldError(errors, 'email')} />
      <TextField id={`${idPrefix}-password`} label="Password" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} value={form.password} onChange={(password) => setForm({ ...form, password })} error={fieldError(errors, 'password')} />
      <TextField id={`${idPrefix}-password2`} label="Confirm Password" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} value={form.password2} onChange={(password2) => setForm({ ...form, password2 })} error={fieldError(errors, 'password2')} />
    </>
  );
}
