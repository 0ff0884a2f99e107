import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { LoginFields, useLogin } from './LoginFields';

/** The /login page's form. */
export function LoginForm({ onLoggedIn }: { onLoggedIn?: () => void }) {
  const login = useLogin(onLoggedIn);
  return (
    <Form onSubmit={login.submit} aria-busy={login.submitting}>
      <LoginFields idPrefix="login" login={login} />
      <div className="d-flex justify-content-between align-items-center">
        <Button type="submit" disabled={login.submitting}>
          {login.submitting ? 'Logging in…' : 'Login'}
        </Button>
        <Link to="/resetPassword">Forgot Password?</Link>
      </div>
    </Form>
  );
}
