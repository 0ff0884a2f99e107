import { useEffect, useState, type FormEvent } from 'react';
import { EMAIL_MAX, PASSWORD_MAX } from '@smm/shared/limits';
import { errorBodyOf, setAuthHeader } from '../../../lib/api-client';
import { TextField } from '../../../lib/ui/TextField';
import { loginUser } from '../api';
import { useAppState } from '../app-state';
import { saveBrowserTimeZoneIfUnset } from '../save-browser-time-zone';
import { fieldError } from '../state/errors-reducer';

/** The login form's state and submit: on success the token is stored and the user signed in. */
export function useLogin(onLoggedIn?: () => void, initialEmail = '') {
  const { errors, setErrors, clearErrors, applyToken, setUserLoading, logout, hideAlert } = useAppState();
  const [form, setForm] = useState({ email: initialEmail, password: '' });
  const [submitting, setSubmitting] = useState(false);
  useEffect(() => clearErrors, [clearErrors]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setUserLoading();
    try {
      const { token } = await loginUser(form);
      // The browser's zone is saved before the app counts the user signed in: that moves the page
      // on to the dashboard at once, and leaving it straight away would cut the save off.
      setAuthHeader(token);
      await saveBrowserTimeZoneIfUnset();
      clearErrors();
      // A notice meant for the login page (e.g. 'Please log in') must not follow the user in.
      hideAlert();
      applyToken(token);
      onLoggedIn?.();
    } catch (error) {
      // Nobody is signed in after a failed login: this also ends the loading state.
      logout();
      setErrors(errorBodyOf(error));
      setSubmitting(false);
    }
  }
  return { form, setForm, submitting, submit, errors };
}

/** Email and password with the server's messages under them (emailnotfound, passwordincorrect). */
export function LoginFields({ idPrefix, login, notice }: { idPrefix: string; login: ReturnType<typeof useLogin>; notice?: string }) {
  const { form, setForm, errors } = login;
  const general = errors.message && !errors.fields ? errors.message : undefined;
  return (
    <>
      {notice && !general && (
        <div role="alert" className="alert alert-success">
          {notice}
        </div>
      )}
      {general && (
        <div role="alert" className="alert alert-danger">
          {general}
        </div>
      )}
      <TextField id={`${idPrefix}-email`} label="Email" type="email" autoComplete="email" maxLength={EMAIL_MAX} value={form.email} onChange={(email) => setForm({ ...form, email })} error={fieldError(errors, 'email') ?? fieldError(errors, 'emailnotfound')} />
      <TextField id={`${idPrefix}-password`} label="Password" type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} value={form.password} onChange={(password) => setForm({ ...form, password })} error={fieldError(errors, 'password') ?? fieldError(errors, 'passwordincorrect')} />
    </>
  );
}
