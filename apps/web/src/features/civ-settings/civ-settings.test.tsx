import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultCivGroupSettings, findCivCatalogue } from '@smm/shared/civilization/catalogue';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { defaultGroupSettings } from '@smm/shared/groups/settings';
import { ToastProvider } from '../../lib/ui/toasts';
import { GameSettingsPanel } from './components/GameSettingsPanel';
import { formFromGroup, updateGroupBodyFrom } from './game-settings-form';

type Reply = { status: number; body: unknown };
let reply: (body: Record<string, unknown>) => Reply;
let posted: { path: string; body: Record<string, unknown> }[];

// Only the network is replaced: the panel, the dialog, its mutation and the real api client all run.
beforeEach(() => {
  posted = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    posted.push({ path: url.pathname + url.search, body });
    const { status, body: answer } = reply(body);
    return new Response(JSON.stringify(answer), { status });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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
    cards: [],
    ...overrides,
  };
}

function renderPanel(group: FullGroupDto) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <GameSettingsPanel group={group} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

/** The state the panel shows for a setting: the text of the <dd> after its title. */
const stateOf = (title: string) => screen.getByText(title, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Game Settings panel', () => {
  it('shows the time zone, the ban limit and each entry as Members choose or Locked, grouped by type', () => {
    renderPanel(civGroup({ timeZone: 'Europe/Berlin' }));
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Game Settings');
    expect(screen.getByText(/^Time zone:/)).toHaveTextContent('Time zone: Europe/Berlin');
    expect(screen.getByText(/^Max leader bans:/)).toHaveTextContent('Max leader bans: 5');
    expect(screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual([
      'Game Settings',
      'Game Modes',
      'Victory Types',
      'Trading and Diplomacy',
    ]);
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
        },
      },
    ]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
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
