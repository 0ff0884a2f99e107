import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { GroupDto } from '@smm/shared/groups/schemas';
import { AppStateProvider, useAppState } from '../features/auth/app-state';
import { GroupGate } from '../features/groups/components/area/GroupGate';
import GroupAreaLayout from '../features/groups/pages/GroupAreaLayout';
import { ToastProvider } from '../lib/ui/toasts';
import { AlertBanner } from '../lib/ui/AlertBanner';
import { GuestOnly, RequireAuth } from '../lib/routing/guards';

// Being sent away is never silent: the page one lands on says why.

type Reply = { status: number; body: unknown };
let groupReply: Reply;

const signIn = () => {
  const payload = btoa(JSON.stringify({ id: 'me', username: 'Me', email: 'me@example.com', steamID: null, exp: Date.now() / 1000 + 3600 }));
  localStorage.setItem('jwtToken', `Bearer e30.${payload}.sig`);
};

beforeEach(() => {
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    const reply = url.pathname === '/api/groups/getGroup' ? groupReply : { status: 200, body: [] };
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('EventSource', undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const GROUP_ID = '0190a5b4-7c6d-7e8f-9a0b-1c2d3e4f5a6b';
const group = (members: GroupDto['members'], isPrivate: boolean): GroupDto => ({
  _id: GROUP_ID,
  groupName: 'Iron Wolves',
  gameName: 'Civilization 6',
  linkURL: 'civGroup',
  isPrivate,
  groupOwner: 'owner',
  admins: ['owner'],
  members: [{ userID: 'owner', username: 'Olga', role: 'Administrator', isActive: true, team: null }, ...members],
});
const withMe = (isPrivate: boolean) => group([{ userID: 'me', username: 'Me', role: 'Member', isActive: true, team: null }], isPrivate);

let logout: () => void;
function LogoutProbe() {
  logout = useAppState().logout;
  return null;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AppStateProvider>
          <ToastProvider>
            <LogoutProbe />
            <AlertBanner />
            <Routes>
              <Route path="/" element={<GuestOnly><p>Landing page</p></GuestOnly>} />
              <Route path="/login" element={<p>Login page</p>} />
              <Route path="/dashboard" element={<RequireAuth><p>Dashboard page</p></RequireAuth>} />
              <Route path="/civGroup" element={<RequireAuth><GroupAreaLayout /></RequireAuth>}>
                <Route path="welcome" element={<p>Welcome page</p>} />
                <Route path="events" element={<GroupGate action="viewEvents"><p>Events page</p></GroupGate>} />
                <Route path="groupSettings" element={<GroupGate action="viewGroupSettings"><p>Settings page</p></GroupGate>} />
              </Route>
            </Routes>
          </ToastProvider>
        </AppStateProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

it('a logged-out visitor of a private page lands on the login page and is told to log in; the notice can be closed', async () => {
  renderAt('/dashboard');
  expect(await screen.findByText('Login page')).toBeVisible();
  const notice = await screen.findByRole('status');
  expect(notice).toHaveTextContent('Log in to see that page.');
  await userEvent.click(screen.getByRole('button', { name: 'Close alert' }));
  expect(screen.queryByRole('status')).toBeNull();
});

it('logging out on a private page does not ask to log in', async () => {
  signIn();
  renderAt('/dashboard');
  expect(await screen.findByText('Dashboard page')).toBeVisible();
  act(() => logout());
  expect(await screen.findByText('Login page')).toBeVisible();
  expect(screen.queryByText('Log in to see that page.')).toBeNull();
});

it('a visitor of a private (or deleted) group lands on the dashboard, told why', async () => {
  signIn();
  groupReply = { status: 404, body: { message: 'Group not found' } };
  renderAt(`/civGroup/events?groupID=${GROUP_ID}`);
  expect(await screen.findByText('Dashboard page')).toBeVisible();
  expect(await screen.findByRole('status')).toHaveTextContent('That group is private or no longer exists: you need an invite to join a private group.');
});

it('a member kicked from a private group, whose page then reloads the group, is told they are no longer a member', async () => {
  signIn();
  groupReply = { status: 200, body: withMe(true) };
  const client = renderAt(`/civGroup/events?groupID=${GROUP_ID}`);
  expect(await screen.findByText('Events page')).toBeVisible();
  groupReply = { status: 404, body: { message: 'Group not found' } };
  await act(() => client.invalidateQueries({ queryKey: ['groups', GROUP_ID] }));
  expect(await screen.findByText('Dashboard page')).toBeVisible();
  expect(await screen.findByRole('status')).toHaveTextContent('You are no longer a member of that group.');
});

it('a member kicked from a public group while its page is open is told they are no longer a member', async () => {
  signIn();
  groupReply = { status: 200, body: withMe(false) };
  const client = renderAt(`/civGroup/events?groupID=${GROUP_ID}`);
  expect(await screen.findByText('Events page')).toBeVisible();
  groupReply = { status: 200, body: group([], false) };
  await act(() => client.invalidateQueries({ queryKey: ['groups', GROUP_ID] }));
  expect(await screen.findByText('Welcome page')).toBeVisible();
  expect(await screen.findByRole('status')).toHaveTextContent('You are no longer a member of that group.');
});

it("a non-member on a public group's members-only page lands on its Welcome page, told why", async () => {
  signIn();
  groupReply = { status: 200, body: group([], false) };
  renderAt(`/civGroup/events?groupID=${GROUP_ID}`);
  expect(await screen.findByText('Welcome page')).toBeVisible();
  expect(await screen.findByRole('status')).toHaveTextContent('Only members of this group can see that page.');
});

it('a Member on Group Settings lands on Welcome, told it is for Administrators', async () => {
  signIn();
  groupReply = { status: 200, body: withMe(false) };
  renderAt(`/civGroup/groupSettings?groupID=${GROUP_ID}`);
  expect(await screen.findByText('Welcome page')).toBeVisible();
  expect(await screen.findByRole('status')).toHaveTextContent('Only Administrators of this group can see that page.');
});

it('an unreadable group link says so', async () => {
  signIn();
  renderAt('/civGroup/events?groupID=not%20an%20id');
  expect(await screen.findByText('Dashboard page')).toBeVisible();
  expect(await screen.findByRole('status')).toHaveTextContent('That group link is not valid.');
});
