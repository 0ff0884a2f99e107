import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { LoginForm } from '../components/LoginForm';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function LoginPage() {
  useDocumentTitle('Login');
  return (
    <Card className="auth-card">
      <Card.Body>
        <h1 className="h3 mb-3">Login</h1>
        <LoginForm />
        <p className="mt-3 mb-0">
          No account yet? <Link to="/register">Register</Link>
        </p>
      </Card.Body>
    </Card>
  );
}
