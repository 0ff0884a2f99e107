import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { defaultCivGroupSettings, findCivCatalogue } from '@smm/shared/civilization/catalogue';
import { BANS_DROPPED_NOTICE, type CivPreferencesDto } from '@smm/shared/civilization/schemas';
import type { FullGroupDto, GroupDto } from '@smm/shared/groups/schemas';
import type { GroupSettings } from '@smm/shared/groups/settings';
import { ToastProvider } from '../../lib/ui/toasts';
import type { GroupArea } from '../groups/components/area/group-area';
import PreferencesPage from './pages/PreferencesPage';

const civ6 = findCivCatalogue('Civilization 6')!;
const leaderOf = (civID: string) => {
  const { leader, nation } = civ6.leaders.find((l) => l.civID === civID)!;
  return { civID, leader, nation };
};

let settings: GroupSettings;
let prefs: CivPreferencesDto;
/** When set, the next POST answers this instead of the fake server's state. */
let failNext: { status: number; message: string } | null;
let posted: { path: string; body: Record<string, unknown> }[];
/** When set, POSTs wait for this promise before they are answered. */
let hold: Promise<void> | null;

/**
 * Only the network is replaced, by a tiny server that keeps one member's preferences as the real
 * one does: the page, its queries and mutations and the real api client all run.
 */
function answer(path: string, body: Record<string, unknown>): { status: number; body: unknown } {
  if (path === '/api/groups/getFullGroup') return { status: 200, body: fullGroup() };
  if (path === '/api/civilization/getCivPreferences') {
    // The server forgets notices once it has returned them.
    const read = prefs;
    prefs = { ...prefs, notices: [] };
    return { status: 200, body: read };
  }
  if (failNext) {
    const { status, message } = failNext;
    failNext = null;
    return { status, body: { message } };
  }
  const toggle = <T,>(list: T[], item: T, same: (a: T) => boolean) =>
    body.operation === 'add' ? [...list.filter((x) => !same(x)), item] : list.filter((x) => !same(x));
  switch (path) {
    case '/api/civilization/postUserLeaderAgenda':
      prefs = { ...prefs, userLeaderAgenda: String(body.userLeaderAgenda).trim() };
      return { status: 200, body: { userLeaderAgenda: prefs.userLeaderAgenda } };
    case '/api/civilization/postCivLeaderBanPreference': {
      const civID = String(body.leader);
      prefs = { ...prefs, leaderBans: toggle(prefs.leaderBans, leaderOf(civID), (b) => b.civID === civID) };
      return { status: 200, body: prefs };
    }
    case '/api/civilization/postCivMapPreference': {
      const map = civ6.maps.find((m) => m.name === body.map)!;
      prefs = { ...prefs, maps: toggle(prefs.maps, map, (m) => m.name === map.name) };
      return { status: 200, body: prefs };
    }
    case '/api/civilization/postOwnedPacks': {
      const owned = body.ownedPacks as string[] | null;
      prefs = { ...prefs, ownedPacks: owned && ['Base Game', ...owned] };
      return { status: 200, body: prefs };
    }
    case '/api/civilization/postGameSettingPreference': {
      const type = body.settingType as 'gameSettings';
      prefs = {
        ...prefs,
        [type]: [...prefs[type].filter((p) => p.title !== body.title), { title: String(body.title), value: body.value as string | number }],
      };
      return { status: 200, body: prefs };
    }
  }
  return { status: 404, body: { message: 'Not found' } };
}

beforeEach(() => {
  settings = defaultCivGroupSettings('Civilization 6');
  prefs = {
    groupID: 'g1',
    userID: 'me',
    username: 'Me',
    userLeaderAgenda: '',
    leaderBans: [],
    maps: [],
    gameSettings: [],
    gameModes: [],
    victoryTypes: [],
    tradingAndDiplomacy: [],
  };
  failNext = null;
  hold = null;
  posted = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (init?.method === 'POST') {
      posted.push({ path: url.pathname, body });
      if (hold) await hold;
    }
    const reply = answer(url.pathname, body);
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fullGroup(): FullGroupDto {
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
  };
}

function renderPage(gameName = 'Civilization 6', client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const group: GroupDto = { ...fullGroup(), gameName, members: [] };
  const area: GroupArea = {
    area: 'civGroup',
    groupID: 'g1',
    group,
    viewer: 'member',
    context: { viewer: 'member', isPrivate: true },
    user: { id: 'me', username: 'Me' },
  };
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/civGroup/preferences?groupID=g1']}>
        <ToastProvider>
          <Routes>
            <Route path="/civGroup" element={<Outlet context={area} />}>
              <Route path="preferences" element={<PreferencesPage />} />
            </Route>
          </Routes>
        </ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const section = (name: string | RegExp) => screen.getByRole('region', { name });
const leaderBox = (label: string) => within(section(/^Leader Bans/)).getByRole('checkbox', { name: label });
/** The toast with this title and body (toasts stay up 3 s, longer than any test step). */
const toast = async (title: string, body: string) => {
  const found = await screen.findByText(body, { selector: '.toast-body' });
  expect(within(found.closest('.toast') as HTMLElement).getByText(title)).toBeInTheDocument();
};

async function loaded() {
  expect(screen.getByRole('status')).toHaveTextContent('Loading preferences…');
  await screen.findByRole('region', { name: 'User Leader Agenda' });
}

it('shows the five sections with the spec headings, the ban limit in the title', async () => {
  settings.maxNumberOfLeaderBans = 3;
  renderPage();
  await loaded();
  expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
    'User Leader Agenda',
    'Game Settings',
    'Map Types',
    'DLC you own',
    'Leader Bans (Max: 3)',
  ]);
  const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
  expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  // Every jump link leads to a section.
  for (const link of within(screen.getByRole('navigation', { name: 'Preferences sections' })).getAllByRole('link'))
    expect(document.querySelector(link.getAttribute('href')!)).toHaveAttribute('aria-labelledby');
  expect(
    within(section('Game Settings'))
      .getAllByRole('heading', { level: 4 })
      .map((h) => h.textContent),
  ).toEqual(['Game Settings', 'Game Modes', 'Victory Types', 'Trading and Diplomacy']);
});

it("shows 'Failure to retrieve civilizations' for a game without a civ list", async () => {
  renderPage('Civilization 3');
  expect(await screen.findByText('Failure to retrieve civilizations')).toBeVisible();
  expect(screen.queryByRole('region', { name: /^Leader Bans/ })).toBeNull();
});

describe('Game Settings', () => {
  it('disables locked settings and shows their locked value; the others show the preference or the group value', async () => {
    const speed = settings.gameSettings.find((e) => e.title === 'Game Speed')!;
    Object.assign(speed, { isEnabled: false, lockedValue: 'Quick', value: 'Quick' });
    prefs.gameSettings = [
      { title: 'Game Speed', value: 'Epic' },
      { title: 'Map Size', value: 'Huge' },
    ];
    renderPage();
    await loaded();
    const gameSpeed = screen.getByRole('combobox', { name: 'Game Speed' });
    expect(gameSpeed).toBeDisabled();
    expect(gameSpeed).toHaveValue('Quick');
    expect(gameSpeed).toHaveAccessibleDescription('Locked');
    expect(screen.getByRole('combobox', { name: 'Map Size' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Map Size' })).toHaveValue('Huge');
    expect(screen.getByRole('combobox', { name: 'Turn Mode' })).toHaveValue('Dynamic Turns');
    expect(within(section('Game Settings')).getAllByText('Locked')).toHaveLength(1);
  });

  it("saves a change at once, numbers as numbers, and toasts 'Successfully saved game setting preference.'", async () => {
    const user = userEvent.setup();
    renderPage();
    await loaded();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Disaster Intensity' }), '4');
    await toast('Success!', 'Successfully saved game setting preference.');
    expect(posted).toEqual([
      { path: '/api/civilization/postGameSettingPreference', body: { title: 'Disaster Intensity', value: 4, settingType: 'gameSettings' } },
    ]);
    expect(screen.getByRole('combobox', { name: 'Disaster Intensity' })).toHaveValue('4');
  });

  it("a refused change shows 'Error!' with the server's message and returns to the saved value", async () => {
    const user = userEvent.setup();
    prefs.gameSettings = [{ title: 'Map Size', value: 'Small' }];
    renderPage();
    await loaded();
    failNext = { status: 409, message: 'This setting is locked by the group' };
    await user.selectOptions(screen.getByRole('combobox', { name: 'Map Size' }), 'Huge');
    await toast('Error!', 'This setting is locked by the group');
    expect(screen.getByRole('combobox', { name: 'Map Size' })).toHaveValue('Small');
  });

  it('a setting the group locked while the page was open: the refusal reads the group again and shows the lock', async () => {
    const user = userEvent.setup();
    renderPage();
    await loaded();
    Object.assign(
      settings.gameSettings.find((e) => e.title === 'Map Size')!,
      { isEnabled: false, lockedValue: 'Large', value: 'Large' },
    );
    failNext = { status: 409, message: 'This setting is locked by the group' };
    await user.selectOptions(screen.getByRole('combobox', { name: 'Map Size' }), 'Huge');
    await toast('Error!', 'This setting is locked by the group');
    await vi.waitFor(() => expect(screen.getByRole('combobox', { name: 'Map Size' })).toBeDisabled());
    expect(screen.getByRole('combobox', { name: 'Map Size' })).toHaveValue('Large');
  });
});

describe('Map Types', () => {
  it("shows each map's minimum players and saves a choice with 'Successfully saved map choice'", async () => {
    const user = userEvent.setup();
    renderPage();
    await loaded();
    const maps = within(section('Map Types'));
    expect(maps.getAllByRole('checkbox')).toHaveLength(civ6.maps.length);
    expect(maps.getByRole('checkbox', { name: 'Continents (1+ players)' })).not.toBeChecked();
    await user.click(maps.getByRole('checkbox', { name: 'Earth (6+ players)' }));
    await toast('Success!', 'Successfully saved map choice');
    expect(posted).toEqual([{ path: '/api/civilization/postCivMapPreference', body: { map: 'Earth', operation: 'add' } }]);
    expect(maps.getByRole('checkbox', { name: 'Earth (6+ players)' })).toBeChecked();
    await user.click(maps.getByRole('checkbox', { name: 'Earth (6+ players)' }));
    await vi.waitFor(() => expect(posted.at(-1)?.body).toEqual({ map: 'Earth', operation: 'remove' }));
    await vi.waitFor(() => expect(maps.getByRole('checkbox', { name: 'Earth (6+ players)' })).not.toBeChecked());
  });
});

describe('Leader Bans', () => {
  it('groups leaders under their packs in catalogue order; the search box filters by leader or nation', async () => {
    const user = userEvent.setup();
    renderPage();
    await loaded();
    const bans = within(section(/^Leader Bans/));
    const packHeadings = () => bans.queryAllByRole('heading', { level: 4 }).map((h) => h.textContent);
    const packsWithLeaders = civ6.packs.filter((pack) => civ6.leaders.some((l) => l.pack === pack));
    expect(packHeadings()).toEqual(packsWithLeaders);
    expect(bans.getAllByRole('checkbox')).toHaveLength(civ6.leaders.length);

    await user.type(bans.getByRole('searchbox', { name: 'Search leaders' }), 'indo');
    expect(bans.getAllByRole('checkbox').map((box) => box.getAttribute('id'))).toEqual(['ban-LEADER_GITARJA']);
    expect(bans.getByRole('checkbox', { name: 'Gitarja (Indonesia)' })).toBeVisible();
    expect(packHeadings()).toEqual(['Khmer and Indonesia Civilization & Scenario Pack']);

    await user.clear(bans.getByRole('searchbox', { name: 'Search leaders' }));
    await user.type(bans.getByRole('searchbox', { name: 'Search leaders' }), 'trajan');
    expect(bans.getAllByRole('checkbox').map((box) => box.getAttribute('id'))).toEqual(['ban-LEADER_TRAJAN']);
    await user.type(bans.getByRole('searchbox', { name: 'Search leaders' }), 'xyz');
    expect(bans.queryAllByRole('checkbox')).toHaveLength(0);
    expect(bans.getByText('No leaders match “trajanxyz”.')).toBeVisible();
  });

  it("at the limit the unchecked leaders are disabled; a ban toasts 'Successfully saved leader ban choice'", async () => {
    const user = userEvent.setup();
    settings.maxNumberOfLeaderBans = 2;
    prefs.leaderBans = [leaderOf('LEADER_TRAJAN')];
    renderPage();
    await loaded();
    expect(leaderBox('Trajan (Rome)')).toBeChecked();
    expect(leaderBox('Gorgo (Greece)')).toBeEnabled();

    await user.click(leaderBox('Gitarja (Indonesia)'));
    await toast('Success!', 'Successfully saved leader ban choice');
    expect(posted).toEqual([
      { path: '/api/civilization/postCivLeaderBanPreference', body: { leader: 'LEADER_GITARJA', operation: 'add' } },
    ]);
    expect(leaderBox('Gitarja (Indonesia)')).toBeChecked();
    const unchecked = within(section(/^Leader Bans/))
      .getAllByRole('checkbox')
      .filter((box) => !(box as HTMLInputElement).checked);
    expect(unchecked).toHaveLength(civ6.leaders.length - 2);
    for (const box of unchecked) expect(box).toBeDisabled();
    expect(leaderBox('Trajan (Rome)')).toBeEnabled();
    expect(screen.getByTestId('ban-count')).toHaveTextContent('2 of 2 banned');
    // In the order they were made, as drafts count them.
    expect(screen.getByTestId('banned-leaders')).toHaveTextContent('Banned: Trajan (Rome), Gitarja (Indonesia)');

    // Unbanning frees a place again.
    await user.click(leaderBox('Trajan (Rome)'));
    await vi.waitFor(() => expect(leaderBox('Gorgo (Greece)')).toBeEnabled());
    expect(posted.at(-1)).toEqual({
      path: '/api/civilization/postCivLeaderBanPreference',
      body: { leader: 'LEADER_TRAJAN', operation: 'remove' },
    });
  });

  it('a ban on its way already counts: it shows checked and the other leaders are disabled', async () => {
    const user = userEvent.setup();
    settings.maxNumberOfLeaderBans = 1;
    let release = () => {};
    hold = new Promise((resolve) => (release = resolve));
    renderPage();
    await loaded();
    await user.click(leaderBox('Gitarja (Indonesia)'));
    expect(leaderBox('Gitarja (Indonesia)')).toBeChecked();
    expect(leaderBox('Trajan (Rome)')).toBeDisabled();
    expect(screen.queryByText('Successfully saved leader ban choice')).toBeNull();
    release();
    await toast('Success!', 'Successfully saved leader ban choice');
    expect(leaderBox('Gitarja (Indonesia)')).toBeChecked();
    expect(leaderBox('Trajan (Rome)')).toBeDisabled();
  });

  it("a refused ban shows 'Error!' with the server's message and the leader is unchecked again", async () => {
    const user = userEvent.setup();
    renderPage();
    await loaded();
    failNext = { status: 409, message: 'You can ban at most 5 leaders in this group' };
    await user.click(leaderBox('Gitarja (Indonesia)'));
    await toast('Error!', 'You can ban at most 5 leaders in this group');
    expect(leaderBox('Gitarja (Indonesia)')).not.toBeChecked();
    expect(screen.getByTestId('ban-count')).toHaveTextContent('0 of 5 banned');
  });

  it('over a lowered limit: warns that only the first n count, marks the others, and lets the member uncheck', async () => {
    const user = userEvent.setup();
    settings.maxNumberOfLeaderBans = 1;
    prefs.leaderBans = [leaderOf('LEADER_GITARJA'), leaderOf('LEADER_TRAJAN')];
    renderPage();
    await loaded();
    const bans = within(section(/^Leader Bans/));
    expect(bans.getByText(/Only your first 1 count in drafts: Gitarja \(Indonesia\)\./)).toBeVisible();
    expect(leaderBox('Trajan (Rome)')).toHaveAccessibleDescription('Not counted');
    expect(leaderBox('Gitarja (Indonesia)')).not.toHaveAccessibleDescription('Not counted');
    expect(leaderBox('Gorgo (Greece)')).toBeDisabled();
    expect(leaderBox('Trajan (Rome)')).toBeEnabled();
    await user.click(leaderBox('Trajan (Rome)'));
    await toast('Success!', 'Successfully saved leader ban choice');
    expect(bans.queryByText(/Only your first/)).toBeNull();
    expect(leaderBox('Gorgo (Greece)')).toBeDisabled();
  });
});

describe('User Leader Agenda', () => {
  it('saves the agenda with Save and toasts', async () => {
    const user = userEvent.setup();
    prefs.userLeaderAgenda = 'Builder';
    renderPage();
    await loaded();
    const agenda = screen.getByRole('textbox', { name: 'Leader Agenda' });
    expect(agenda).toHaveValue('Builder');
    expect(agenda).toHaveAttribute('maxLength', '500');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(agenda);
    await user.type(agenda, 'Wonder spammer  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await toast('Success!', 'Successfully saved leader agenda');
    expect(posted).toEqual([{ path: '/api/civilization/postUserLeaderAgenda', body: { userLeaderAgenda: 'Wonder spammer  ' } }]);
    expect(agenda).toHaveValue('Wonder spammer');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("shows the server's message under the field when the save fails, keeping the text", async () => {
    const user = userEvent.setup();
    renderPage();
    await loaded();
    failNext = { status: 400, message: 'Invalid input' };
    await user.type(screen.getByRole('textbox', { name: 'Leader Agenda' }), 'Peaceful');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await toast('Error!', 'Invalid input');
    expect(screen.getByRole('textbox', { name: 'Leader Agenda' })).toHaveValue('Peaceful');
    expect(screen.getByRole('textbox', { name: 'Leader Agenda' })).toHaveAccessibleDescription(expect.stringContaining('Invalid input'));
  });
});

describe('DLC you own', () => {
  const dlc = civ6.packs.filter((pack) => pack !== 'Base Game');
  const packs = () => within(section('DLC you own'));
  const packBox = (name: string) => packs().getByRole('checkbox', { name });
  const state = () => screen.getByTestId('owned-packs-state');

  it('until the member says, every pack is ticked and the page says so; unticking one saves every other pack', async () => {
    const user = userEvent.setup();
    prefs.ownedPacks = null;
    renderPage();
    await loaded();
    expect(packs().getAllByRole('checkbox')).toHaveLength(civ6.packs.length);
    for (const box of packs().getAllByRole('checkbox')) expect(box).toBeChecked();
    expect(state()).toHaveTextContent('I have not said: deal me leaders from every pack');
    expect(packs().getByText(/applies to every group of Civilization 6/)).toBeVisible();
    expect(packs().getByRole('button', { name: 'Reset to every pack' })).toBeDisabled();

    await user.click(packBox('Gathering Storm Expansion'));
    await toast('Success!', 'Successfully saved DLC choice');
    expect(posted).toEqual([
      {
        path: '/api/civilization/postOwnedPacks',
        body: { groupID: 'g1', ownedPacks: dlc.filter((pack) => pack !== 'Gathering Storm Expansion') },
      },
    ]);
    expect(packBox('Gathering Storm Expansion')).not.toBeChecked();
    expect(packBox('Rise and Fall Expansion')).toBeChecked();
    const stormLeaders = civ6.leaders.filter((l) => l.pack === 'Gathering Storm Expansion').length;
    expect(state()).toHaveTextContent(
      `${dlc.length - 1} of ${dlc.length} packs, ${civ6.leaders.length - stormLeaders} of ${civ6.leaders.length} leaders`,
    );
  });

  it('shows the saved packs; ticking one sends the whole list with it; Base Game cannot be unticked', async () => {
    const user = userEvent.setup();
    prefs.ownedPacks = ['Base Game', 'Rise and Fall Expansion'];
    renderPage();
    await loaded();
    const checked = packs()
      .getAllByRole('checkbox')
      .filter((box) => (box as HTMLInputElement).checked);
    expect(checked.map((box) => box.getAttribute('id'))).toEqual([
      packBox('Base Game (always owned)').id,
      packBox('Rise and Fall Expansion').id,
    ]);
    expect(state()).not.toHaveTextContent('I have not said');

    const base = packBox('Base Game (always owned)');
    expect(base).toBeDisabled();
    await user.click(base);
    expect(base).toBeChecked();
    expect(posted).toEqual([]);

    await user.click(packBox('Ethiopia Pack'));
    await toast('Success!', 'Successfully saved DLC choice');
    // In catalogue order, without the base game.
    expect(posted).toEqual([
      { path: '/api/civilization/postOwnedPacks', body: { groupID: 'g1', ownedPacks: ['Rise and Fall Expansion', 'Ethiopia Pack'] } },
    ]);
    expect(packBox('Ethiopia Pack')).toBeChecked();
  });

  it("'Reset to every pack' sends null and the page says the member has not said", async () => {
    const user = userEvent.setup();
    prefs.ownedPacks = ['Base Game'];
    renderPage();
    await loaded();
    expect(packBox('Ethiopia Pack')).not.toBeChecked();
    expect(state()).toHaveTextContent(`0 of ${dlc.length} packs`);
    await user.click(packs().getByRole('button', { name: 'Reset to every pack' }));
    await toast('Success!', 'Successfully saved DLC choice');
    expect(posted).toEqual([{ path: '/api/civilization/postOwnedPacks', body: { groupID: 'g1', ownedPacks: null } }]);
    expect(state()).toHaveTextContent('I have not said: deal me leaders from every pack');
    for (const box of packs().getAllByRole('checkbox')) expect(box).toBeChecked();
    expect(packs().getByRole('button', { name: 'Reset to every pack' })).toBeDisabled();
  });

  it('clicks on their way build on each other; a refused one leaves the saved packs', async () => {
    const user = userEvent.setup();
    prefs.ownedPacks = ['Base Game'];
    let release = () => {};
    hold = new Promise((resolve) => (release = resolve));
    renderPage();
    await loaded();
    await user.click(packBox('Ethiopia Pack'));
    await user.click(packBox('Rise and Fall Expansion'));
    expect(packBox('Ethiopia Pack')).toBeChecked();
    expect(packBox('Rise and Fall Expansion')).toBeChecked();
    release();
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]!.body).toEqual({ groupID: 'g1', ownedPacks: ['Rise and Fall Expansion', 'Ethiopia Pack'] });
    // Both saves are told, in one toast counting them.
    await vi.waitFor(() => expect(screen.getByText('×2')).toBeInTheDocument());
    expect(screen.getAllByText('Successfully saved DLC choice')).toHaveLength(1);

    hold = null;
    failNext = { status: 400, message: 'ownedPacks names a pack Civilization 6 does not have' };
    await user.click(packBox('Ethiopia Pack'));
    await toast('Error!', 'ownedPacks names a pack Civilization 6 does not have');
    expect(packBox('Ethiopia Pack')).toBeChecked();
  });
});

describe('Notices', () => {
  const dropped = BANS_DROPPED_NOTICE(['Trajan (Rome)', 'Gorgo (Greece)'], 1);
  const other = 'Something else the group changed.';

  it('shows each notice once, as a warning that can be dismissed, and keeps it when the preferences are read again', async () => {
    const user = userEvent.setup();
    prefs.notices = [dropped, other, dropped];
    const client = renderPage();
    await loaded();
    const notices = within(screen.getByTestId('preference-notices'));
    expect(notices.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([dropped, other]);
    expect(notices.getAllByRole('alert')[0]).toHaveClass('alert-warning');

    // The server no longer has them: a second read must not take them away.
    await client.invalidateQueries({ queryKey: ['groups', 'g1', 'civPreferences'] });
    expect(notices.getAllByRole('alert')).toHaveLength(2);

    await user.click(notices.getAllByRole('button', { name: 'Dismiss notice' })[0]!);
    await vi.waitFor(() => expect(screen.queryByText(dropped)).toBeNull());
    expect(screen.getByText(other)).toBeVisible();
  });

  it('coming back to the page does not show them again', async () => {
    prefs.notices = [dropped];
    const client = renderPage();
    await loaded();
    expect(screen.getByText(dropped)).toBeVisible();
    cleanup();
    renderPage('Civilization 6', client);
    await screen.findByRole('region', { name: 'User Leader Agenda' });
    expect(screen.queryByText(dropped)).toBeNull();
    expect(screen.queryByTestId('preference-notices')).toBeNull();
  });

  it('shows nothing when there are no notices', async () => {
    renderPage();
    await loaded();
    expect(screen.queryByTestId('preference-notices')).toBeNull();
  });
});
