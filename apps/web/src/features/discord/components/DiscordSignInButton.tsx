import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DISCORD_SIGN_IN_MESSAGES, discordSignInErrors, type DiscordSignInError } from '@smm/shared/discord/sign-in';
import { errorBodyOf } from '../../../lib/api-client';
import { getDiscordStatus, startDiscordSignIn } from '../api/discord-sign-in';

const isSignInError = (value: string | null): value is DiscordSignInError => discordSignInErrors.includes(value as DiscordSignInError);

/**
 * "Sign in with Discord" (plain Bootstrap markup: the login page loads no React-Bootstrap), shown only when this installation has a Discord application; a new person
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
        <div className="alert alert-danger mt-3" role="alert">
          {DISCORD_SIGN_IN_MESSAGES[refused]}
        </div>
      )}
      {enabled && (
        <div className="mt-3">
          <button type="button" className="btn btn-outline-primary discord-sign-in" onClick={start} disabled={starting}>
            {starting ? 'Opening Discord…' : label}
          </button>
          {error && (
            <div className="alert alert-danger mt-2 mb-0" role="alert">
              {error}
            </div>
          )}
        </div>
      )}
    </>
  );
}
