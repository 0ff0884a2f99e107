import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { useSearchParams } from 'react-router';
import { ApiError, errorBodyOf } from '../../../lib/api-client';
import { useCurrentUser } from '../../auth/app-state';
import { useSteamProfile } from '../api/get-steam-profile';
import { steamLinkErrorMessage } from '../steam-link-errors';
import { LinkSteamButton } from './LinkSteamButton';
import { SteamGamesCard } from './SteamGamesCard';
import { SteamProfileCard } from './SteamProfileCard';
import { UnlinkSteamButton } from './UnlinkSteamButton';

/** Why Steam sent the user back without linking (`/profile?steamError=…`). */
function SteamLinkProblem() {
  const [params, setParams] = useSearchParams();
  const code = params.get('steamError');
  if (code === null) return null;
  const dismiss = () => setParams({ tab: 'steam' }, { replace: true });
  return (
    <Alert variant="danger" dismissible onClose={dismiss} role="alert">
      <Alert.Heading as="h2" className="h6 fw-semibold">
        Your Steam account was not linked
      </Alert.Heading>
      <p className="mb-0">{steamLinkErrorMessage(code)}</p>
    </Alert>
  );
}

function NotLinked() {
  return (
    <Card>
      <Card.Body>
        <h2 className="h5">Steam</h2>
        <p>
          Link your Steam account to show your Steam profile and games here. You will sign in on Steam&apos;s own page; we never see your
          Steam password.
        </p>
        <LinkSteamButton />
      </Card.Body>
    </Card>
  );
}

/** A server without STEAM_API_KEY cannot read profiles: say so once, instead of two failures. */
function NotConfigured({ steamID, message }: { steamID: string; message: string }) {
  return (
    <Card>
      <Card.Body>
        <Alert variant="info" className="mb-3">
          <Alert.Heading as="h2" className="h6 fw-semibold">
            Steam profiles are not available
          </Alert.Heading>
          <p>{message}</p>
          <p className="mb-0">
            Your Steam account (Steam ID {steamID}) is linked; its profile and games will show here once the server is set up for Steam.
          </p>
        </Alert>
        <UnlinkSteamButton steamID={steamID} />
      </Card.Body>
    </Card>
  );
}

function Linked({ steamID }: { steamID: string }) {
  const profile = useSteamProfile(steamID);
  if (profile.error instanceof ApiError && profile.error.status === 503) {
    return <NotConfigured steamID={steamID} message={errorBodyOf(profile.error).message} />;
  }
  return (
    <>
      <SteamProfileCard steamID={steamID} />
      <SteamGamesCard steamID={steamID} />
    </>
  );
}

/** The profile's Steam tab: the linked account's profile and games, or 'Link Steam Account'. */
export function SteamProfileTab() {
  const user = useCurrentUser();
  return (
    <>
      <SteamLinkProblem />
      {user.steamID ? <Linked steamID={user.steamID} /> : <NotLinked />}
    </>
  );
}
