import { Link } from 'react-router';
import { LoginFields, useLogin } from './LoginFields';

/** The /login page's form. */
export function LoginForm({ onLoggedIn }: { onLoggedIn?: () => void }) {
  const login = useLogin(onLoggedIn);
  return (
    <form onSubmit={login.submit} aria-busy={login.submitting}>
      <LoginFields idPrefix="login" login={login} />
      <div className="d-flex justify-content-between align-items-center">
        <button type="submit" className="btn btn-primary" disabled={login.submitting}>
          {login.submitting ? 'Logging in…' : 'Login'}
        </button>
        <Link to="/resetPassword">Forgot Password?</Link>
      </div>
    </form>
  );
}
