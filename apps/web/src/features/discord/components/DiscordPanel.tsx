import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { errorBodyOf } from '../../../lib/api-client';
import { FieldError } from '../../../lib/ui/FieldError';
import { Loading } from '../../../lib/ui/Loading';
import { useToast } from '../../../lib/ui/toasts';
import { useDiscordWebhook, useRemoveDiscordWebhook, useSaveDiscordWebhook } from '../api/discord-webhook';
import { DiscordChannelSection } from './DiscordChannelSection';

/**
 * The Discord panel of Group Settings: new, changed and cancelled events, reminders and waitlist
 * promotions are posted to the webhook set here. Once saved, the URL is shown only masked.
 */
export function DiscordPanel({ groupID }: { groupID: string }) {
  const webhook = useDiscordWebhook(groupID);
  const save = useSaveDiscordWebhook(groupID);
  const remove = useRemoveDiscordWebhook(groupID);
  const toast = useToast();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();

  function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    save.mutate(url, {
      onSuccess: () => {
        setUrl('');
        toast({ title: 'Success!', body: 'Events will be posted to this Discord webhook', variant: 'success' });
      },
      onError: (failure) => {
        const body = errorBodyOf(failure);
        setError(body.fields?.webhookUrl ?? body.message);
      },
    });
  }

  function removeWebhook() {
    remove.mutate(undefined, {
      onSuccess: () => toast({ title: 'Success!', body: 'The Discord webhook was removed', variant: 'success' }),
      onError: (failure) => toast({ title: 'Error!', body: errorBodyOf(failure).message, variant: 'danger' }),
    });
  }

  let body;
  if (webhook.isPending) body = <Loading label="Loading Discord settings…" />;
  else if (webhook.isError)
    body = (
      <Alert variant="danger" className="mb-0">
        <p>{webhook.error.message}</p>
        <Button variant="outline-danger" size="sm" onClick={() => void webhook.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  else
    body = (
      <>
        <p className="small text-body-secondary">
          New, changed and cancelled events, reminders and waitlist promotions are posted to a Discord channel through its webhook.
        </p>
        {webhook.data.webhookUrl && (
          <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
            <span className="text-body-secondary small">Posting to</span>
            <code className="text-break" data-testid="discord-webhook">
              {webhook.data.webhookUrl}
            </code>
            <Button variant="outline-danger" size="sm" onClick={removeWebhook} disabled={remove.isPending}>
              {remove.isPending ? 'Removing…' : 'Remove'}
            </Button>
          </div>
        )}
        <Form onSubmit={submit} noValidate>
          <Form.Group controlId={`discord-webhook-${groupID}`}>
            <Form.Label>{webhook.data.webhookUrl ? 'Replace the webhook URL' : 'Webhook URL'}</Form.Label>
            <Form.Control
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://discord.com/api/webhooks/…"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              isInvalid={Boolean(error)}
              aria-describedby={error ? 'discord-webhook-error' : undefined}
            />
            <FieldError id="discord-webhook-error" message={error} />
          </Form.Group>
          <Button type="submit" className="mt-2" disabled={save.isPending || url.trim() === ''}>
            {save.isPending ? 'Setting…' : 'Set Webhook'}
          </Button>
        </Form>
      </>
    );

  return (
    <Card>
      <Card.Header>
        <h4 className="h5 mb-0">Discord</h4>
      </Card.Header>
      <Card.Body>
        <h5 className="h6">Bot channel</h5>
        <DiscordChannelSection groupID={groupID} />
        <hr />
        <h5 className="h6">Webhook</h5>
        {body}
      </Card.Body>
    </Card>
  );
}
