import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { GroupDto } from '@smm/shared/groups/schemas';
import { AlertBanner } from '../../lib/ui/AlertBanner';
import { ToastProvider } from '../../lib/ui/toasts';
import { AppStateProvider } from '../auth/app-state';
import InvitePage from './pages/InvitePage';

let groupReply: { status: number; body: unknown };

// Only the network is replaced: the page, its query and the real api client all run.
/** Replies for other calls than getGroup (login, register, joinGroup…), by path; each request is recorded. */
let otherReplies: Record<string, { status: number; body: unknown }> = {};
let requests: { path: string; body: unknown }[] = [];
beforeEach(() => {
  otherReplies = {};
  requests = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    requests.push({ path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const reply = path === '/api/groups/getGroup' ? groupReply : (otherReplies[path] ?? { status: 404, body: { message: 'Not found' } });
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

const group: GroupDto = {
  _id: 'g1',
  groupName: 'Iron Wolves',
  gameName: 'Old School RuneScape',
  linkURL: 'runeScapeClan',
  isPrivate: true,
  groupOwner: 'owner',
  admins: ['owner'],
  members: [
    { userID: 'owner', username: 'Olga', role: 'Administrator', isActive: true, team: null },
    { userID: 'me', username: 'Me', role: 'Member', isActive: true, team: null },
  ],
};

function tokenFor(id: string) {
  const payload = btoa(JSON.stringify({ id, username: id, email: `${id}@example.com`, steamID: null, exp: Date.now() / 1000 + 3600 }));
  return `Bearer e30.${payload}.sig`;
}

function signIn(id: string) {
  localStorage.setItem('jwtToken', tokenFor(id));
}

function renderInvite(path = '/invite?groupID=g1&inviteLink=code') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <AppStateProvider>
          <ToastProvider>
            <AlertBanner />
            <Routes>
              <Route path="/invite" element={<InvitePage />} />
              <Route path="/runeScapeClan/welcome" element={<h1>Group welcome</h1>} />
            </Routes>
          </ToastProvider>
        </AppStateProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const joinCalls = () => requests.filter((request) => request.path === '/api/groups/joinGroup');

it('shows the group name and members; a visitor is asked to log in by Accept Invite', async () => {
  groupReply = { status: 200, body: group };
  renderInvite();
  expect(await screen.findByRole('heading', { level: 1, name: 'Iron Wolves' })).toBeVisible();
  expect(screen.getByRole('cell', { name: /Olga/ })).toBeVisible();
  await userEvent.click(screen.getByRole('button', { name: 'Accept Invite' }));
  const login = screen.getByRole('dialog', { name: 'Login' });
  await userEvent.click(within(login).getByRole('button', { name: 'Register' }));
  expect(screen.getByRole('dialog', { name: 'Register' })).toBeVisible();
});

it('a member gets no Accept Invite and the spec’s error alert', async () => {
  signIn('me');
  groupReply = { status: 200, body: group };
  renderInvite();
  expect(await screen.findByText('You are already a member of this group!')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Accept Invite' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Go to the group' })).toHaveAttribute('href', '/runeScapeClan/welcome?groupID=g1');
});

it('a signed-in non-member sees Accept Invite and no login buttons', async () => {
  signIn('someone');
  groupReply = { status: 200, body: group };
  renderInvite();
  expect(await screen.findByRole('button', { name: 'Accept Invite' })).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
  expect(screen.queryByText('You are already a member of this group!')).toBeNull();
});

it.each(['/invite', '/invite?groupID=g1'])('a link without its code (%s) is not valid', (path) => {
  groupReply = { status: 500, body: { message: 'must not be called' } };
  renderInvite(path);
  expect(screen.getByText('This invite link is not valid. Ask the group for a new one.')).toBeVisible();
});

it('a stale or wrong code (404) is not valid', async () => {
  groupReply = { status: 404, body: { message: 'Group not found' } };
  renderInvite();
  expect(await screen.findByText('This invite link is not valid. Ask the group for a new one.')).toBeVisible();
});

it('registering from the invite opens Login with the registered email, and logging in accepts the invite in one step', async () => {
  groupReply = { status: 200, body: group };
  otherReplies = {
    '/api/users/register': { status: 200, body: { _id: 'newbie', username: 'Newbie', email: 'newbie@example.com' } },
    '/api/users/login': { status: 200, body: { token: tokenFor('newbie') } },
    '/api/users/getTimeZone': { status: 200, body: { timeZone: 'Europe/Paris' } },
    '/api/groups/joinGroup': { status: 200, body: group },
  };
  renderInvite();
  await userEvent.click(await screen.findByRole('button', { name: 'Register' }));
  const register = screen.getByRole('dialog', { name: 'Register' });
  await userEvent.type(within(register).getByLabelText('Username'), 'Newbie');
  await userEvent.type(within(register).getByLabelText('Email'), 'newbie@example.com');
  await userEvent.type(within(register).getByLabelText('Password'), 'secret123');
  await userEvent.type(within(register).getByLabelText('Confirm Password'), 'secret123');
  await userEvent.click(within(register).getByRole('button', { name: 'Register' }));

  const login = await screen.findByRole('dialog', { name: 'Login' });
  expect(within(login).getByText('Registration successful. Log in and the invite is accepted.')).toBeVisible();
  expect(within(login).getByLabelText('Email')).toHaveValue('newbie@example.com');
  await userEvent.type(within(login).getByLabelText('Password'), 'secret123');
  await userEvent.click(within(login).getByRole('button', { name: 'Login' }));

  expect(await screen.findByRole('heading', { name: 'Group welcome' })).toBeVisible();
  expect(joinCalls()).toEqual([{ path: '/api/groups/joinGroup', body: { groupID: 'g1', userID: 'newbie', inviteLink: 'code' } }]);
});

it('logging in from Accept Invite joins without a second click', async () => {
  groupReply = { status: 200, body: group };
  otherReplies = {
    '/api/users/login': { status: 200, body: { token: tokenFor('someone') } },
    '/api/users/getTimeZone': { status: 200, body: { timeZone: 'UTC' } },
    '/api/groups/joinGroup': { status: 200, body: group },
  };
  renderInvite();
  await userEvent.click(await screen.findByRole('button', { name: 'Accept Invite' }));
  const login = screen.getByRole('dialog', { name: 'Login' });
  await userEvent.type(within(login).getByLabelText('Email'), 'someone@example.com');
  await userEvent.type(within(login).getByLabelText('Password'), 'secret123');
  await userEvent.click(within(login).getByRole('button', { name: 'Login' }));
  expect(await screen.findByRole('heading', { name: 'Group welcome' })).toBeVisible();
  expect(joinCalls()).toHaveLength(1);
});

it('a refused accept after logging in says why and stays on the invite', async () => {
  groupReply = { status: 200, body: group };
  otherReplies = {
    '/api/users/login': { status: 200, body: { token: tokenFor('someone') } },
    '/api/users/getTimeZone': { status: 200, body: { timeZone: 'UTC' } },
    '/api/groups/joinGroup': { status: 403, body: { message: 'This invite link is not valid. Ask the group for a new one.' } },
  };
  renderInvite();
  await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
  const login = screen.getByRole('dialog', { name: 'Login' });
  await userEvent.type(within(login).getByLabelText('Email'), 'someone@example.com');
  await userEvent.type(within(login).getByLabelText('Password'), 'secret123');
  await userEvent.click(within(login).getByRole('button', { name: 'Login' }));
  expect(await screen.findByText('Could not accept the invite: This invite link is not valid. Ask the group for a new one.')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Accept Invite' })).toBeVisible();
});

it('an existing member who logs in from the invite is told, and nothing is sent', async () => {
  groupReply = { status: 200, body: group };
  otherReplies = {
    '/api/users/login': { status: 200, body: { token: tokenFor('me') } },
    '/api/users/getTimeZone': { status: 200, body: { timeZone: 'UTC' } },
  };
  renderInvite();
  await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
  const login = screen.getByRole('dialog', { name: 'Login' });
  await userEvent.type(within(login).getByLabelText('Email'), 'me@example.com');
  await userEvent.type(within(login).getByLabelText('Password'), 'secret123');
  await userEvent.click(within(login).getByRole('button', { name: 'Login' }));
  expect(await screen.findByText('You are already a member of this group!')).toBeVisible();
  expect(joinCalls()).toEqual([]);
});

it('coming back from Discord to the invite it left accepts it; a link alone never does', async () => {
  signIn('someone');
  groupReply = { status: 200, body: group };
  otherReplies = { '/api/groups/joinGroup': { status: 200, body: group } };
  renderInvite();
  expect(await screen.findByRole('button', { name: 'Accept Invite' })).toBeVisible();
  expect(joinCalls()).toEqual([]);
  cleanup();

  sessionStorage.setItem('invite.acceptAfterDiscord', JSON.stringify({ groupID: 'g1', inviteLink: 'code', at: Date.now() }));
  renderInvite();
  expect(await screen.findByRole('heading', { name: 'Group welcome' })).toBeVisible();
  expect(joinCalls()).toHaveLength(1);
  expect(sessionStorage.getItem('invite.acceptAfterDiscord')).toBeNull();
});
