import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { GroupDto } from '@smm/shared/groups/schemas';
import { AlertBanner } from '../../lib/ui/AlertBanner';
import { ToastProvider } from '../../lib/ui/toasts';
import { AppStateProvider } from '../auth/app-state';
import InvitePage from './pages/InvitePage';

let groupReply: { status: number; body: unknown };

// Only the network is replaced: the page, its query and the real api client all run.
beforeEach(() => {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(groupReply.body), { status: groupReply.status }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
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

function signIn(id: string) {
  const payload = btoa(JSON.stringify({ id, username: id, email: `${id}@example.com`, steamID: null, exp: Date.now() / 1000 + 3600 }));
  localStorage.setItem('jwtToken', `Bearer e30.${payload}.sig`);
}

function renderInvite(path = '/invite?groupID=g1&inviteLink=code') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <AppStateProvider>
          <ToastProvider>
            <AlertBanner />
            <InvitePage />
          </ToastProvider>
        </AppStateProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

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
