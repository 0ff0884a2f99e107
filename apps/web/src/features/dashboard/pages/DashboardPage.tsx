import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Loading } from '../../../lib/ui/Loading';
import { useCurrentUser } from '../../auth/app-state';
import { useViewerTimeZone } from '../../events/api/time-zone';
import { useUserGroups } from '../api/get-user-groups';
import { CreateGroupModal } from '../components/CreateGroupModal';
import { GroupCard } from '../components/GroupCard';
import { UpcomingEventsList } from '../components/UpcomingEventsList';

/** The member's hub: their next events across groups, their groups as cards, Add (create a group) and Search. */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const user = useCurrentUser();
  const groups = useUserGroups(user.id);
  const timeZone = useViewerTimeZone(user.id);
  const [creating, setCreating] = useState(false);

  let content;
  if (groups.isPending) content = <Loading label="Loading your groups…" />;
  else if (groups.isError) content = <Alert variant="danger">{groups.error.message}</Alert>;
  else if (groups.data.length === 0)
    content = (
      <Card body className="text-center py-4">
        <p className="lead mb-2">You are not in any group yet.</p>
        <p className="mb-0">
          Add a group for your players, or <Link to="/search">find a public group</Link> to join.
        </p>
      </Card>
    );
  else
    content = (
      <Row xs={1} sm={2} lg={3} xl={4} className="g-3 list-unstyled" as="ul" role="list" aria-label="Your groups">
        {groups.data.map((group) => (
          <Col key={group._id} as="li">
            <GroupCard group={group} timeZone={timeZone} />
          </Col>
        ))}
      </Row>
    );

  return (
    <>
      <div className="d-flex align-items-center gap-2 flex-wrap page-title">
        <h1 className="mb-0 me-auto">Dashboard</h1>
        <Link to="/search" className="btn btn-outline-primary">
          Search
        </Link>
        <Button onClick={() => setCreating(true)}>
          Add<span className="visually-hidden"> group</span>
        </Button>
      </div>
      {groups.data && groups.data.length > 0 && <UpcomingEventsList userID={user.id} timeZone={timeZone} />}
      <section aria-labelledby="your-groups-title">
        <h2 id="your-groups-title" className="h4">
          Your groups
        </h2>
        {content}
      </section>
      {creating && <CreateGroupModal userID={user.id} onHide={() => setCreating(false)} />}
    </>
  );
}
