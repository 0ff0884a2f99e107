import Card from 'react-bootstrap/Card';
import { useCurrentUser } from '../auth/app-state';

export default function DashboardPage() {
  const user = useCurrentUser();
  return (
    <>
      <h1 className="page-title">Dashboard</h1>
      <Card>
        <Card.Body>
          <p className="mb-0">Welcome, {user.username}. Your groups will appear here.</p>
        </Card.Body>
      </Card>
    </>
  );
}
