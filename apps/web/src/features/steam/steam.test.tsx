import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Fragment, StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { STEAM_NOT_CONFIGURED_MESSAGE } from '@smm/shared/steam/schemas';
import { TOKEN_STORAGE_KEY } from '@smm/shared/constants';
import { AlertBanner } from '../../lib/ui/AlertBanner';
import { AppStateProvider } from '../auth/app-state';
import { SteamProfileTab } from './components/SteamProfileTab';
import SteamLinkPage from './pages/SteamLinkPage';

const STEAM_ID = '76561197960435530';
const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenFor = (steamID: string | null) =>
  `Bearer ${encode({ alg: 'HS256' })}.${encode({ id: 'user-1', username: 'robin', email: 'robin@example.com', steamID, exp: 4_000_000_000 })}.sig`;

type Reply = { status: number; body: unknown };
let routes: Map<string, Reply[]>;
let calls: string[];

/** Queues answers per "METHOD path"; only the network is replaced, the app's api client runs. */
const reply = (key: string, status: number, body: unknown) => routes.set(key, [...(routes.get(key) ?? []), { status, body }]);

beforeEach(() => {
  routes = new Map();
  calls = [];
  localStorage.clear();
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    calls.push(key);
    // The last queued answer repeats: StrictMode's remount may abort a query and ask again.
    const queue = routes.get(key) ?? [];
    const next = (queue.length > 1 ? queue.shift() : queue[0]) ?? { status: 500, body: { message: `no reply for ${key}` } };
    return new Response(JSON.stringify(next.body), { status: next.status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderSignedIn(steamID: string | null, path: string, element: React.ReactNode, { strict = false } = {}) {
  localStorage.setItem(TOKEN_STORAGE_KEY, tokenFor(steamID));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Wrapper = strict ? StrictMode : Fragment;
  return render(
    <Wrapper>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <AppStateProvider>
            <AlertBanner />
            <Routes>
              <Route path="/profile" element={element} />
              <Route path="/steamlink" element={element} />
            </Routes>
          </AppStateProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </Wrapper>,
  );
}

const profile = {
  steamID: STEAM_ID,
  nickname: 'Robin',
  url: `https://steamcommunity.com/profiles/${STEAM_ID}/`,
  avatar: {
    small: 'https://avatars.example/a.jpg',
    medium: 'https://avatars.example/a_medium.jpg',
    large: 'https://avatars.example/a_full.jpg',
  },
};
const games = {
  isPrivate: false,
  games: [
    { appID: 8930, name: "Sid Meier's Civilization V", iconURL: 'https://media.example/8930/icon.jpg' },
    { appID: 289070, name: "Sid Meier's Civilization VI", iconURL: null },
  ],
};
const storedSteamId = () => JSON.parse(atob((localStorage.getItem(TOKEN_STORAGE_KEY) ?? '').split('.')[1]!)).steamID as string | null;

describe('Steam Profile tab', () => {
  it('shows avatar, nickname, profile link and games of the linked account', async () => {
    reply(`GET /api/steam/getProfile/${STEAM_ID}`, 200, profile);
    reply(`GET /api/steam/getGames/${STEAM_ID}`, 200, games);
    renderSignedIn(STEAM_ID, '/profile?tab=steam', <SteamProfileTab />, { strict: true });
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Loading Steam profile…', 'Loading games…']);

    const avatar = await screen.findByRole('img', { name: 'Steam avatar of Robin' });
    expect(avatar).toHaveAttribute('src', profile.avatar.large);
    expect(screen.getByRole('heading', { name: 'Robin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View Steam Profile/ })).toHaveAttribute('href', profile.url);
    const rows = (await screen.findByRole('table', { name: 'Games' })).querySelectorAll('tbody tr');
    expect([...rows].map((row) => row.textContent)).toEqual(["Sid Meier's Civilization V", "Sid Meier's Civilization VI"]);
    expect(rows[0]?.querySelector('img')).toHaveAttribute('src', 'https://media.example/8930/icon.jpg');
    expect(rows[1]?.querySelector('img')).toBeNull();
    // Two games need no scrolling box, so no extra keyboard stop.
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('lets a long library scroll inside a focusable region', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ appID: i + 1, name: `Game ${String(i + 1).padStart(2, '0')}`, iconURL: null }));
    reply(`GET /api/steam/getProfile/${STEAM_ID}`, 200, profile);
    reply(`GET /api/steam/getGames/${STEAM_ID}`, 200, { isPrivate: false, games: many });
    renderSignedIn(STEAM_ID, '/profile?tab=steam', <SteamProfileTab />);
    const region = await screen.findByRole('region', { name: 'Games' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region.querySelectorAll('tbody tr')).toHaveLength(30);
  });

  it('says the games are private instead of showing an empty table', async () => {
    reply(`GET /api/steam/getProfile/${STEAM_ID}`, 200, profile);
    reply(`GET /api/steam/getGames/${STEAM_ID}`, 200, { isPrivate: true, games: [] });
    renderSignedIn(STEAM_ID, '/profile?tab=steam', <SteamProfileTab />);
    expect(await screen.findByText("This Steam profile's games are private")).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows Steam as not configured (once) when the server has no API key, and still offers unlinking', async () => {
    reply(`GET /api/steam/getProfile/${STEAM_ID}`, 503, { message: STEAM_NOT_CONFIGURED_MESSAGE });
    reply(`GET /api/steam/getGames/${STEAM_ID}`, 503, { message: STEAM_NOT_CONFIGURED_MESSAGE });
    renderSignedIn(STEAM_ID, '/profile?tab=steam', <SteamProfileTab />);
    expect(await screen.findByText(STEAM_NOT_CONFIGURED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Steam profiles are not available' })).toBeInTheDocument();
    expect(screen.getAllByText(STEAM_NOT_CONFIGURED_MESSAGE)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Unlink Steam Account' })).toBeEnabled();
  });

  it("shows Steam's failure with Try again", async () => {
    reply(`GET /api/steam/getProfile/${STEAM_ID}`, 200, profile);
    reply(`GET /api/steam/getGames/${STEAM_ID}`, 504, { message: 'Steam did not answer in time. Please try again later.' });
    reply(`GET /api/steam/getGames/${STEAM_ID}`, 200, games);
    renderSignedIn(STEAM_ID, '/profile?tab=steam', <SteamProfileTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Steam did not answer in time.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Games' })).toBeInTheDocument();
  });

  it('unlinks: stores the new token and offers Link Steam Account again', async () => {
    reply(`GET /api/steam/getProfile/${STEAM_ID}`, 200, profile);
    reply(`GET /api/steam/getGames/${STEAM_ID}`, 200, games);
    reply('POST /api/auth/steamunlink', 200, { token: tokenFor(null) });
    renderSignedIn(STEAM_ID, '/profile?tab=steam', <SteamProfileTab />);
    await screen.findByRole('heading', { name: 'Robin' });
    await userEvent.click(screen.getByRole('button', { name: 'Unlink Steam Account' }));
    expect(await screen.findByRole('button', { name: 'Link Steam Account' })).toBeInTheDocument();
    expect(screen.getByText('Your Steam account is no longer linked.')).toBeInTheDocument();
    expect(storedSteamId()).toBeNull();
  });

  it('Link Steam Account asks the server for the Steam sign-in page and goes there', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    reply('POST /api/auth/steam/start', 200, { url: 'https://steamcommunity.com/openid/login?openid.mode=checkid_setup' });
    renderSignedIn(null, '/profile?tab=steam', <SteamProfileTab />);
    await userEvent.click(screen.getByRole('button', { name: 'Link Steam Account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://steamcommunity.com/openid/login?openid.mode=checkid_setup'));
    expect(screen.getByRole('button', { name: /Opening Steam/ })).toBeDisabled();
  });

  it.each([
    ['taken', 'This Steam account is already linked to another user.'],
    ['cancelled', 'Steam sign-in was cancelled.'],
    ['something-new', 'Your Steam account could not be linked. Please try again.'],
  ])('explains ?steamError=%s', async (code, message) => {
    renderSignedIn(null, `/profile?steamError=${code}`, <SteamProfileTab />);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    await userEvent.click(screen.getByRole('button', { name: 'Close alert' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('/steamlink', () => {
  it('saves the Steam ID once, stores the token and says the account is linked', async () => {
    reply(`POST /api/auth/steamlink/${STEAM_ID}/user-1`, 200, { token: tokenFor(STEAM_ID) });
    renderSignedIn(null, `/steamlink?steamID=${STEAM_ID}`, <SteamLinkPage />, { strict: true });
    expect(screen.getByRole('status')).toHaveTextContent('Linking your Steam account…');
    expect(await screen.findByText('Your Steam account is now linked.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your Steam profile' })).toHaveAttribute('href', '/profile?tab=steam');
    expect(storedSteamId()).toBe(STEAM_ID);
    // StrictMode runs effects twice; the single-use grant must be spent once.
    expect(calls.filter((call) => call.startsWith('POST'))).toHaveLength(1);
  });

  it("shows the server's refusal", async () => {
    reply(`POST /api/auth/steamlink/${STEAM_ID}/user-1`, 403, {
      message: 'Steam has not confirmed this Steam account for you. Please use Link Steam Account again.',
    });
    renderSignedIn(null, `/steamlink?steamID=${STEAM_ID}`, <SteamLinkPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Steam has not confirmed this Steam account for you.');
    expect(storedSteamId()).toBeNull();
  });

  it('calls nothing for an address without a valid Steam ID', async () => {
    renderSignedIn(null, '/steamlink?steamID=123', <SteamLinkPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('does not carry a valid Steam ID');
    await act(async () => {});
    expect(calls).toEqual([]);
  });
});
