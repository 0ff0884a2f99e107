import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../auth/app-state';
import { DiscordAccountCard } from '../discord/components/DiscordAccountCard';
import { isDiscordMadeEmail } from '@smm/shared/discord/app-schemas';
import { CalendarFeedCard } from '../events/components/CalendarFeedCard';
import { RuneScapeStatsCard } from '../runescape/components/RuneScapeStatsCard';
import { SteamProfileTab } from '../steam/components/SteamProfileTab';
import { ChangePasswordModal } from './ChangePasswordModal';
import { TimeZoneCard } from './TimeZoneCard';
import { useDocumentTitle } from '../../lib/use-document-title';

function MainProfile() {
  const user = useCurrentUser();
  const [changing, setChanging] = useState(false);
  return (
    <>
      <Card>
        <Card.Body>
          <dl className="row mb-3">
            <dt className="col-sm-3">Username</dt>
            <dd className="col-sm-9">{user.username}</dd>
            <dt className="col-sm-3">Email</dt>
            <dd className="col-sm-9">{user.email}</dd>
          </dl>
          {/* An account made by signing in with Discord has no password to change yet: its Discord card sets the first one. */}
          {!isDiscordMadeEmail(user.email) && <Button onClick={() => setChanging(true)}>Change Password</Button>}
          <ChangePasswordModal show={changing} onHide={() => setChanging(false)} />
        </Card.Body>
      </Card>
      <TimeZoneCard userID={user.id} />
      <CalendarFeedCard userID={user.id} />
      {/* Last: it appears once the server says Discord is on, and moves nothing above it. */}
      <DiscordAccountCard className="mt-3" />
    </>
  );
}

export default function ProfilePage() {
  useDocumentTitle('Profile');
  const [params, setParams] = useSearchParams();
  // Steam's sign-in comes back with ?steamError=… when nothing was linked; that message lives on the Steam tab.
  const tab = params.get('tab') === 'steam' || params.has('steamError') ? 'steam' : 'main';
  return (
    <>
      <h1 className="page-title">Profile</h1>
      <Tabs
        id="profile-tabs"
        activeKey={tab}
        onSelect={(key) => setParams(key === 'steam' ? { tab: 'steam' } : {}, { replace: true })}
        className="mb-3"
      >
        <Tab eventKey="main" title="Main Profile">
          <MainProfile />
          <RuneScapeStatsCard className="mt-3" />
        </Tab>
        <Tab eventKey="steam" title="Steam Profile">
          {tab === 'steam' && <SteamProfileTab />}
        </Tab>
      </Tabs>
    </>
  );
}
