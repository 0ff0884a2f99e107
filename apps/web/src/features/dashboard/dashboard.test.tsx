import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { GroupSummaryDto } from '@smm/shared/groups/schemas';
import { ToastProvider } from '../../lib/ui/toasts';
import { AppStateProvider } from '../auth/app-state';
import DashboardPage from './pages/DashboardPage';

type Reply = { status: number; body: unknown };
let routes: Record<string, Reply | (() => Reply)>;
let posted: { path: string; body: unknown }[];

// Only the network is replaced: the page, its queries and the real api client all run.
beforeEach(() => {
  posted = [];
  const payload = btoa(JSON.stringify({ id: 'me', username: 'Me', email: 'me@example.com', steamID: null, exp: Date.now() / 1000 + 3600 }));
  localStorage.setItem('jwtToken', `Bearer e30.${payload}.sig`);
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (init?.method === 'POST') posted.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
    const route = routes[url.pathname];
    const reply = typeof route === 'function' ? route() : (route ?? { status: 500, body: { message: `no route for ${url.pathname}` } });
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const games = [
  { gameName: 'Civilization 6', linkURL: 'civGroup', icon: '/games/civ6.svg' },
  { gameName: 'Dota 2', linkURL: 'dotaGroup', icon: '/games/dota2.svg' },
];
const wolves: GroupSummaryDto = {
  _id: 'g1',
  groupName: 'Iron Wolves',
  gameName: 'Dota 2',
  linkURL: 'dotaGroup',
  icon: '/games/dota2.svg',
  isPrivate: true,
  groupOwner: 'me',
  memberCount: 1,
};

function renderDashboard() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <AppStateProvider>
          <ToastProvider>
            <DashboardPage />
          </ToastProvider>
        </AppStateProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

it('shows a spinner, then the empty state with a way to find groups', async () => {
  routes = { '/api/groups/getUserGroups': { status: 200, body: [] } };
  renderDashboard();
  expect(screen.getByText('Loading your groups…')).toBeVisible();
  expect(await screen.findByText('You are not in any group yet.')).toBeVisible();
  expect(screen.getByRole('link', { name: 'find a public group' })).toHaveAttribute('href', '/search');
});

it("shows each group's name, game and icon, linking to its Welcome page", async () => {
  routes = { '/api/groups/getUserGroups': { status: 200, body: [wolves] } };
  renderDashboard();
  const card = (await screen.findByRole('list', { name: 'Your groups' })).querySelector('li')!;
  expect(within(card).getByRole('link', { name: 'Iron Wolves' })).toHaveAttribute('href', '/dotaGroup/welcome?groupID=g1');
  expect(within(card).getByText(/Dota 2/)).toBeVisible();
  expect(card.querySelector('img')).toHaveAttribute('src', '/games/dota2.svg');
});

it("Create New group: private by default, the server's errors under their fields, then the new group", async () => {
  let created = false;
  routes = {
    '/api/groups/getUserGroups': () => ({ status: 200, body: created ? [wolves] : [] }),
    '/api/games/getGames': { status: 200, body: games },
    '/api/groups/createGroup': {
      status: 400,
      body: { message: 'Invalid input', fields: { groupName: 'Group name field is required', gameName: 'Game field is required' } },
    },
  };
  renderDashboard();
  await userEvent.click(await screen.findByRole('button', { name: 'Add group' }));
  const dialog = screen.getByRole('dialog', { name: 'Create New group' });
  expect(within(dialog).getByLabelText('Private group')).toBeChecked();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
  expect(await within(dialog).findByText('Group name field is required')).toBeVisible();
  expect(within(dialog).getByLabelText('Group Name')).toHaveAccessibleDescription('Group name field is required');
  expect(within(dialog).getByLabelText('Game')).toHaveAccessibleDescription('Game field is required');

  routes['/api/groups/createGroup'] = () => {
    created = true;
    return { status: 200, body: { ...wolves, members: [], cards: [], inviteLink: 'x', inviteURL: 'x', settings: {} } };
  };
  await userEvent.type(within(dialog).getByLabelText('Group Name'), 'Iron Wolves');
  await userEvent.selectOptions(within(dialog).getByLabelText('Game'), 'Dota 2');
  await userEvent.click(within(dialog).getByLabelText('Private group'));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
  expect(await screen.findByRole('link', { name: 'Iron Wolves' })).toBeVisible();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(posted.at(-1)).toEqual({
    path: '/api/groups/createGroup',
    body: { userID: 'me', groupOwner: 'me', groupName: 'Iron Wolves', gameName: 'Dota 2', isPrivate: false },
  });
});
