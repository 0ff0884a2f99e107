import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useSearchParams } from 'react-router';
import { DISCORD_SIGN_IN_MESSAGES, discordSignInErrors, type DiscordSignInError } from '@smm/shared/discord/sign-in';
import { errorBodyOf } from '../../../lib/api-client';
import { getDiscordStatus, startDiscordSignIn } from '../api/discord-sign-in';

const isSignInError = (value: string | null): value is DiscordSignInError => discordSignInErrors.includes(value as DiscordSignInError);

/**
 * "Sign in with Discord", shown only when this installation has a Discord application; a new person
 * gets an account, someone who linked Discord signs into theirs. Also says why the last Discord
 * sign-in came back without signing in (?discordError=…).
 */
export function DiscordSignInButton({ returnTo, label = 'Sign in with Discord', onStart }: { returnTo?: string; label?: string; /** Called as the browser leaves for Discord. */ onStart?: () => void }) {
  const [enabled, setEnabled] = useState(false);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string>();
  const [params] = useSearchParams();
  const refused = params.get('discordError');

  useEffect(() => {
    const controller = new AbortController();
    getDiscordStatus(controller.signal)
      .then((status) => setEnabled(status.enabled))
      .catch(() => setEnabled(false));
    return () => controller.abort();
  }, []);

  function start() {
    setStarting(true);
    setError(undefined);
    startDiscordSignIn(returnTo)
      .then(({ url }) => {
        onStart?.();
        window.location.assign(url);
      })
      .catch((failure: unknown) => {
        setStarting(false);
        setError(errorBodyOf(failure).message);
      });
  }

  return (
    <>
      {isSignInError(refused) && (
        <Alert variant="danger" role="alert" className="mt-3">
          {DISCORD_SIGN_IN_MESSAGES[refused]}
        </Alert>
      )}
      {enabled && (
        <div className="mt-3">
          <Button variant="outline-primary" className="discord-sign-in" onClick={start} disabled={starting}>
            {starting ? 'Opening Discord…' : label}
          </Button>
          {error && (
            <Alert variant="danger" role="alert" className="mt-2 mb-0">
              {error}
            </Alert>
          )}
        </div>
      )}
    </>
  );
}
