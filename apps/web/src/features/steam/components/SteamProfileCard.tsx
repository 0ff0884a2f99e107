import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { SteamProfile } from '@smm/shared/steam/schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { Loading } from '../../../lib/ui/Loading';
import { useSteamProfile } from '../api/get-steam-profile';
import { UnlinkSteamButton } from './UnlinkSteamButton';

/** Only web addresses become links: the URL comes from an outside service. */
const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

function ProfileDetails({ profile }: { profile: SteamProfile }) {
  return (
    <div className="d-flex flex-column flex-sm-row align-items-sm-center gap-3">
      <img
        src={profile.avatar.large}
        alt={`Steam avatar of ${profile.nickname}`}
        width={128}
        height={128}
        className="steam-avatar rounded"
      />
      <div className="min-w-0">
        <h2 className="h4 mb-1 text-break">{profile.nickname}</h2>
        {isWebUrl(profile.url) && (
          <a href={profile.url} target="_blank" rel="noopener noreferrer">
            View Steam Profile<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </div>
    </div>
  );
}

/** Avatar, nickname and profile link of the linked account, with the way to unlink it. */
export function SteamProfileCard({ steamID }: { steamID: string }) {
  const profile = useSteamProfile(steamID);
  let body: React.ReactNode;
  if (profile.isPending || (profile.isError && profile.isFetching)) body = <Loading label="Loading Steam profile…" />;
  else if (profile.isError) {
    body = (
      <Alert variant="danger" role="alert" className="d-flex flex-wrap align-items-center gap-2">
        <span className="me-auto">{errorBodyOf(profile.error).message}</span>
        <Button variant="outline-danger" size="sm" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else body = <ProfileDetails profile={profile.data} />;

  return (
    <Card className="mb-3">
      <Card.Body>
        {body}
        <div className="d-flex flex-wrap align-items-center gap-2 mt-3 pt-3 border-top">
          <span className="text-body-secondary small me-auto">Steam ID {steamID}</span>
          <UnlinkSteamButton steamID={steamID} />
        </div>
      </Card.Body>
    </Card>
  );
}
