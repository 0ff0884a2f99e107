import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { Link, useSearchParams } from 'react-router';
import { steamId } from '@smm/shared/steam/schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { Loading } from '../../../lib/ui/Loading';
import { useCurrentUser } from '../../auth/app-state';
import { useLinkSteam } from '../api/link-steam';
import { LinkSteamButton } from '../components/LinkSteamButton';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const STEAM_LINKED_MESSAGE = 'Your Steam account is now linked.';
const STEAM_TAB = '/profile?tab=steam';

/** /steamlink?steamID=…: where Steam's sign-in ends; saves the Steam ID and says so. */
export default function SteamLinkPage() {
  useDocumentTitle('Link Steam Account');
  const [params] = useSearchParams();
  const steamID = params.get('steamID') ?? '';
  const validId = steamId.safeParse(steamID).success;
  const user = useCurrentUser();
  const link = useLinkSteam();
  const { mutate } = link;
  // The link is saved once per visit: the server's grant is single-use, and effects can run twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!validId || sent.current) return;
    sent.current = true;
    mutate({ steamID, userID: user.id });
  }, [validId, steamID, user.id, mutate]);

  let body: React.ReactNode;
  if (!validId) {
    body = (
      <>
        <Alert variant="danger" role="alert">
          This address does not carry a valid Steam ID, so nothing was linked. Please start again with Link Steam Account.
        </Alert>
        <LinkSteamButton />
      </>
    );
  } else if (link.isError) {
    body = (
      <>
        <Alert variant="danger" role="alert">
          <Alert.Heading as="h2" className="h6 fw-semibold">
            Your Steam account was not linked
          </Alert.Heading>
          <p className="mb-0">{errorBodyOf(link.error).message}</p>
        </Alert>
        <Link to={STEAM_TAB}>Back to your Steam profile</Link>
      </>
    );
  } else if (link.isSuccess) {
    body = (
      <>
        <Alert variant="success" role="status">
          {STEAM_LINKED_MESSAGE}
        </Alert>
        <Link to={STEAM_TAB} className="btn btn-primary">
          View your Steam profile
        </Link>
      </>
    );
  } else body = <Loading label="Linking your Steam account…" />;

  return (
    <>
      <h1 className="page-title">Link Steam Account</h1>
      <Card className="steam-link-card">
        <Card.Body>{body}</Card.Body>
      </Card>
    </>
  );
}
