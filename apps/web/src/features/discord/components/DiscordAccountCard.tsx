import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import {
  DISCORD_SIGN_IN_MESSAGES,
  discordSignInErrors,
  isDiscordMadeEmail,
  type DiscordSignInError,
} from '@smm/shared/discord/app-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { FieldError } from '../../../lib/ui/FieldError';
import { Loading } from '../../../lib/ui/Loading';
import { useChoiceWhileSaving } from '../../../lib/use-choice-while-saving';
import { useToast } from '../../../lib/ui/toasts';
import { useAppState, useCurrentUser } from '../../auth/app-state';
import {
  useDiscordLink,
  useDiscordStatus,
  useSetDmReminders,
  useSetFirstPassword,
  useStartDiscordLink,
  useUnlinkDiscord,
} from '../api/discord-app';

export const DISCORD_LINKED_MESSAGE = 'Your Discord account is now linked.';

/** A first email and password for an account made by signing in with Discord. */
function FirstPasswordForm() {
  const { applyToken } = useAppState();
  const setPassword = useSetFirstPassword();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [password, setPasswordValue] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setPassword.mutate(
      { email, password },
      {
        onSuccess: ({ token }) => {
          applyToken(token);
          toast({ title: 'Success!', body: 'You can now also log in with your email and password.', variant: 'success' });
        },
        onError: (failure) => {
          const body = errorBodyOf(failure);
          setErrors(body.fields ?? { form: body.message });
        },
      },
    );
  }

  return (
    <Form onSubmit={submit} noValidate className="mt-3">
      <p className="small text-body-secondary mb-2">
        This account was made by signing in with Discord and has no password. Add an email and a password to log in without Discord too.
      </p>
      <Form.Group controlId="discord-first-email" className="mb-2">
        <Form.Label>Email</Form.Label>
        <Form.Control
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          isInvalid={Boolean(errors.email)}
          aria-describedby={errors.email ? 'discord-first-email-error' : undefined}
        />
        <FieldError id="discord-first-email-error" message={errors.email} />
      </Form.Group>
      <Form.Group controlId="discord-first-password" className="mb-2">
        <Form.Label>Password</Form.Label>
        <Form.Control
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPasswordValue(e.target.value)}
          isInvalid={Boolean(errors.password)}
          aria-describedby={errors.password ? 'discord-first-password-error' : undefined}
        />
        <FieldError id="discord-first-password-error" message={errors.password} />
      </Form.Group>
      {errors.form && <Alert variant="danger">{errors.form}</Alert>}
      <Button type="submit" disabled={setPassword.isPending}>
        {setPassword.isPending ? 'Saving…' : 'Set Password'}
      </Button>
    </Form>
  );
}

/** The profile's Discord card: link or unlink Discord, reminders by DM, and a first password for Discord-made accounts. */
export function DiscordAccountCard({ className }: { className?: string }) {
  const user = useCurrentUser();
  const status = useDiscordStatus();
  const enabled = status.data?.enabled === true;
  const link = useDiscordLink(user.id);
  const startLink = useStartDiscordLink();
  const unlink = useUnlinkDiscord(user.id);
  const dmReminders = useSetDmReminders(user.id);
  const dmChoice = useChoiceWhileSaving(link.data?.link?.dmReminders ?? false);
  const toast = useToast();
  const [params] = useSearchParams();
  const refused = params.get('discordError');

  if (!enabled) return null;

  function linkDiscord() {
    startLink.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (failure) => toast({ title: 'Error!', body: errorBodyOf(failure).message, variant: 'danger' }),
    });
  }

  let body;
  if (link.isPending) body = <Loading label="Loading Discord account…" />;
  else if (link.isError) body = <Alert variant="danger">{link.error.message}</Alert>;
  else if (!link.data.link)
    body = (
      <>
        <p className="small text-body-secondary">
          Link Discord to sign in with it and to sign up for events from your groups' Discord channels.
        </p>
        <Button onClick={linkDiscord} disabled={startLink.isPending}>
          {startLink.isPending ? 'Opening Discord…' : 'Link Discord'}
        </Button>
      </>
    );
  else {
    const linked = link.data.link;
    body = (
      <>
        <p>
          Linked to Discord as <strong data-testid="discord-username">{linked.discordUsername}</strong>
        </p>
        <Form.Check
          type="switch"
          id="discord-dm-reminders"
          label="Also send me event reminders by Discord DM"
          checked={dmChoice.shown}
          disabled={dmChoice.saving || dmReminders.isPending}
          onChange={(e) => {
            dmChoice.choose(e.target.checked);
            dmReminders.mutate(e.target.checked, {
              onSettled: dmChoice.settle,
              onError: (failure) => toast({ title: 'Error!', body: errorBodyOf(failure).message, variant: 'danger' }),
            });
          }}
        />
        <p className="small text-body-secondary mb-0">
          An hour before each event you attend. Reminder mails stay on unless you turn a group's event mails off in its User Settings.
        </p>
        <Button
          variant="outline-danger"
          size="sm"
          className="mt-3"
          disabled={unlink.isPending}
          onClick={() =>
            unlink.mutate(undefined, {
              onSuccess: () => toast({ title: 'Success!', body: 'Discord was unlinked.', variant: 'success' }),
              onError: (failure) => toast({ title: 'Error!', body: errorBodyOf(failure).message, variant: 'danger' }),
            })
          }
        >
          {unlink.isPending ? 'Unlinking…' : 'Unlink Discord'}
        </Button>
      </>
    );
  }

  return (
    <Card className={className}>
      <Card.Header>
        <h2 className="h5 mb-0">Discord</h2>
      </Card.Header>
      <Card.Body>
        {params.get('discord') === 'linked' && (
          <Alert variant="success" role="status">
            {DISCORD_LINKED_MESSAGE}
          </Alert>
        )}
        {discordSignInErrors.includes(refused as DiscordSignInError) && (
          <Alert variant="danger" role="alert">
            {DISCORD_SIGN_IN_MESSAGES[refused as DiscordSignInError]}
          </Alert>
        )}
        {body}
        {isDiscordMadeEmail(user.email) && <FirstPasswordForm />}
      </Card.Body>
    </Card>
  );
}
