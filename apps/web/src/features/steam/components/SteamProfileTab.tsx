import Card from 'react-bootstrap/Card';
import { useCurrentUser } from '../../auth/app-state';

/** The Steam tab of the profile: the linked account, or the way to link one. */
export function SteamProfileTab() {
  const user = useCurrentUser();
  return (
    <Card>
      <Card.Body>
        {user.steamID ? <p>Steam ID {user.steamID} is linked to your account.</p> : <a href="/steamlink">Link Steam Account</a>}
      </Card.Body>
    </Card>
  );
}
