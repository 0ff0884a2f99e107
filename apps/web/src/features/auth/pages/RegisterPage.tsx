import Card from 'react-bootstrap/Card';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAppState } from '../app-state';
import { DiscordSignInButton } from '../../discord/components/DiscordSignInButton';
import { RegisterForm } from '../components/RegisterForm';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function RegisterPage() {
  useDocumentTitle('Register');
  const navigate = useNavigate();
  const location = useLocation();
  const { showAlert } = useAppState();
  return (
    <Card className="auth-card">
      <Card.Body>
        <h1 className="h3 mb-3">Register</h1>
        <RegisterForm
          onRegistered={() => {
            // Spec: after registering on /register the app goes to /login.
            if (location.pathname === '/register') {
              showAlert('success', 'Your account is ready. Please log in.');
              navigate('/login');
            }
          }}
        />
        <DiscordSignInButton label="Sign up with Discord" />
        <p className="mt-3 mb-0">
          Already registered? <Link to="/login">Login</Link>
        </p>
      </Card.Body>
    </Card>
  );
}
