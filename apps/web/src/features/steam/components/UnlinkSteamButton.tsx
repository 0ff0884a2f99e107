import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { errorBodyOf } from '../../../lib/api-client';
import { useAppState } from '../../auth/app-state';
import { useUnlinkSteam } from '../api/unlink-steam';

export const STEAM_UNLINKED_MESSAGE = 'Your Steam account is no longer linked.';

/** Removes the link and signs the user in with the token that no longer carries a Steam ID. */
export function UnlinkSteamButton({ steamID }: { steamID: string }) {
  const { showAlert } = useAppState();
  const unlink = useUnlinkSteam(steamID);
  const onClick = () =>
    unlink.mutate(undefined, {
      onSuccess: () => showAlert('success', STEAM_UNLINKED_MESSAGE),
      onError: (error) => showAlert('danger', errorBodyOf(error).message),
    });
  return (
    <Button variant="outline-danger" onClick={onClick} disabled={unlink.isPending}>
      {unlink.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
      Unlink Steam Account
    </Button>
  );
}
