import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { WeeklyAvailabilityCard } from '../../civ-members/components/WeeklyAvailabilityCard';
import { LinkedAccountCard } from '../../runescape-clan/components/LinkedAccountCard';
import { GroupGate } from '../components/area/GroupGate';
import { useGroupArea } from '../components/area/group-area';
import { LeaveGroupCard } from '../components/user/LeaveGroupCard';
import { NotificationsCard } from '../components/user/NotificationsCard';
import { useDocumentTitle } from '../../../lib/use-document-title';

function UserSettings() {
  const area = useGroupArea();
  return (
    <section aria-labelledby="user-settings-title" className="mt-3">
      <h2 id="user-settings-title" className="h4 mb-3">
        User Settings
      </h2>
      {/* Spec 2: Civilization groups add a Weekly Availability grid, shown first. */}
      {area.area === 'civGroup' && (
        <div className="mb-3">
          <WeeklyAvailabilityCard groupID={area.groupID} user={area.user} />
        </div>
      )}
      <Row xs={1} md={2} className="g-3">
        <Col>
          <LeaveGroupCard {...area} />
        </Col>
        <Col>
          <NotificationsCard groupID={area.groupID} userID={area.user.id} />
        </Col>
        {/* RuneScape clans: the member's in-game account, which the clan's stats follow. */}
        {area.area === 'runeScapeClan' && (
          <Col>
            <LinkedAccountCard groupID={area.groupID} />
          </Col>
        )}
      </Row>
    </section>
  );
}

/** User Settings of every group area, for members: Weekly Availability (Civilization groups), the User card and the Notifications card. */
export default function UserSettingsPage() {
  useDocumentTitle('User Settings', useGroupArea().group.groupName);
  return (
    <GroupGate action="viewUserSettings">
      <UserSettings />
    </GroupGate>
  );
}
