import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { errorBodyOf } from '../../../lib/api-client';
import { FieldError } from '../../../lib/ui/FieldError';
import { Loading } from '../../../lib/ui/Loading';
import { useToast } from '../../../lib/ui/toasts';
import {
  useDiscordChannel,
  useDiscordChannelChoices,
  useDiscordStatus,
  useRemoveDiscordChannel,
  useSaveDiscordChannel,
} from '../api/discord-app';

export const DISCORD_BOT_OFF_TEXT =
  'The Discord bot is off on this server. To turn it on, the server\'s operator creates a Discord application and sets DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET, DISCORD_PUBLIC_KEY and DISCORD_BOT_TOKEN (the README\'s "Discord application" section says how).';

/** Who may connect a Discord server's channels: what Discord asks of whoever adds a bot. */
export const DISCORD_MANAGE_SERVER_TEXT =
  'Only servers where you can manage the server are listed: you own it, or a role gives you Manage Server or Administrator.';

/** A channel as Discord shows it, with its server when known: "#events in Raid Club". */
const channelLabel = (channelName: string, guildName: string | null) => (guildName ? `#${channelName} in ${guildName}` : `#${channelName}`);

/**
 * The bot's channel in Group Settings: the bot posts each new event there with Attend, Maybe and
 * Not coming buttons and keeps the post up to date. Says how to turn the bot on when it is off.
 */
export function DiscordChannelSection({ groupID }: { groupID: string }) {
  const status = useDiscordStatus();
  const enabled = status.data?.enabled === true;
  const channel = useDiscordChannel(groupID, enabled);
  const save = useSaveDiscordChannel(groupID);
  const remove = useRemoveDiscordChannel(groupID);
  const toast = useToast();
  // Picking from the list is the usual way; pasting an ID stays for what the list cannot show.
  const [manual, setManual] = useState(false);
  const choices = useDiscordChannelChoices(groupID, enabled && !manual);
  const [channelID, setChannelID] = useState('');
  const [error, setError] = useState<string>();

  if (status.isPending) return <Loading label="Loading Discord settings…" />;
  if (!enabled)
    return (
      <Alert variant="info" role="status" className="mb-0" data-testid="discord-bot-off">
        {DISCORD_BOT_OFF_TEXT}
      </Alert>
    );

  function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    save.mutate(channelID.trim(), {
      onSuccess: () => {
        setChannelID('');
        toast({ title: 'Success!', body: 'New events will be posted in this Discord channel', variant: 'success' });
      },
      onError: (failure) => {
        const body = errorBodyOf(failure);
        setError(body.fields?.channelID ?? body.message);
      },
    });
  }

  return (
    <>
      <p className="small text-body-secondary">
        The bot posts each new event in a channel with <strong>Attend</strong>, <strong>Maybe</strong> and <strong>Not coming</strong>{' '}
        buttons and the seats left, and keeps the post up to date. Members who link Discord on their profile sign up with one press.
      </p>
      {status.data?.installUrl && (
        <p className="small">
          1.{' '}
          <a href={status.data.installUrl} target="_blank" rel="noreferrer">
            Add the bot to your Discord server
          </a>
          . 2. Link Discord on your profile (you must own that server, or have Manage Server or Administrator there). 3. Pick the channel
          below.
        </p>
      )}
      {channel.isPending ? (
        <Loading label="Loading the channel…" />
      ) : channel.isError ? (
        <Alert variant="danger">{channel.error.message}</Alert>
      ) : (
        channel.data.channelID && (
          <>
            {channel.data.pausedReason && (
              <Alert variant="warning" role="status" data-testid="discord-channel-paused">
                {channel.data.pausedReason}
              </Alert>
            )}
            <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
              <span className="text-body-secondary small">
                {channel.data.pausedReason ? 'Connected channel, paused' : 'Posting events in channel'}
              </span>
              {/* A channel whose name Discord has not given (yet) is known by its ID alone. */}
              {channel.data.channelName ? (
                <>
                  <span className="fw-semibold text-break" data-testid="discord-channel-name">
                    {channelLabel(channel.data.channelName, channel.data.guildName)}
                  </span>
                  <small className="text-body-secondary">
                    ID <code data-testid="discord-channel">{channel.data.channelID}</code>
                  </small>
                </>
              ) : (
                <code data-testid="discord-channel">{channel.data.channelID}</code>
              )}
              <Button
                variant="outline-danger"
                size="sm"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => toast({ title: 'Success!', body: 'The Discord channel was disconnected', variant: 'success' }),
                    onError: (failure) => toast({ title: 'Error!', body: errorBodyOf(failure).message, variant: 'danger' }),
                  })
                }
              >
                {remove.isPending ? 'Disconnecting…' : 'Disconnect'}
              </Button>
            </div>
          </>
        )
      )}
      <Form onSubmit={submit} noValidate>
        {manual ? (
          <Form.Group controlId={`discord-channel-${groupID}`}>
            <Form.Label>Channel ID</Form.Label>
            <Form.Control
              inputMode="numeric"
              autoComplete="off"
              placeholder="123456789012345678"
              value={channelID}
              onChange={(e) => setChannelID(e.target.value)}
              isInvalid={Boolean(error)}
              aria-describedby={error ? 'discord-channel-error' : undefined}
            />
            <FieldError id="discord-channel-error" message={error} />
          </Form.Group>
        ) : choices.isPending ? (
          <Loading label="Loading your Discord channels…" />
        ) : choices.isError ? (
          <Alert variant="danger">{choices.error.message}</Alert>
        ) : !choices.data.linked ? (
          <p className="small mb-0" data-testid="discord-link-first">
            <Link to="/profile">Link Discord on your profile</Link> first: the list shows the channels of the Discord servers where you can
            manage the server.
          </p>
        ) : choices.data.guilds.length === 0 ? (
          <p className="small mb-0" data-testid="discord-no-channels">
            The bot is in no Discord server where you can manage the server. {DISCORD_MANAGE_SERVER_TEXT}{' '}
            {status.data?.installUrl && (
              <a href={status.data.installUrl} target="_blank" rel="noreferrer">
                Add the bot to a server
              </a>
            )}
          </p>
        ) : (
          <Form.Group controlId={`discord-channel-pick-${groupID}`}>
            <Form.Label>Channel</Form.Label>
            <Form.Select
              value={channelID}
              onChange={(e) => setChannelID(e.target.value)}
              isInvalid={Boolean(error)}
              aria-describedby={error ? 'discord-manage-server discord-channel-error' : 'discord-manage-server'}
            >
              <option value="">Choose a channel…</option>
              {choices.data.guilds.map((guild) =>
                guild.channels.map((option) => (
                  <option key={option.channelID} value={option.channelID}>
                    {`${guild.name} › #${option.name}`}
                  </option>
                )),
              )}
            </Form.Select>
            <Form.Text id="discord-manage-server" className="d-block" data-testid="discord-manage-server">
              {DISCORD_MANAGE_SERVER_TEXT}
            </Form.Text>
            <FieldError id="discord-channel-error" message={error} />
          </Form.Group>
        )}
        <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
          <Button type="submit" disabled={save.isPending || channelID.trim() === ''}>
            {save.isPending ? 'Connecting…' : 'Connect Channel'}
          </Button>
          <Button
            variant="link"
            size="sm"
            onClick={() => {
              setManual(!manual);
              setChannelID('');
              setError(undefined);
            }}
          >
            {manual ? 'Pick a channel instead' : 'Enter a channel ID instead'}
          </Button>
        </div>
      </Form>
    </>
  );
}
