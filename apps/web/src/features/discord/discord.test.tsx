import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { DISCORD_SIGN_IN_MESSAGES } from '@smm/shared/discord/app-schemas';
import { ToastProvider } from '../../lib/ui/toasts';
import { DISCORD_BOT_OFF_TEXT, DISCORD_MANAGE_SERVER_TEXT, DiscordChannelSection } from './components/DiscordChannelSection';
import { DiscordSignInButton } from './components/DiscordSignInButton';

type Replies = Record<string, { status: number; body: unknown }>;
let replies: Replies;
let posted: { path: string; body: unknown }[];

// Only the network is replaced: the components, their queries and the real api client all run.
beforeEach(() => {
  posted = [];
  replies = {};
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (init?.method === 'POST') posted.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
    const reply = replies[`${init?.method ?? 'GET'} ${url.pathname}`] ?? { status: 404, body: { message: 'not here' } };
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wrap = (ui: React.ReactNode, path = '/') => (
  <MemoryRouter initialEntries={[path]}>
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>{ui}</ToastProvider>
    </QueryClientProvider>
  </MemoryRouter>
);

describe('DiscordSignInButton', () => {
  it('is not offered while the server has no Discord application, but a refused sign-in is still explained', async () => {
    replies['GET /api/discord/status'] = { status: 200, body: { enabled: false, installUrl: null } };
    render(wrap(<DiscordSignInButton />, '/login?discordError=foreign'));
    expect(await screen.findByRole('alert')).toHaveTextContent(DISCORD_SIGN_IN_MESSAGES.foreign);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: 'Sign in with Discord' })).not.toBeInTheDocument();
  });

  it('starts the sign-in with where to come back to, and says why it could not', async () => {
    replies['GET /api/discord/status'] = { status: 200, body: { enabled: true, installUrl: 'x' } };
    replies['POST /api/auth/discord/login'] = { status: 429, body: { message: 'Too many Discord sign-ins in a short time.' } };
    render(wrap(<DiscordSignInButton returnTo="/invite?groupID=g1&inviteLink=abc" label="Sign up with Discord" />));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign up with Discord' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many Discord sign-ins in a short time.');
    expect(posted).toEqual([{ path: '/api/auth/discord/login', body: { returnTo: '/invite?groupID=g1&inviteLink=abc' } }]);
  });
});

describe('DiscordChannelSection', () => {
  it('says how to turn the bot on when the server has no Discord application', async () => {
    replies['GET /api/discord/status'] = { status: 200, body: { enabled: false, installUrl: null } };
    render(wrap(<DiscordChannelSection groupID="g1" />));
    expect(await screen.findByTestId('discord-bot-off')).toHaveTextContent(DISCORD_BOT_OFF_TEXT);
    expect(screen.queryByLabelText('Channel ID')).not.toBeInTheDocument();
  });

  it("connects a channel and shows the server's refusal under the field", async () => {
    replies['GET /api/discord/status'] = {
      status: 200,
      body: { enabled: true, installUrl: 'https://discord.test/oauth2/authorize?scope=bot' },
    };
    replies['GET /api/groups/g1/discordChannel'] = { status: 200, body: { channelID: null } };
    replies['GET /api/groups/g1/discordChannelChoices'] = { status: 200, body: { linked: false, guilds: [] } };
    replies['POST /api/groups/g1/discordChannel'] = {
      status: 409,
      body: { message: 'taken', fields: { channelID: 'This channel is already connected to another group' } },
    };
    render(wrap(<DiscordChannelSection groupID="g1" />));
    expect(await screen.findByRole('link', { name: 'Add the bot to your Discord server' })).toHaveAttribute(
      'href',
      'https://discord.test/oauth2/authorize?scope=bot',
    );
    // Without a linked account there is nothing to pick: an ID can still be pasted.
    expect(await screen.findByTestId('discord-link-first')).toHaveTextContent('the Discord servers where you can manage the server');
    await userEvent.click(screen.getByRole('button', { name: 'Enter a channel ID instead' }));
    await userEvent.type(screen.getByLabelText('Channel ID'), '123456789012345678');
    await userEvent.click(screen.getByRole('button', { name: 'Connect Channel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This channel is already connected to another group');

    replies['POST /api/groups/g1/discordChannel'] = { status: 200, body: { channelID: '123456789012345678' } };
    await userEvent.click(screen.getByRole('button', { name: 'Connect Channel' }));
    expect(await screen.findByTestId('discord-channel')).toHaveTextContent('123456789012345678');
  });

  it('says why a paused channel gets no new events, until it is connected again', async () => {
    const reason =
      'Paused: whoever connected this channel cannot manage The Community on Discord (it takes owning the server, Manage Server or Administrator). ' +
      'An Administrator who owns that Discord server, or has Manage Server or Administrator there, connects it again to resume.';
    replies['GET /api/discord/status'] = { status: 200, body: { enabled: true, installUrl: null } };
    replies['GET /api/groups/g1/discordChannel'] = { status: 200, body: { channelID: '123456789012345678', pausedReason: reason } };
    replies['GET /api/groups/g1/discordChannelChoices'] = { status: 200, body: { linked: false, guilds: [] } };
    render(wrap(<DiscordChannelSection groupID="g1" />));
    expect(await screen.findByTestId('discord-channel-paused')).toHaveTextContent(reason);
    expect(screen.getByText('Connected channel, paused')).toBeInTheDocument();
    expect(screen.queryByText('Posting events in channel')).not.toBeInTheDocument();

    replies['POST /api/groups/g1/discordChannel'] = { status: 200, body: { channelID: '123456789012345678', pausedReason: null } };
    replies['GET /api/groups/g1/discordChannel'] = { status: 200, body: { channelID: '123456789012345678', pausedReason: null } };
    await userEvent.click(screen.getByRole('button', { name: 'Enter a channel ID instead' }));
    await userEvent.type(screen.getByLabelText('Channel ID'), '123456789012345678');
    await userEvent.click(screen.getByRole('button', { name: 'Connect Channel' }));
    expect(await screen.findByText('Posting events in channel')).toBeInTheDocument();
    expect(screen.queryByTestId('discord-channel-paused')).not.toBeInTheDocument();
  });

  it("names the connected channel and its Discord server, with the ID beside it, and shows the ID alone when the names aren't known", async () => {
    const id = '123456789012345678';
    replies['GET /api/discord/status'] = { status: 200, body: { enabled: true, installUrl: null } };
    replies['GET /api/groups/g1/discordChannel'] = {
      status: 200,
      body: { channelID: id, channelName: 'events', guildName: 'Raid Club', pausedReason: null },
    };
    replies['GET /api/groups/g1/discordChannelChoices'] = { status: 200, body: { linked: false, guilds: [] } };
    render(wrap(<DiscordChannelSection groupID="g1" />));
    expect(await screen.findByTestId('discord-channel-name')).toHaveTextContent(/^#events in Raid Club$/);
    expect(screen.getByTestId('discord-channel')).toHaveTextContent(/^123456789012345678$/);
    expect(screen.getByText('Posting events in channel')).toBeInTheDocument();
    cleanup();

    // Paused, and a server whose name is not known: the channel's name still comes first.
    const reason = 'Paused: whoever connected this channel has no linked Discord account.';
    replies['GET /api/groups/g1/discordChannel'] = {
      status: 200,
      body: { channelID: id, channelName: 'events', guildName: null, pausedReason: reason },
    };
    render(wrap(<DiscordChannelSection groupID="g1" />));
    expect(await screen.findByTestId('discord-channel-name')).toHaveTextContent(/^#events$/);
    expect(screen.getByTestId('discord-channel')).toHaveTextContent(/^123456789012345678$/);
    expect(screen.getByText('Connected channel, paused')).toBeInTheDocument();
    cleanup();

    // Connected before the names were kept: the ID alone, as before.
    replies['GET /api/groups/g1/discordChannel'] = {
      status: 200,
      body: { channelID: id, channelName: null, guildName: null, pausedReason: null },
    };
    render(wrap(<DiscordChannelSection groupID="g1" />));
    expect(await screen.findByTestId('discord-channel')).toHaveTextContent(/^123456789012345678$/);
    expect(screen.queryByTestId('discord-channel-name')).not.toBeInTheDocument();
    expect(screen.queryByText(/#/)).not.toBeInTheDocument();
  });

  it("picks a channel from the bot's servers the Administrator can manage, and shows a refusal for want of Manage Server", async () => {
    replies['GET /api/discord/status'] = { status: 200, body: { enabled: true, installUrl: 'https://discord.test/install' } };
    replies['GET /api/groups/g1/discordChannel'] = { status: 200, body: { channelID: null } };
    replies['GET /api/groups/g1/discordChannelChoices'] = {
      status: 200,
      body: {
        linked: true,
        guilds: [
          {
            guildID: '1',
            name: 'Game Night',
            channels: [
              { channelID: '111111111111111111', name: 'general' },
              { channelID: '222222222222222222', name: 'events' },
            ],
          },
          { guildID: '2', name: 'Raid Team', channels: [{ channelID: '333333333333333333', name: 'raids' }] },
        ],
      },
    };
    replies['POST /api/groups/g1/discordChannel'] = { status: 200, body: { channelID: '222222222222222222' } };
    render(wrap(<DiscordChannelSection groupID="g1" />));
    const select = await screen.findByLabelText('Channel');
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Choose a channel…',
      'Game Night › #general',
      'Game Night › #events',
      'Raid Team › #raids',
    ]);
    expect(select).toHaveAccessibleDescription(DISCORD_MANAGE_SERVER_TEXT);
    expect(screen.getByTestId('discord-manage-server')).toHaveTextContent('Only servers where you can manage the server are listed');
    expect(screen.queryByLabelText('Channel ID')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Channel' })).toBeDisabled();
    // Discord's rights can change after the list was loaded: the server's refusal shows under the field.
    const refusal = 'You need Manage Server (or to own the server) in Raid Team to connect its channels';
    replies['POST /api/groups/g1/discordChannel'] = { status: 403, body: { message: refusal, fields: { channelID: refusal } } };
    await userEvent.selectOptions(select, 'Raid Team › #raids');
    await userEvent.click(screen.getByRole('button', { name: 'Connect Channel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    replies['POST /api/groups/g1/discordChannel'] = { status: 200, body: { channelID: '222222222222222222' } };
    await userEvent.selectOptions(select, 'Game Night › #events');
    await userEvent.click(screen.getByRole('button', { name: 'Connect Channel' }));
    expect(await screen.findByTestId('discord-channel')).toHaveTextContent('222222222222222222');
    expect(posted).toEqual([
      { path: '/api/groups/g1/discordChannel', body: { channelID: '333333333333333333' } },
      { path: '/api/groups/g1/discordChannel', body: { channelID: '222222222222222222' } },
    ]);

    // The fallback: a pasted ID, and back to the list.
    await userEvent.click(screen.getByRole('button', { name: 'Enter a channel ID instead' }));
    expect(screen.queryByLabelText('Channel')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Channel ID'), '444444444444444444');
    await userEvent.click(screen.getByRole('button', { name: 'Connect Channel' }));
    await vi.waitFor(() =>
      expect(posted.at(-1)).toEqual({ path: '/api/groups/g1/discordChannel', body: { channelID: '444444444444444444' } }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pick a channel instead' }));
    expect(await screen.findByLabelText('Channel')).toBeInTheDocument();
  });

  it('offers to add the bot when it is in no server of the Administrator, and says why the list failed', async () => {
    replies['GET /api/discord/status'] = { status: 200, body: { enabled: true, installUrl: 'https://discord.test/install' } };
    replies['GET /api/groups/g1/discordChannel'] = { status: 200, body: { channelID: null } };
    replies['GET /api/groups/g1/discordChannelChoices'] = { status: 200, body: { linked: true, guilds: [] } };
    render(wrap(<DiscordChannelSection groupID="g1" />));
    expect(await screen.findByRole('link', { name: 'Add the bot to a server' })).toHaveAttribute('href', 'https://discord.test/install');
    expect(screen.getByTestId('discord-no-channels')).toHaveTextContent(
      `The bot is in no Discord server where you can manage the server. ${DISCORD_MANAGE_SERVER_TEXT}`,
    );
    cleanup();
    replies['GET /api/groups/g1/discordChannelChoices'] = {
      status: 503,
      body: { message: 'Discord could not be reached. Please try again in a minute.' },
    };
    render(wrap(<DiscordChannelSection groupID="g1" />));
    expect(await screen.findByText('Discord could not be reached. Please try again in a minute.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enter a channel ID instead' })).toBeInTheDocument();
  });
});
