import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { Link, useNavigate } from 'react-router';
import { safeReturnPath } from '@smm/shared/discord/app-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { Loading } from '../../../lib/ui/Loading';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAppState } from '../../auth/app-state';
import { exchangeDiscordGrant } from '../api/discord-app';

/** /discordSignIn#grant=…: where a Discord sign-in ends; the grant becomes a session, then the dashboard (or the invite). */
export default function DiscordSignInPage() {
  useDocumentTitle('Sign in with Discord');
  const { applyToken } = useAppState();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  // The grant works once, and effects can run twice.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const grant = fragment.get('grant') ?? '';
    const returnTo = safeReturnPath(fragment.get('returnTo')) ?? '/dashboard';
    // The grant leaves the address at once: it is not for the history or a shared screen.
    window.history.replaceState(null, '', window.location.pathname);
    exchangeDiscordGrant(grant)
      .then(({ token }) => {
        applyToken(token);
        navigate(returnTo, { replace: true });
      })
      .catch((failure: unknown) => setError(errorBodyOf(failure).fields?.grant ?? errorBodyOf(failure).message));
  }, [applyToken, navigate]);

  return (
    <Card className="auth-card">
      <Card.Body>
        <h1 className="h3 mb-3">Sign in with Discord</h1>
        {error ? (
          <>
            <Alert variant="danger" role="alert">
              {error}
            </Alert>
            <Link to="/login">Back to Login</Link>
          </>
        ) : (
          <Loading label="Signing you in…" />
        )}
      </Card.Body>
    </Card>
  );
}
