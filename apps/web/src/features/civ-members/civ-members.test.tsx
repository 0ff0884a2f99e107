import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AVAILABILITY_WEEK_MS, freeTimesBetween } from '@smm/shared/civilization/availability';
import type { AvailabilityDto } from '@smm/shared/civilization/schemas';
import type { FullGroupDto, GroupDto } from '@smm/shared/groups/schemas';
import { ToastProvider } from '../../lib/ui/toasts';
import { AppStateProvider } from '../auth/app-state';
import GroupAreaLayout from '../groups/pages/GroupAreaLayout';
import UserSettingsPage from '../groups/pages/UserSettingsPage';
import MembersPage from './pages/MembersPage';
import { withAppProviders } from '../../test/app-providers';

type Reply = { status: number; body: unknown };
/** Answers by "METHOD /path"; a reply may be held back until the test releases it. */
let routes: Record<string, (url: URL) => Reply | Promise<Reply>>;
let posted: { path: string; body: unknown }[];

// Only the network is replaced: the pages, their queries and mutations and the real api client all run.
beforeEach(() => {
  posted = [];
  const payload = btoa(JSON.stringify({ id: 'me', username: 'Me', email: 'me@example.com', steamID: null, exp: Date.now() / 1000 + 3600 }));
  localStorage.setItem('jwtToken', `Bearer e30.${payload}.sig`);
  routes = {
    'GET /api/groups/getGroup': () => ({ status: 200, body: group }),
    'GET /api/groups/getFullGroup': () => ({ status: 200, body: fullGroup }),
    // Answers like the server: each member's slots on their own clock, laid out as instants from weekOf.
    'GET /api/civilization/getGroupAvailability': (url) => {
      const from = Number(url.searchParams.get('weekOf'));
      const to = from + AVAILABILITY_WEEK_MS;
      return {
        status: 200,
        body: { groupID: 'g1', timeZone: 'Europe/Berlin', availability, from, to, freeTimes: freeTimesBetween(availability, from, to) },
      };
    },
    'GET /api/civilization/getPlayerAvailability': () => ({ status: 200, body: availability.filter((row) => row.userID === 'me') }),
    'GET /api/civilization/getGroupLeaderAgendas/g1': () => ({
      status: 200,
      body: [
        { userID: 'owner', username: 'Olga', userLeaderAgenda: 'Science with Korea' },
        { userID: 'me', username: 'Me', userLeaderAgenda: '' },
      ],
    }),
    'GET /api/users/getTimeZone': () => ({ status: 200, body: { timeZone: 'America/New_York' } }),
    // Saves like the server: sets the slot and answers the caller's slots.
    'POST /api/civilization/postPlayerAvailability/g1/me': () => {
      const { day, time, available, timeZone } = posted.at(-1)?.body as {
        day: AvailabilityDto['day'];
        time: AvailabilityDto['time'];
        available: boolean;
        timeZone: string;
      };
      availability = availability.filter((row) => !(row.userID === 'me' && row.day === day && row.time === time));
      if (available) availability.push(slot('me', 'Me', day, time, timeZone));
      return { status: 200, body: availability.filter((row) => row.userID === 'me') };
    },
  };
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method === 'POST') posted.push({ path: url.pathname, body: JSON.parse(String(init?.body)) });
    const route = routes[`${method} ${url.pathname}`];
    const { status, body } = route ? await route(url) : { status: 404, body: { message: `No route for ${method} ${url.pathname}` } };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const members = [
  { userID: 'owner', username: 'Olga', role: 'Administrator' as const, isActive: true, team: null },
  { userID: 'me', username: 'Me', role: 'Member' as const, isActive: true, team: null },
  { userID: 'bo', username: 'Bo', role: 'Member' as const, isActive: true, team: null },
];
const group: GroupDto = {
  _id: 'g1',
  groupName: 'Ancient Rivals',
  gameName: 'Civilization 6',
  linkURL: 'civGroup',
  isPrivate: true,
  groupOwner: 'owner',
  admins: ['owner'],
  members,
};
const fullGroup = {
  ...group,
  inviteLink: 'code',
  inviteURL: 'http://localhost/invite?groupID=g1&inviteLink=code',
  timeZone: 'Europe/Berlin',
  members: members.map((m) => ({ ...m, notifications: { receiveEventNotifications: true } })),
  settings: { maxNumberOfLeaderBans: 5, gameSettings: [], gameModes: [], victoryTypes: [], tradingAndDiplomacy: [] },
  gameSettingsUpdatedAt: 0,
  cards: [],
} satisfies FullGroupDto;

const slot = (
  userID: string,
  username: string,
  day: AvailabilityDto['day'],
  time: AvailabilityDto['time'],
  timeZone = 'America/New_York',
): AvailabilityDto & { timeZone: string } => ({ userID, username, day, time, timeZone });
// Everyone on Saturday Evening; Olga alone on Monday Morning; Bo and Olga on Friday Evening.
let availability: (AvailabilityDto & { timeZone: string })[];
beforeEach(() => {
  availability = [
    slot('owner', 'Olga', 'Monday', 'Morning'),
    slot('bo', 'Bo', 'Friday', 'Evening'),
    slot('owner', 'Olga', 'Friday', 'Evening'),
    slot('me', 'Me', 'Saturday', 'Evening'),
    slot('bo', 'Bo', 'Saturday', 'Evening'),
    slot('owner', 'Olga', 'Saturday', 'Evening'),
  ];
});

function renderAt(path: string) {
  render(
    withAppProviders(
      <>
        <Routes>
          <Route path="/civGroup" element={<GroupAreaLayout />}>
            <Route path="members" element={<MembersPage />} />
            <Route path="userSettings" element={<UserSettingsPage />} />
          </Route>
          <Route path="/runeScapeClan" element={<GroupAreaLayout />}>
            <Route path="userSettings" element={<UserSettingsPage />} />
          </Route>
        </Routes>
      </>,
      path,
    ),
  );
}

/** The cell of a slot in a grid: the row of its day, the column of its part of the day. */
function cellOf(table: HTMLElement, day: string, time: string) {
  const column = within(table)
    .getAllByRole('columnheader')
    .findIndex((header) => header.textContent?.startsWith(time));
  const row = within(table).getByRole('rowheader', { name: day }).closest('tr') as HTMLElement;
  const cell = within(row).getAllByRole('cell')[column - 1];
  if (!cell) throw new Error(`No cell for ${day} ${time}`);
  return cell;
}

const namesIn = (list: HTMLElement | null) =>
  list
    ? within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent)
    : [];

describe('the Members page', () => {
  it('lists who is free in each slot, shades the slots and marks the best one', async () => {
    renderAt('/civGroup/members?groupID=g1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Members' })).toBeInTheDocument();
    // The viewer's profile zone, not the group's.
    const grid = await screen.findByRole('table', { name: 'Members free in the coming week, times in America/New_York' });
    expect(screen.getAllByTestId('availability-zone')[0]).toHaveTextContent('Times in America/New_York, your time zone.');

    expect(namesIn(screen.getByRole('list', { name: 'Free on Saturday Evening' }))).toEqual(['Bo', 'Me', 'Olga']);
    expect(namesIn(screen.getByRole('list', { name: 'Free on Friday Evening' }))).toEqual(['Bo', 'Olga']);
    expect(namesIn(screen.getByRole('list', { name: 'Free on Monday Morning' }))).toEqual(['Olga']);
    expect(screen.queryByRole('list', { name: 'Free on Monday Evening' })).toBeNull();
    // The lists sit in their own day's row and part-of-the-day column.
    expect(within(cellOf(grid, 'Saturday', 'Evening')).getByRole('list')).toBe(
      screen.getByRole('list', { name: 'Free on Saturday Evening' }),
    );
    expect(within(cellOf(grid, 'Monday', 'Morning')).getByText('Olga')).toBeInTheDocument();
    expect(within(cellOf(grid, 'Monday', 'Evening')).queryByRole('list')).toBeNull();

    // Shades grow with the number free; all three of three is the darkest.
    expect(cellOf(grid, 'Saturday', 'Evening')).toHaveAttribute('data-level', '4');
    expect(cellOf(grid, 'Friday', 'Evening')).toHaveAttribute('data-level', '3');
    expect(cellOf(grid, 'Monday', 'Morning')).toHaveAttribute('data-level', '2');
    expect(cellOf(grid, 'Monday', 'Evening')).toHaveAttribute('data-level', '0');

    // The best slot carries a text badge, not only a colour, and is named above the grid.
    expect(within(grid).getAllByText('Best')).toHaveLength(1);
    expect(within(cellOf(grid, 'Saturday', 'Evening')).getByText('Best')).toBeInTheDocument();
    expect(screen.getByText('Best times: Saturday Evening (3 members)')).toBeInTheDocument();
    // Every slot can be planned.
    expect(within(grid).getAllByRole('button', { name: /^Plan an event on / })).toHaveLength(21);
  });

  it('shows the members table with Member, Leader Agenda and Role, the owner marked', async () => {
    renderAt('/civGroup/members?groupID=g1');
    const heading = await screen.findByRole('columnheader', { name: 'Leader Agenda' });
    const membersTable = heading.closest('table') as HTMLElement;
    expect(
      within(membersTable)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Member', 'Leader Agenda', 'Role']);
    const rows = within(membersTable).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['OlgaOwner', 'Science with Korea', 'Administrator'],
      ['Me', 'Not set', 'Member'],
      ['Bo', 'Not set', 'Member'],
    ]);
  });

  it('Plan an event opens the event dialog at the next Saturday evening of the viewer zone', async () => {
    // Monday 23 November 2026, 12:00 UTC. Saturday Evening in New York is 19:00-23:00 EST, 00:00-04:00 UTC on Sunday.
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 23, 12), toFake: ['Date'] });
    const user = userEvent.setup();
    routes['POST /api/events/postEvent'] = () => ({
      status: 200,
      body: {
        _id: 'e1',
        groupID: 'g1',
        userID: 'me',
        eventName: 'Saturday Evening game',
        startDate: '2026-11-29T00:00:00.000Z',
        endDate: '2026-11-29T04:00:00.000Z',
        maxNumberOfMembers: 12,
        attendingMembers: [],
        isDrafted: false,
        draftGameID: null,
      },
    });
    renderAt('/civGroup/members?groupID=g1');
    await user.click(await screen.findByRole('button', { name: 'Plan an event on Saturday Evening' }));

    // The dialog and its date picker load on first use.
    const dialog = await screen.findByRole('dialog', { name: 'Add Event' }, { timeout: 15_000 });
    expect(within(dialog).getByLabelText('Event Name')).toHaveValue('Saturday Evening game');
    expect(within(dialog).getByLabelText('Start Time')).toHaveValue('Nov 28, 2026 7:00 PM');
    expect(within(dialog).getByLabelText('End Time')).toHaveValue('Nov 28, 2026 11:00 PM');
    expect(within(dialog).getAllByText('Time zone: America/New_York')).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Planned Saturday Evening game; it is on the Events page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add Event' })).toBeNull();
    expect(posted).toEqual([
      {
        path: '/api/events/postEvent',
        body: {
          groupID: 'g1',
          userID: 'me',
          eventName: 'Saturday Evening game',
          startDate: '2026-11-29T00:00:00.000Z',
          endDate: '2026-11-29T04:00:00.000Z',
          maxNumberOfMembers: 12,
        },
      },
    ]);
  });
});

describe('the hourly heat map', () => {
  it("lays a Tokyo member's Saturday evening on the New York viewer's Saturday morning, says who, and plans from an hour", async () => {
    // Monday 23 November 2026, 12:00 UTC. Kenji's Saturday 19:00-23:00 in Tokyo is 5:00-9:00 in New York.
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 23, 12), toFake: ['Date'] });
    availability = [slot('kenji', 'Kenji', 'Saturday', 'Evening', 'Asia/Tokyo'), slot('bo', 'Bo', 'Saturday', 'Morning')];
    const user = userEvent.setup();
    renderAt('/civGroup/members?groupID=g1');
    const map = await screen.findByRole('table', { name: 'Members free each hour of the coming week, times in America/New_York' });
    expect(
      within(map)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Hour', 'Mon23', 'Tue24', 'Wed25', 'Thu26', 'Fri27', 'Sat28', 'Sun29']);
    expect(within(map).getByRole('button', { name: 'Saturday 28 November 04:00: 0 of 3 free' })).toBeInTheDocument();
    expect(within(map).getByRole('button', { name: 'Saturday 28 November 05:00: 1 of 3 free: Kenji' })).toHaveTextContent('1');
    expect(within(map).getByRole('button', { name: 'Saturday 28 November 08:00: 1 of 3 free: Kenji' })).toBeInTheDocument();
    // Bo's own Saturday morning in New York starts as Kenji's evening ends.
    expect(within(map).getByRole('button', { name: 'Saturday 28 November 09:00: 1 of 3 free: Bo' })).toBeInTheDocument();

    // The slot grid on the viewer's clock: Kenji is not free for an hour of Saturday Morning (9-12 in New York).
    expect(namesIn(screen.getByRole('list', { name: 'Free on Saturday Morning' }))).toEqual(['Bo']);

    const five = within(map).getByRole('button', { name: /^Saturday 28 November 05:00/ });
    await user.hover(five);
    expect(screen.getByTestId('hour-detail')).toHaveTextContent(
      'Saturday 28 November, 05:00–06:00 (America/New_York): 1 of 3 free: Kenji.',
    );
    await user.click(five);
    expect(five).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(screen.getByTestId('hour-detail')).getByRole('button', { name: 'Plan an event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Event' }, { timeout: 15_000 });
    expect(within(dialog).getByLabelText('Event Name')).toHaveValue('Saturday 05:00 game');
    // From the chosen hour for as long as Kenji stays free.
    expect(within(dialog).getByLabelText('Start Time')).toHaveValue('Nov 28, 2026 5:00 AM');
    expect(within(dialog).getByLabelText('End Time')).toHaveValue('Nov 28, 2026 9:00 AM');
  });

  it('plans an hour under way from the next five minutes and says an hour gone has passed', async () => {
    // Saturday 28 November 2026, 5:32 in New York: Kenji's 5:00 hour is under way, 4:00 has passed.
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 10, 32), toFake: ['Date'] });
    availability = [slot('kenji', 'Kenji', 'Saturday', 'Evening', 'Asia/Tokyo')];
    const user = userEvent.setup();
    renderAt('/civGroup/members?groupID=g1');
    const map = await screen.findByRole('table', { name: 'Members free each hour of the coming week, times in America/New_York' });
    const detail = () => within(screen.getByTestId('hour-detail'));
    await user.click(within(map).getByRole('button', { name: /^Saturday 28 November 04:00/ }));
    expect(detail().getByText('This hour has passed.')).toBeInTheDocument();
    expect(detail().queryByRole('button', { name: 'Plan an event' })).not.toBeInTheDocument();

    await user.click(within(map).getByRole('button', { name: /^Saturday 28 November 05:00/ }));
    await user.click(detail().getByRole('button', { name: 'Plan an event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Event' }, { timeout: 15_000 });
    expect(within(dialog).getByLabelText('Event Name')).toHaveValue('Saturday 05:35 game');
    expect(within(dialog).getByLabelText('Start Time')).toHaveValue('Nov 28, 2026 5:35 AM');
    expect(within(dialog).getByLabelText('End Time')).toHaveValue('Nov 28, 2026 9:00 AM');
  });
});

describe('Weekly Availability on User Settings', () => {
  it('ticks the member own slots, names their own zone, and keeps the User and Notifications cards', async () => {
    renderAt('/civGroup/userSettings?groupID=g1');
    expect(await screen.findByRole('heading', { name: 'Weekly Availability' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Saturday Evening' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Monday Morning' })).not.toBeChecked();
    expect(
      screen.getAllByRole('checkbox', { name: /^(Sun|Mon|Tues|Wednes|Thurs|Fri|Satur)day (Morning|Afternoon|Evening)$/ }),
    ).toHaveLength(21);
    expect(screen.getByText(/Times are in/)).toHaveTextContent('Times are in America/New_York, your time zone (from your profile).');
    expect(screen.getByRole('heading', { name: 'User' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('saves a click at once, showing it before the server answers', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const save = routes['POST /api/civilization/postPlayerAvailability/g1/me']!;
    routes['POST /api/civilization/postPlayerAvailability/g1/me'] = (url) =>
      new Promise<void>((resolve) => (release = resolve)).then(() => save(url));
    renderAt('/civGroup/userSettings?groupID=g1');
    const monday = await screen.findByRole('checkbox', { name: 'Monday Evening' });
    await user.click(monday);
    expect(monday).toBeChecked();
    expect(posted).toEqual([
      {
        path: '/api/civilization/postPlayerAvailability/g1/me',
        body: { day: 'Monday', time: 'Evening', available: true, timeZone: 'America/New_York' },
      },
    ]);
    expect(screen.getByText('Saving…')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(monday).toBeChecked();
    expect(availability.filter((row) => row.userID === 'me').map((row) => `${row.day} ${row.time}`)).toEqual([
      'Saturday Evening',
      'Monday Evening',
    ]);

    await user.click(screen.getByRole('checkbox', { name: 'Saturday Evening' }));
    expect(posted[1]?.body).toEqual({ day: 'Saturday', time: 'Evening', available: false, timeZone: 'America/New_York' });
  });

  it('undoes a click the server refuses, and only that one, and says why', async () => {
    const user = userEvent.setup();
    // Later reads of the member's slots never answer: only the undo itself can clear the cell.
    const firstRead = routes['GET /api/civilization/getPlayerAvailability']!;
    let reads = 0;
    routes['GET /api/civilization/getPlayerAvailability'] = (url) => ((reads += 1) === 1 ? firstRead(url) : new Promise<Reply>(() => {}));
    let refuse: () => void = () => {};
    let release: () => void = () => {};
    const save = routes['POST /api/civilization/postPlayerAvailability/g1/me']!;
    routes['POST /api/civilization/postPlayerAvailability/g1/me'] = (url) =>
      posted.length === 1
        ? new Promise<Reply>((resolve) => (refuse = () => resolve({ status: 500, body: { message: 'The database is busy' } })))
        : new Promise<void>((resolve) => (release = resolve)).then(() => save(url));
    renderAt('/civGroup/userSettings?groupID=g1');
    const tuesday = await screen.findByRole('checkbox', { name: 'Tuesday Afternoon' });
    const sunday = screen.getByRole('checkbox', { name: 'Sunday Morning' });
    await user.click(tuesday);
    await user.click(sunday);
    expect(tuesday).toBeChecked();
    expect(sunday).toBeChecked();
    // Saves go out one at a time, in click order.
    expect(posted.map((p) => p.body)).toEqual([{ day: 'Tuesday', time: 'Afternoon', available: true, timeZone: 'America/New_York' }]);

    refuse();
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error!');
    expect(toast).toHaveTextContent('Tuesday Afternoon was not saved: The database is busy');
    await vi.waitFor(() => expect(tuesday).not.toBeChecked());
    // The click made after it stays and is saved next; the other cells keep what the member had.
    expect(sunday).toBeChecked();
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]?.body).toEqual({ day: 'Sunday', time: 'Morning', available: true, timeZone: 'America/New_York' });
    release();
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(sunday).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Saturday Evening' })).toBeChecked();
  });

  it('is not shown for a clan', async () => {
    routes['GET /api/groups/getGroup'] = () => ({
      status: 200,
      body: { ...group, gameName: 'Old School RuneScape', linkURL: 'runeScapeClan' },
    });
    renderAt('/runeScapeClan/userSettings?groupID=g1');
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Weekly Availability' })).toBeNull();
  });
});

it('a non-member opening the Members page of a public group lands on Welcome', async () => {
  routes['GET /api/groups/getGroup'] = () => ({
    status: 200,
    body: { ...group, isPrivate: false, members: members.filter((m) => m.userID !== 'me') },
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/civGroup/members?groupID=g1']}>
        <AppStateProvider>
          <ToastProvider>
            <Routes>
              <Route path="/civGroup" element={<GroupAreaLayout />}>
                <Route path="members" element={<MembersPage />} />
                <Route path="welcome" element={<p>Welcome page</p>} />
              </Route>
            </Routes>
          </ToastProvider>
        </AppStateProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  expect(await screen.findByText('Welcome page')).toBeInTheDocument();
  expect(posted).toEqual([]);
});
