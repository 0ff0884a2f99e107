import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { UpcomingEventDto, UserGroupDto } from '@smm/shared/dashboard/schemas';
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
const wolves: UserGroupDto = {
  _id: 'g1',
  groupName: 'Iron Wolves',
  gameName: 'Dota 2',
  linkURL: 'dotaGroup',
  icon: '/games/dota2.svg',
  isPrivate: true,
  groupOwner: 'me',
  memberCount: 1,
  role: 'Administrator',
  nextEvent: null,
};
const clan: UserGroupDto = {
  _id: 'g2',
  groupName: 'Lumbridge Clan',
  gameName: 'Old School RuneScape',
  linkURL: 'runeScapeClan',
  icon: '/games/osrs.svg',
  isPrivate: false,
  groupOwner: 'someone',
  memberCount: 7,
  role: 'Member',
  nextEvent: { _id: 'e1', eventName: 'Boss night', startDate: '2031-01-15T18:00:00.000Z', endDate: '2031-01-15T20:00:00.000Z' },
};
const bossNight: UpcomingEventDto = {
  _id: 'e1',
  groupID: 'g2',
  groupName: 'Lumbridge Clan',
  linkURL: 'runeScapeClan',
  eventName: 'Boss night',
  startDate: '2031-01-15T18:00:00.000Z',
  endDate: '2031-01-15T20:00:00.000Z',
  maxNumberOfMembers: 12,
  attendingCount: 3,
  isAttending: false,
};
const raid: UpcomingEventDto = { ...bossNight, _id: 'e2', eventName: 'Raid', startDate: '2031-01-16T18:00:00.000Z', attendingCount: 12, isAttending: true };

/** Where the app went, so a test can see the page it landed on. */
function Landed() {
  const location = useLocation();
  return <p>Landed on {location.pathname + location.search} {JSON.stringify(location.state)}</p>;
}

function renderDashboard() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <AppStateProvider>
          <ToastProvider>
            <Routes>
              <Route path="/dashboard" element={<DashboardPage />} />
              <Route path="*" element={<Landed />} />
            </Routes>
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

it("shows each group's name, game, icon, the member's role, the member count and the next event, linking to its Welcome page", async () => {
  routes = {
    '/api/groups/getUserGroups': { status: 200, body: [wolves, clan] },
    '/api/events/getMyUpcomingEvents': { status: 200, body: [] },
    '/api/users/getTimeZone': { status: 200, body: { timeZone: 'America/New_York' } },
  };
  renderDashboard();
  const [first, second] = within(await screen.findByRole('list', { name: 'Your groups' })).getAllByRole('listitem');
  expect(within(first!).getByRole('link', { name: 'Iron Wolves' })).toHaveAttribute('href', '/dotaGroup/welcome?groupID=g1');
  expect(first).toHaveTextContent('Dota 2 · Private');
  expect(first).toHaveTextContent('Administrator');
  expect(first).toHaveTextContent('1 member');
  expect(first).toHaveTextContent('No Scheduled Events Upcoming');
  expect(first!.querySelector('img')).toHaveAttribute('src', '/games/dota2.svg');
  expect(second).toHaveTextContent('Member');
  expect(second).toHaveTextContent('7 members');
  // In the member's saved zone, saying which, as on the events page.
  expect(await within(second!).findByText('Wed, Jan 15, 2031, 1:00 PM EST')).toBeVisible();
  expect(second).toHaveTextContent('Next event: Boss night');
  expect(await screen.findByText('No events coming up in your groups.')).toBeVisible();
});

it('lists "Your next events" across groups, soonest first, with the group, the time and the seats', async () => {
  routes = {
    '/api/groups/getUserGroups': { status: 200, body: [clan] },
    '/api/events/getMyUpcomingEvents': { status: 200, body: [bossNight, raid] },
    '/api/users/getTimeZone': { status: 200, body: { timeZone: 'UTC' } },
  };
  renderDashboard();
  const list = await screen.findByRole('list', { name: 'Your next events' });
  const [boss, second] = within(list).getAllByRole('listitem');
  expect(within(boss!).getByRole('link', { name: 'Boss night' })).toHaveAttribute('href', '/runeScapeClan/events?groupID=g2');
  expect(boss).toHaveTextContent('Lumbridge Clan');
  expect(boss).toHaveTextContent('3 / 12 attending');
  expect(await within(boss!).findByText('Wed, Jan 15, 2031, 6:00 PM UTC')).toBeVisible();
  expect(within(second!).getByRole('link', { name: 'Raid' })).toBeVisible();
  expect(second).toHaveTextContent('Attending');
});

it('says so when the next events cannot be read, and still shows the groups', async () => {
  routes = {
    '/api/groups/getUserGroups': { status: 200, body: [clan] },
    '/api/events/getMyUpcomingEvents': { status: 503, body: { message: 'The database is not reachable' } },
    '/api/users/getTimeZone': { status: 200, body: { timeZone: 'UTC' } },
  };
  renderDashboard();
  expect(await screen.findByText('The database is not reachable')).toBeVisible();
  expect(screen.getByRole('link', { name: 'Lumbridge Clan' })).toBeVisible();
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
  const dialog = await screen.findByRole('dialog', { name: 'Create New group' });
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
  // The owner goes straight into the new group, where its invite link waits for them.
  expect(await screen.findByText('Landed on /dotaGroup/welcome?groupID=g1 {"newGroup":true}')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(posted.at(-1)).toEqual({
    path: '/api/groups/createGroup',
    body: { timeZone: expect.any(String), userID: 'me', groupOwner: 'me', groupName: 'Iron Wolves', gameName: 'Dota 2', isPrivate: false },
  });
});
