import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { GroupCardDto } from '@smm/shared/components/schemas';
import type { GroupDto } from '@smm/shared/groups/schemas';
import { ToastProvider } from '../../lib/ui/toasts';
import { AppStateProvider } from '../auth/app-state';
import GroupAreaLayout from './pages/GroupAreaLayout';
import GroupSettingsPage from './pages/GroupSettingsPage';
import UserSettingsPage from './pages/UserSettingsPage';
import WelcomePage from './pages/WelcomePage';

type Handler = (url: URL) => { status: number; body: unknown };
let handler: Handler;

// Only the network is replaced: the pages, their queries and the real api client all run.
beforeEach(() => {
  const payload = btoa(JSON.stringify({ id: 'me', username: 'Me', email: 'me@example.com', steamID: null, exp: Date.now() / 1000 + 3600 }));
  localStorage.setItem('jwtToken', `Bearer e30.${payload}.sig`);
  vi.stubGlobal('fetch', async (input: string) => {
    const { status, body } = handler(new URL(input, 'http://localhost'));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function group(overrides: Partial<GroupDto> = {}): GroupDto {
  return {
    _id: 'g1',
    groupName: 'Iron Wolves',
    gameName: 'Old School RuneScape',
    linkURL: 'runeScapeClan',
    isPrivate: false,
    groupOwner: 'owner',
    admins: ['owner'],
    members: [{ userID: 'owner', username: 'Olga', role: 'Administrator', isActive: true, team: null }],
    ...overrides,
  };
}

const card = (title: string, cardOrder: number, body = ''): GroupCardDto => ({
  _id: title,
  groupID: 'g1',
  title,
  body,
  footer: '',
  cardOrder,
  updatedAt: 0,
});

function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

function renderAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <AppStateProvider>
          <ToastProvider>
            <Routes>
              <Route path="/" element={<p>Home</p>} />
              {(['civGroup', 'runeScapeClan'] as const).map((area) => (
                <Route key={area} path={`/${area}`} element={<GroupAreaLayout />}>
                  <Route path="welcome" element={<WelcomePage />} />
                  <Route path="userSettings" element={<UserSettingsPage />} />
                  <Route path="groupSettings" element={<GroupSettingsPage />} />
                </Route>
              ))}
            </Routes>
            <Where />
          </ToastProvider>
        </AppStateProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const location = () => screen.getByTestId('location').textContent;

it.each(['/runeScapeClan/welcome', '/runeScapeClan/welcome?groupID=', '/runeScapeClan/welcome?groupID=%3Cscript%3E'])(
  'an unparsable groupID (%s) goes to /',
  async (path) => {
    handler = () => ({ status: 500, body: { message: 'must not be called' } });
    renderAt(path);
    await vi.waitFor(() => expect(location()).toBe('/'));
  },
);

it('a group the API hides (a private group seen from outside: 404) goes to /', async () => {
  handler = () => ({ status: 404, body: { message: 'Group not found' } });
  renderAt('/runeScapeClan/welcome?groupID=g1');
  await vi.waitFor(() => expect(location()).toBe('/'));
});

it('a non-member of a public group sees only Welcome, with the cards in cardOrder and bodies split on line breaks', async () => {
  handler = (url) =>
    url.pathname === '/api/groups/getGroup'
      ? { status: 200, body: group() }
      : { status: 200, body: [card('Schedule', 1, 'Raids on Friday'), card('Welcome', 0, 'Hello!\nRead the rules.')] };
  renderAt('/runeScapeClan/welcome?groupID=g1');
  expect(await screen.findByRole('heading', { level: 1, name: 'Iron Wolves' })).toBeVisible();
  const nav = screen.getByRole('navigation', { name: 'Group' });
  expect(
    within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Welcome']);
  expect(screen.getByRole('button', { name: 'Join Group' })).toBeVisible();
  const cards = await screen.findByRole('list', { name: 'Welcome cards' });
  expect(
    within(cards)
      .getAllByRole('heading')
      .map((h) => h.textContent),
  ).toEqual(['Welcome', 'Schedule']);
  expect(within(cards).getByText('Hello!')).toBeVisible();
  expect(within(cards).getByText('Read the rules.')).toBeVisible();
});

it('a Member opening Group Settings lands on Welcome', async () => {
  handler = (url) =>
    url.pathname === '/api/groups/getGroup'
      ? {
          status: 200,
          body: group({
            isPrivate: true,
            members: [...group().members, { userID: 'me', username: 'Me', role: 'Member', isActive: true, team: null }],
          }),
        }
      : { status: 200, body: [] };
  renderAt('/runeScapeClan/groupSettings?groupID=g1');
  await vi.waitFor(() => expect(location()).toBe('/runeScapeClan/welcome?groupID=g1'));
  const nav = await screen.findByRole('navigation', { name: 'Group' });
  expect(
    within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Welcome', 'Clan Stats', 'Competitions', 'Bingo', 'Events', 'User Settings', 'RuneScape Stats']);
});

it('a link with the wrong area reaches the group in its own area', async () => {
  handler = (url) => (url.pathname === '/api/groups/getGroup' ? { status: 200, body: group() } : { status: 200, body: [] });
  renderAt('/civGroup/welcome?groupID=g1');
  await vi.waitFor(() => expect(location()).toBe('/runeScapeClan/welcome?groupID=g1'));
});

it('shows a spinner while the cards load', async () => {
  let release: () => void = () => {};
  const cardsArrived = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/components/getGroupCards') await cardsArrived;
    const body = url.pathname === '/api/groups/getGroup' ? group() : [card('Welcome', 0)];
    return new Response(JSON.stringify(body), { status: 200 });
  });
  renderAt('/runeScapeClan/welcome?groupID=g1');
  expect(await screen.findByText('Loading cards…')).toBeVisible();
  release();
  expect(await screen.findByRole('list', { name: 'Welcome cards' })).toBeVisible();
  expect(screen.queryByText('Loading cards…')).toBeNull();
});
