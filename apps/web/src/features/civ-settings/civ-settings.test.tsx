import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultCivGroupSettings, findCivCatalogue } from '@smm/shared/civilization/catalogue';
import type { SeasonDto } from '@smm/shared/civilization/ladder-schemas';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { defaultGroupSettings } from '@smm/shared/groups/settings';
import { ToastProvider } from '../../lib/ui/toasts';
import { AppStateProvider } from '../auth/app-state';
import { GameSettingsPanel } from './components/GameSettingsPanel';
import { formFromGroup, updateGroupBodyFrom } from './game-settings-form';

type Reply = { status: number; body: unknown };
/** The answer to updateGroup. */
let reply: (body: Record<string, unknown>) => Reply;
/** Answers by "METHOD /path" for the other calls. */
let routes: Record<string, (body: Record<string, unknown>) => Reply>;
let posted: { path: string; body: Record<string, unknown> }[];
let fetched: string[];

const season = (id: string, name: string, rest: Partial<SeasonDto> = {}): SeasonDto => ({
  _id: id,
  name,
  minGames: 1,
  dateStarted: '2026-01-10T09:00:00.000Z',
  dateEnded: null,
  isCurrent: true,
  ...rest,
});

// Only the network is replaced: the panel, the dialog, the seasons, their mutations and the real api client all run.
beforeEach(() => {
  posted = [];
  fetched = [];
  reply = () => ({ status: 500, body: { message: 'updateGroup was not expected' } });
  routes = {
    'GET /api/users/getTimeZone': () => ({ status: 200, body: { timeZone: 'America/New_York' } }),
    'GET /api/civilization/getSeasons': () => ({ status: 200, body: [] }),
  };
  const payload = btoa(
    JSON.stringify({ id: 'owner', username: 'Olga', email: 'olga@example.com', steamID: null, exp: Date.now() / 1000 + 3600 }),
  );
  localStorage.setItem('jwtToken', `Bearer e30.${payload}.sig`);
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    if (method === 'POST') posted.push({ path: url.pathname + url.search, body });
    else fetched.push(url.pathname + url.search);
    const route = url.pathname === '/api/civilization/updateGroup' ? reply : routes[`${method} ${url.pathname}`];
    const { status, body: answer } = route ? route(body) : { status: 404, body: { message: `No route for ${method} ${url.pathname}` } };
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function civGroup(overrides: Partial<FullGroupDto> = {}): FullGroupDto {
  const settings = defaultCivGroupSettings('Civilization 6');
  Object.assign(
    settings.victoryTypes.find((e) => e.title === 'Science Victory')!,
    { isEnabled: false, lockedValue: 'Off', value: 'Off' },
  );
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
    settings,
    gameSettingsUpdatedAt: 0,
    cards: [],
    ...overrides,
  };
}

function renderPanel(group: FullGroupDto) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AppStateProvider>
        <ToastProvider>
          <GameSettingsPanel group={group} />
        </ToastProvider>
      </AppStateProvider>
    </QueryClientProvider>,
  );
  return client;
}

/** The Game Settings card (the Seasons card sits beside it). */
const gameSettingsCard = () => within(screen.getByRole('heading', { name: 'Game Settings', level: 3 }).closest('.card') as HTMLElement);
const seasonsCard = () => within(screen.getByRole('heading', { name: 'Seasons', level: 3 }).closest('.card') as HTMLElement);

/** The state the panel shows for a setting: the text of the <dd> after its title. */
const stateOf = (title: string) => screen.getByText(title, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Game Settings panel', () => {
  it('shows the time zone, the ban limit and each entry as Members choose or Locked, grouped by type', () => {
    renderPanel(civGroup({ timeZone: 'Europe/Berlin' }));
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Game Settings', 'Seasons']);
    expect(screen.getByText(/^Time zone:/)).toHaveTextContent('Time zone: Europe/Berlin');
    expect(screen.getByText(/^Max leader bans:/)).toHaveTextContent('Max leader bans: 5');
    expect(screen.getByText(/^Duplicate civilizations:/)).toHaveTextContent('Duplicate civilizations: Not allowed');
    expect(
      gameSettingsCard()
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Game Settings', 'Game Modes', 'Victory Types', 'Trading and Diplomacy']);
    expect(stateOf('Game Speed')).toBe('Members choose');
    expect(stateOf('Science Victory')).toBe('Locked: Off');
    expect(screen.getAllByText(/^Locked:/)).toHaveLength(1);
  });

  it("says 'Cannot get default settings.' for a game without setting definitions", () => {
    renderPanel(civGroup({ gameName: 'Civilization 3', settings: defaultGroupSettings() }));
    expect(screen.getByText('Cannot get default settings.')).toBeVisible();
    expect(screen.getByText(/^Time zone:/)).toHaveTextContent('Time zone: UTC');
  });
});

describe('Edit Game Settings dialog', () => {
  it('posts one updateGroup with the time zone, the ban limit and the changed entries, then toasts and closes', async () => {
    const user = userEvent.setup();
    const group = civGroup();
    reply = () => ({ status: 200, body: group });
    renderPanel(group);
    await user.click(screen.getByRole('button', { name: 'Edit Game Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Game Settings' });
    expect(posted).toEqual([]);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Time Zone' }), 'Europe/Berlin');
    expect(within(dialog).getByRole('combobox', { name: 'Max Leader Bans' })).toHaveValue('5');
    expect(
      within(within(dialog).getByRole('combobox', { name: 'Max Leader Bans' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Max Leader Bans' }), '2');

    // Game Speed: members choose until unlocked, then its locked value can be picked.
    const speed = within(within(dialog).getByRole('group', { name: 'Game Speed' }));
    expect(speed.getByRole('checkbox', { name: 'Members choose' })).toBeChecked();
    expect(speed.getByRole('combobox', { name: 'Locked value' })).toBeDisabled();
    await user.click(speed.getByRole('checkbox', { name: 'Members choose' }));
    await user.selectOptions(speed.getByRole('combobox', { name: 'Locked value' }), 'Quick');
    // Science Victory was locked: let members choose again.
    const science = within(within(dialog).getByRole('group', { name: 'Science Victory' }));
    expect(science.getByRole('combobox', { name: 'Locked value' })).toHaveValue('Off');
    await user.click(science.getByRole('checkbox', { name: 'Members choose' }));
    // Disaster Intensity: a number option stays a number.
    const disasters = within(within(dialog).getByRole('group', { name: 'Disaster Intensity' }));
    await user.click(disasters.getByRole('checkbox', { name: 'Members choose' }));
    await user.selectOptions(disasters.getByRole('combobox', { name: 'Locked value' }), '0');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully saved game setting.')).toBeVisible();
    expect(screen.getByText('Success!')).toBeVisible();
    expect(posted).toEqual([
      {
        path: '/api/civilization/updateGroup?groupID=g1',
        body: {
          timeZone: 'Europe/Berlin',
          settings: {
            maxNumberOfLeaderBans: 2,
            gameSettings: [
              { title: 'Game Speed', isEnabled: false, lockedValue: 'Quick' },
              { title: 'Disaster Intensity', isEnabled: false, lockedValue: 0 },
            ],
            victoryTypes: [{ title: 'Science Victory', isEnabled: true, lockedValue: 'Off' }],
          },
          // The version the dialog opened: a save over someone else's is refused, not silently applied.
          expectedUpdatedAt: 0,
        },
      },
    ]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("'Allow duplicate civilizations' starts from the group's setting (absent: off) and sends allowDuplicateCivs when changed", async () => {
    const user = userEvent.setup();
    const group = civGroup();
    delete group.settings.allowDuplicateCivs;
    reply = () => ({ status: 200, body: { ...group, settings: { ...group.settings, allowDuplicateCivs: true } } });
    renderPanel(group);
    await user.click(screen.getByRole('button', { name: 'Edit Game Settings' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Game Settings' }));
    const duplicates = dialog.getByRole('switch', { name: 'Allow duplicate civilizations' });
    expect(duplicates).not.toBeChecked();
    expect(duplicates).toHaveAccessibleDescription('Let a draft deal one civilization, or two personas of one leader, to two players.');
    await user.click(duplicates);
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully saved game setting.')).toBeVisible();
    expect(posted).toEqual([
      {
        path: '/api/civilization/updateGroup?groupID=g1',
        body: { timeZone: 'UTC', settings: { maxNumberOfLeaderBans: 5, allowDuplicateCivs: true }, expectedUpdatedAt: 0 },
      },
    ]);
  });

  it('turning duplicates off sends allowDuplicateCivs false; the panel shows them allowed', async () => {
    const user = userEvent.setup();
    const group = civGroup();
    group.settings.allowDuplicateCivs = true;
    reply = () => ({ status: 200, body: group });
    renderPanel(group);
    expect(screen.getByText(/^Duplicate civilizations:/)).toHaveTextContent('Duplicate civilizations: Allowed');
    await user.click(screen.getByRole('button', { name: 'Edit Game Settings' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Game Settings' }));
    expect(dialog.getByRole('switch', { name: 'Allow duplicate civilizations' })).toBeChecked();
    await user.click(dialog.getByRole('switch', { name: 'Allow duplicate civilizations' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved game setting.');
    expect(posted[0]?.body).toEqual({
      timeZone: 'UTC',
      settings: { maxNumberOfLeaderBans: 5, allowDuplicateCivs: false },
      expectedUpdatedAt: 0,
    });
  });

  it('lowering the ban limit warns, before saving, that members lose their latest bans beyond it', async () => {
    const user = userEvent.setup();
    const group = civGroup();
    group.settings.maxNumberOfLeaderBans = 3;
    renderPanel(group);
    await user.click(screen.getByRole('button', { name: 'Edit Game Settings' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Game Settings' }));
    const limit = dialog.getByRole('combobox', { name: 'Max Leader Bans' });
    const warning = /removes each member's latest bans/;
    expect(dialog.queryByText(warning)).toBeNull();

    await user.selectOptions(limit, '5');
    expect(dialog.queryByText(warning)).toBeNull();

    await user.selectOptions(limit, '1');
    const shown = dialog.getByRole('status');
    expect(shown).toHaveTextContent(
      "Lowering the limit from 3 to 1 removes each member's latest bans beyond 1 when you save. They will be told on their next visit to Preferences.",
    );
    expect(limit).toHaveAccessibleDescription(expect.stringContaining("removes each member's latest bans beyond 1"));
    expect(posted).toEqual([]);

    await user.selectOptions(limit, '3');
    expect(dialog.queryByText(warning)).toBeNull();
  });

  it("shows the server's per-field errors under their fields and stays open", async () => {
    const user = userEvent.setup();
    reply = () => ({ status: 400, body: { message: 'Invalid input', fields: { timeZone: 'Time zone is not a known IANA time zone' } } });
    renderPanel(civGroup());
    await user.click(screen.getByRole('button', { name: 'Edit Game Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Game Settings' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const timeZone = within(dialog).getByRole('combobox', { name: 'Time Zone' });
    await vi.waitFor(() =>
      expect(timeZone).toHaveAccessibleDescription(expect.stringContaining('Time zone is not a known IANA time zone')),
    );
    expect(timeZone).toBeInvalid();
    expect(screen.getByRole('dialog', { name: 'Edit Game Settings' })).toBeVisible();
    expect(screen.queryByText('Successfully saved game setting.')).toBeNull();
  });

  it('shows a message without a field of its own at the top of the dialog', async () => {
    const user = userEvent.setup();
    reply = () => ({ status: 403, body: { message: 'Only Administrators can do this' } });
    renderPanel(civGroup());
    await user.click(screen.getByRole('button', { name: 'Edit Game Settings' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Only Administrators can do this');
  });

  it('Cancel closes without saving', async () => {
    const user = userEvent.setup();
    renderPanel(civGroup());
    await user.click(screen.getByRole('button', { name: 'Edit Game Settings' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([]);
  });
});

it('an unchanged form posts only the time zone and the ban limit', () => {
  const group = civGroup();
  const form = formFromGroup(group, findCivCatalogue('Civilization 6')!.settings);
  expect(updateGroupBodyFrom(group, form)).toEqual({ timeZone: 'UTC', settings: { maxNumberOfLeaderBans: 5 } });
});

describe('Seasons', () => {
  it('lists the seasons in the viewer’s time zone, the current one without an end', async () => {
    routes['GET /api/civilization/getSeasons'] = () => ({
      status: 200,
      body: [
        season('s2', 'Spring', { minGames: 3, dateStarted: '2026-03-01T15:00:00.000Z' }),
        season('s1', 'Winter', { isCurrent: false, dateStarted: '2025-12-01T15:00:00.000Z', dateEnded: '2026-03-01T15:00:00.000Z' }),
      ],
    });
    renderPanel(civGroup());
    const list = await seasonsCard().findByRole('list', { name: 'Seasons' });
    expect(fetched).toContain('/api/civilization/getSeasons?groupID=g1');
    const [spring, winter] = within(list).getAllByRole('listitem');
    const rowsOf = (item: HTMLElement | undefined) =>
      [...(item?.querySelectorAll('.civ-settings-list-row') ?? [])].map((row) => row.textContent);
    expect(spring).toHaveTextContent(/^SpringCurrent/);
    await vi.waitFor(() => expect(rowsOf(spring)).toEqual(['StartedSun, Mar 1, 2026, 10:00 AM EST', 'Endedcurrent', 'Minimum games3']));
    expect(rowsOf(winter)).toEqual(['StartedMon, Dec 1, 2025, 10:00 AM EST', 'EndedSun, Mar 1, 2026, 10:00 AM EST', 'Minimum games1']);
    expect(within(winter as HTMLElement).queryByText('Current')).toBeNull();
    expect(seasonsCard().getByText('Times are in America/New_York.')).toBeVisible();
  });

  it('starts a season after a confirmation naming the season that ends, then toasts and reloads seasons and rankings', async () => {
    const user = userEvent.setup();
    let seasons = [season('s1', 'Spring')];
    routes['GET /api/civilization/getSeasons'] = () => ({ status: 200, body: seasons });
    routes['POST /api/civilization/startSeason'] = (body) => {
      seasons = [
        season('s2', String(body.name), { minGames: Number(body.minGames) }),
        { ...seasons[0]!, isCurrent: false, dateEnded: '2026-06-01T00:00:00.000Z' },
      ];
      return { status: 200, body: seasons[0] };
    };
    const client = renderPanel(civGroup());
    client.setQueryData(['groups', 'g1', 'rankings', 'ffa'], []);
    await seasonsCard().findByRole('list', { name: 'Seasons' });

    const minGames = seasonsCard().getByLabelText("Minimum games to appear in the season's table");
    expect(minGames).toHaveValue(1);
    await user.type(seasonsCard().getByLabelText('Season name'), '  Summer ');
    await user.clear(minGames);
    await user.type(minGames, '3');
    await user.click(seasonsCard().getByRole('button', { name: 'Start season' }));

    const confirm = screen.getByRole('dialog', { name: 'Start a new season?' });
    expect(confirm).toHaveTextContent('Spring ends now and Summer starts');
    expect(posted).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Start season' }));

    expect(await screen.findByText('Season Summer has started.')).toBeVisible();
    expect(posted).toEqual([{ path: '/api/civilization/startSeason', body: { groupID: 'g1', name: 'Summer', minGames: 3 } }]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const list = seasonsCard().getByRole('list', { name: 'Seasons' });
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(/^SummerCurrent/));
    expect(client.getQueryState(['groups', 'g1', 'rankings', 'ffa'])?.isInvalidated).toBe(true);
    // The form is ready for the next season.
    expect(seasonsCard().getByLabelText('Season name')).toHaveValue('');
  });

  it('says the first season starts now when there is none yet', async () => {
    const user = userEvent.setup();
    renderPanel(civGroup());
    expect(await seasonsCard().findByText(/^No seasons yet/)).toBeVisible();
    await user.type(seasonsCard().getByLabelText('Season name'), 'Opening');
    await user.click(seasonsCard().getByRole('button', { name: 'Start season' }));
    expect(screen.getByRole('dialog', { name: 'Start a new season?' })).toHaveTextContent('Opening starts now');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([]);
  });

  it('answers a missing name or a bad minimum under the field before asking', async () => {
    const user = userEvent.setup();
    renderPanel(civGroup());
    await seasonsCard().findByText(/^No seasons yet/);
    const minGames = seasonsCard().getByLabelText("Minimum games to appear in the season's table");
    await user.clear(minGames);
    await user.type(minGames, '0');
    await user.click(seasonsCard().getByRole('button', { name: 'Start season' }));
    expect(seasonsCard().getByLabelText('Season name')).toHaveAccessibleDescription('Season name is required');
    expect(minGames).toHaveAccessibleDescription(expect.stringContaining('minGames must be a whole number from 1 to 100'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted).toEqual([]);
  });

  it("shows the server's per-field errors under their fields", async () => {
    const user = userEvent.setup();
    routes['POST /api/civilization/startSeason'] = () => ({
      status: 400,
      body: { message: 'Invalid input', fields: { name: 'A season named Spring already exists' } },
    });
    renderPanel(civGroup());
    await seasonsCard().findByText(/^No seasons yet/);
    await user.type(seasonsCard().getByLabelText('Season name'), 'Spring');
    await user.click(seasonsCard().getByRole('button', { name: 'Start season' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Start season' }));
    await vi.waitFor(() =>
      expect(seasonsCard().getByLabelText('Season name')).toHaveAccessibleDescription('A season named Spring already exists'),
    );
    expect(seasonsCard().getByLabelText('Season name')).toHaveValue('Spring');
    expect(screen.queryByText(/has started/)).toBeNull();
  });

  it('shows a refusal without a field at the top of the form', async () => {
    const user = userEvent.setup();
    routes['POST /api/civilization/startSeason'] = () => ({ status: 403, body: { message: 'Only Administrators can start a season' } });
    renderPanel(civGroup());
    await seasonsCard().findByText(/^No seasons yet/);
    await user.type(seasonsCard().getByLabelText('Season name'), 'Spring');
    await user.click(seasonsCard().getByRole('button', { name: 'Start season' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Start season' }));
    expect(await seasonsCard().findByRole('alert')).toHaveTextContent('Only Administrators can start a season');
  });
});
