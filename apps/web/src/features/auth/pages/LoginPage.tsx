import { Link } from 'react-router';
import { DiscordSignInButton } from '../../discord/components/DiscordSignInButton';
import { LoginForm } from '../components/LoginForm';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function LoginPage() {
  useDocumentTitle('Login');
  return (
    <div className="card auth-card">
      <div className="card-body">
        <h1 className="h3 mb-3">Login</h1>
        <LoginForm />
        <DiscordSignInButton />
        <p className="mt-3 mb-0">
          No account yet? <Link to="/register">Register</Link>
        </p>
      </div>
    </div>
  );
}
