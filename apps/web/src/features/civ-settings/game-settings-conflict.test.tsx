import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultCivGroupSettings } from '@smm/shared/civilization/catalogue';
import { GAME_SETTINGS_CHANGED_MESSAGE } from '@smm/shared/civilization/schemas';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { ToastProvider } from '../../lib/ui/toasts';
import { AppStateProvider } from '../auth/app-state';
import { GameSettingsPanel } from './components/GameSettingsPanel';

function civGroup(overrides: Partial<FullGroupDto> = {}): FullGroupDto {
  return {
    _id: 'g1',
    groupName: 'Wonders',
    gameName: 'Civilization 6',
    linkURL: 'civGroup',
    isPrivate: true,
    groupOwner: 'owner',
    admins: ['owner'],
    inviteLink: 'code',
    inviteURL: 'http://localhost/invite?groupID=g1&inviteLink=code',
    timeZone: 'UTC',
    members: [],
    settings: defaultCivGroupSettings('Civilization 6'),
    gameSettingsUpdatedAt: 100,
    cards: [],
    ...overrides,
  };
}

/** What getFullGroup answers (the server's group now). */
let stored: FullGroupDto;
let answer: () => { status: number; body: unknown };
let posted: Record<string, unknown>[];

// Only the network is replaced: the panel, the dialog, its mutation and the real api client run.
beforeEach(() => {
  const payload = btoa(
    JSON.stringify({ id: 'owner', username: 'Olga', email: 'olga@example.com', steamID: null, exp: Date.now() / 1000 + 3600 }),
  );
  localStorage.setItem('jwtToken', `Bearer e30.${payload}.sig`);
  posted = [];
  answer = () => ({ status: 500, body: { message: 'not expected' } });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (init?.method === 'POST' && url.pathname === '/api/civilization/updateGroup') {
      posted.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      const { status, body } = answer();
      return json(status, body);
    }
    if (url.pathname === '/api/groups/getFullGroup') return json(200, stored);
    if (url.pathname === '/api/civilization/getSeasons') return json(200, []);
    return json(404, { message: `No route for ${url.pathname}` });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderPanel(group: FullGroupDto) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const tree = (g: FullGroupDto) => (
    <QueryClientProvider client={client}>
      <AppStateProvider>
        <ToastProvider>
          <GameSettingsPanel group={g} />
        </ToastProvider>
      </AppStateProvider>
    </QueryClientProvider>
  );
  const { rerender } = render(tree(group));
  return { rerenderWith: (g: FullGroupDto) => rerender(tree(g)) };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Edit Game Settings' }));
  return within(screen.getByRole('dialog', { name: 'Edit Game Settings' }));
}

describe('Edit Game Settings when another Administrator saved meanwhile', () => {
  it('sends the version it opened; a refusal is said beside Save with Reload, which refills the form', async () => {
    const user = userEvent.setup();
    renderPanel(civGroup());
    const dialog = await openDialog(user);
    await user.selectOptions(dialog.getByLabelText('Max Leader Bans'), '2');

    stored = civGroup({
      timeZone: 'Asia/Tokyo',
      settings: { ...defaultCivGroupSettings('Civilization 6'), maxNumberOfLeaderBans: 3 },
      gameSettingsUpdatedAt: 200,
    });
    answer = () => ({ status: 409, body: { message: GAME_SETTINGS_CHANGED_MESSAGE } });
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(posted).toEqual([{ timeZone: 'UTC', settings: { maxNumberOfLeaderBans: 2 }, expectedUpdatedAt: 100 }]);
    const conflict = await dialog.findByTestId('edit-conflict');
    expect(conflict).toHaveTextContent(GAME_SETTINGS_CHANGED_MESSAGE);
    expect(conflict.closest('.modal-footer')).toBe(dialog.getByRole('button', { name: 'Save' }).closest('.modal-footer'));
    // The dialog stays open with the Administrator's choice until they choose Reload.
    expect(dialog.getByLabelText('Max Leader Bans')).toHaveValue('2');

    await user.click(within(conflict).getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() => expect(dialog.getByLabelText('Max Leader Bans')).toHaveValue('3'));
    expect(dialog.getByLabelText('Time Zone')).toHaveValue('Asia/Tokyo');
    expect(dialog.queryByTestId('edit-conflict')).toBeNull();

    answer = () => ({ status: 200, body: { ...stored, gameSettingsUpdatedAt: 300 } });
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(posted[1]).toEqual({ timeZone: 'Asia/Tokyo', settings: { maxNumberOfLeaderBans: 3 }, expectedUpdatedAt: 200 });
    expect(await screen.findByText('Successfully saved game setting.')).toBeVisible();
  });

  it('a newer version arriving live is said in the open dialog; the choices made stay', async () => {
    const user = userEvent.setup();
    const { rerenderWith } = renderPanel(civGroup());
    const dialog = await openDialog(user);
    await user.selectOptions(dialog.getByLabelText('Max Leader Bans'), '1');
    expect(dialog.queryByTestId('edit-conflict')).toBeNull();

    // The live 'gameSettings' change refetched the group the panel shows.
    rerenderWith(civGroup({ gameSettingsUpdatedAt: 150, timeZone: 'Europe/Paris' }));
    const notice = await dialog.findByTestId('edit-conflict');
    expect(notice).toHaveTextContent(/Changed by someone else —\s*Reload/);
    expect(dialog.getByLabelText('Max Leader Bans')).toHaveValue('1');
    expect(dialog.getByLabelText('Time Zone')).toHaveValue('UTC');
  });
});
