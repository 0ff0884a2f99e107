import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import type { CompetitionDetail, CompetitionSummary } from '@smm/shared/runescape/competition-schemas';
import { renderGroupPages } from '../../../test/app-providers';
import { fakeClanServer } from '../contests/clan-test-server';
import CompetitionPage from './pages/CompetitionPage';
import CompetitionsPage from './pages/CompetitionsPage';

// Each test walks a whole page through several requests.
vi.setConfig({ testTimeout: 30_000 });

// happy-dom has no canvas to draw on; the fake keeps what the page asked uPlot to draw.
const drawn = vi.hoisted(() => ({ data: [] as unknown[] }));
vi.mock('uplot', () => ({
  default: class {
    constructor(_options: unknown, data: unknown, target: HTMLElement) {
      drawn.data.push(data);
      target.append(document.createElement('canvas'));
    }
    setSize() {}
    destroy() {}
  },
}));

const server = fakeClanServer([
  { userID: 'owner', username: 'Olga', role: 'Administrator', isActive: true, team: null },
  { userID: 'me', username: 'Me', role: 'Member', isActive: true, team: null },
]);
beforeEach(() => {
  drawn.data = [];
});

const summary = (over: Partial<CompetitionSummary> = {}): CompetitionSummary => ({
  competitionID: 'c1',
  groupID: 'g1',
  name: 'Slayer and Zulrah week',
  startsAt: '2026-11-26T12:00:00.000Z',
  endsAt: '2026-12-03T12:00:00.000Z',
  metrics: ['slayer', 'zulrah'],
  kind: 'teams',
  participation: 'join',
  eventID: null,
  status: 'ongoing',
  participantCount: 3,
  teamCount: 2,
  createdBy: 'owner',
  createdAt: '2026-11-25T12:00:00.000Z',
  updatedAt: 1_700_000_000_000,
  ...over,
});

const detail = (over: Partial<CompetitionDetail> = {}): CompetitionDetail => ({
  competition: summary(),
  participants: [
    {
      userID: 'owner',
      username: 'Olga',
      playerName: 'Grinder',
      gameMode: 'normal',
      team: 'Red',
      gains: { slayer: 90_000, zulrah: 3 },
      total: 90_003,
      rank: 1,
      startSnapshot: 'taken',
      endSnapshot: 'pending',
    },
    {
      userID: 'me',
      username: 'Me',
      playerName: 'Zezima',
      gameMode: 'normal',
      team: 'Blue',
      gains: { slayer: 0, zulrah: 0 },
      total: 0,
      rank: 2,
      startSnapshot: 'taken',
      endSnapshot: 'pending',
    },
    {
      userID: 'u3',
      username: 'Late Larry',
      playerName: 'Larry',
      gameMode: 'normal',
      team: 'Blue',
      gains: { slayer: null, zulrah: null },
      total: 0,
      rank: 2,
      startSnapshot: 'failed',
      endSnapshot: 'pending',
    },
  ],
  teams: [
    { name: 'Red', gains: { slayer: 90_000, zulrah: 3 }, total: 90_003, rank: 1, members: ['owner'] },
    { name: 'Blue', gains: { slayer: 0, zulrah: 0 }, total: 0, rank: 2, members: ['me', 'u3'] },
  ],
  chart: [
    {
      userID: 'owner',
      username: 'Olga',
      playerName: 'Grinder',
      points: [
        { at: '2026-11-26T12:00:00.000Z', total: 0 },
        { at: '2026-11-26T18:00:00.000Z', total: 90_003 },
      ],
    },
  ],
  viewer: { takesPart: true, mayJoin: false, mayLeave: false, mayManage: false },
  history: [],
  ...over,
});

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

it('lists competitions under Ongoing, Upcoming and Finished, in the viewer’s time zone, naming it', async () => {
  server.handler = (url) =>
    url.pathname === '/api/runescape/getCompetitions'
      ? {
          status: 200,
          body: {
            competitions: [
              summary(),
              summary({ competitionID: 'c2', name: 'Clue rush', status: 'upcoming', metrics: ['clue_scrolls_all'], kind: 'classic' }),
            ],
          },
        }
      : undefined;
  renderGroupPages('/runeScapeClan/competitions?groupID=g1', { competitions: <CompetitionsPage /> });
  const ongoing = await screen.findByRole('list', { name: 'Ongoing' });
  const item = within(ongoing).getByRole('listitem');
  expect(within(item).getByRole('link', { name: 'Slayer and Zulrah week' })).toHaveAttribute(
    'href',
    '/runeScapeClan/competition?groupID=g1&competitionID=c1',
  );
  // 12:00 UTC is 1:00 PM in Paris in November.
  expect(item).toHaveTextContent('Thu, Nov 26, 2026, 1:00 PM to Thu, Dec 3, 2026, 1:00 PM GMT+1');
  expect(item).toHaveTextContent('Slayer, Zulrah');
  expect(within(screen.getByRole('list', { name: 'Upcoming' })).getByText('Clue Scrolls (all)')).toBeInTheDocument();
  expect(screen.getByText('No competition has finished yet.')).toBeInTheDocument();
  expect(screen.getByText(/Times are shown in Europe\/Paris/)).toBeInTheDocument();
  // Members do not create competitions.
  expect(screen.queryByRole('button', { name: 'Create competition' })).not.toBeInTheDocument();
});

it('an Administrator’s Create competition shows each problem under its field and beside Submit, then the server’s', async () => {
  server.admin = true;
  server.handler = (url, method) => {
    if (url.pathname === '/api/runescape/getCompetitions') return { status: 200, body: { competitions: [] } };
    if (url.pathname === '/api/runescape/createCompetition' && method === 'POST')
      return { status: 400, body: { message: 'Invalid competition', fields: { startsAt: 'Start time must be in the future' } } };
    return undefined;
  };
  renderGroupPages('/runeScapeClan/competitions?groupID=g1', { competitions: <CompetitionsPage /> });
  await userEvent.click(await screen.findByRole('button', { name: 'Create competition' }));
  const dialog = screen.getByRole('dialog', { name: 'Create competition' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
  expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
  expect(within(dialog).getByTestId('form-problem')).toHaveTextContent('Fix the marked field: Name is required');
  expect(within(dialog).getByText('Pick at least one metric')).toBeInTheDocument();
  expect(server.calls.some((c) => c.path === '/api/runescape/createCompetition')).toBe(false);

  await userEvent.type(within(dialog).getByLabelText('Name'), 'Slayer week');
  await userEvent.type(within(dialog).getByLabelText('Start time'), 'Jan 15, 2031 1:00 PM');
  await userEvent.keyboard('{Tab}');
  await userEvent.type(within(dialog).getByLabelText('End time'), 'Jan 20, 2031 1:00 PM');
  await userEvent.keyboard('{Tab}');
  // The Old School list: bosses are offered, RuneScape 3's own skills are not.
  await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Filter metrics' }), 'slay');
  await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Slayer' }));
  await userEvent.clear(within(dialog).getByRole('searchbox', { name: 'Filter metrics' }));
  await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Zulrah' }));
  expect(within(dialog).queryByRole('checkbox', { name: 'Necromancy' })).not.toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('radio', { name: 'Teams' }));
  await userEvent.click(within(dialog).getByRole('radio', { name: 'Split evenly by current total experience' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

  expect(await within(dialog).findByText('Start time must be in the future')).toBeInTheDocument();
  expect(within(dialog).getByTestId('form-problem')).toHaveTextContent('Fix the marked field: Start time must be in the future');
  const sent = server.calls.find((c) => c.path === '/api/runescape/createCompetition')!.body as Record<string, unknown>;
  expect(sent).toMatchObject({
    groupID: 'g1',
    name: 'Slayer week',
    metrics: ['slayer', 'zulrah'],
    kind: 'teams',
    participation: 'everyone',
    eventID: null,
    // Picked on the Paris clock.
    startsAt: '2031-01-15T12:00:00.000Z',
    endsAt: '2031-01-20T12:00:00.000Z',
  });
});

it('shows the standings, team totals, snapshot trouble and the chart’s numbers; a member sees no Edit or Delete', async () => {
  server.handler = (url) => (url.pathname === '/api/runescape/getCompetition' ? { status: 200, body: detail() } : undefined);
  renderGroupPages('/runeScapeClan/competition?groupID=g1&competitionID=c1', { competition: <CompetitionPage /> });
  const standings = await screen.findByRole('table', { name: 'Standings' });
  expect(
    within(standings)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Rank', 'Member', 'Account', 'Team', 'Slayer (XP)', 'Zulrah (kills)', 'Total']);
  const rows = within(standings).getAllByRole('row').slice(1);
  expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Olga');
  expect(cellsOf(rows[0]!)).toEqual(['1', 'Grinder', 'Red', '+90,000', '+3', '+90,003']);
  expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Me (you)');
  expect(cellsOf(rows[2]!)).toEqual(['2', 'LarryStart snapshot failed: the hiscores did not answer', 'Blue', '-', '-', '0']);
  // The wide table scrolls inside its own labelled region.
  expect(screen.getByRole('region', { name: 'Standings' })).toContainElement(standings);

  const teams = screen.getByRole('table', { name: 'Team totals' });
  expect(
    within(teams)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getByRole('rowheader').textContent),
  ).toEqual(['RedGrinder', 'BlueZezima, Larry']);
  expect(screen.getByRole('list', { name: 'Chart legend' })).toHaveTextContent('Grinder +90,003');
  const snapshots = screen.getByRole('table', { name: 'Total gained by snapshot' });
  // Each snapshot's time in the viewer's zone, saying which.
  expect(within(snapshots).getAllByRole('cell')[0]).toHaveTextContent(/, 2026, \d{1,2}:\d{2} [AP]M (UTC|GMT[+-]\d+|[A-Z]{3,4})$/);
  // The chart draws the leader's line over the two snapshots.
  await screen.findByTestId('competition-chart');
  expect(drawn.data.at(-1)).toEqual([
    [Date.parse('2026-11-26T12:00:00.000Z') / 1000, Date.parse('2026-11-26T18:00:00.000Z') / 1000],
    [0, 90_003],
  ]);
  expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
  // Never edited: no history.
  expect(screen.queryByRole('heading', { name: 'History' })).not.toBeInTheDocument();
});

it("names the event whose attendees take part, once the group's events are in", async () => {
  const byEvent = detail({ competition: summary({ participation: 'event', eventID: 'e1' }) });
  const raid = {
    _id: 'e1',
    groupID: 'g1',
    eventName: 'Raid night',
    startDate: '2026-11-26T18:00:00.000Z',
    endDate: '2026-11-26T21:00:00.000Z',
  };
  server.handler = (url) =>
    url.pathname === '/api/runescape/getCompetition'
      ? { status: 200, body: byEvent }
      : url.pathname === '/api/events/getEvents'
        ? { status: 200, body: [raid] }
        : undefined;
  renderGroupPages('/runeScapeClan/competition?groupID=g1&competitionID=c1', { competition: <CompetitionPage /> });
  expect(await screen.findByText('The attendees of “Raid night” (you take part)')).toBeInTheDocument();
});

it('lists the edits, newest first, in words and in the viewer’s time zone', async () => {
  const edited = detail({
    history: [
      {
        at: '2026-11-27T09:30:00.000Z',
        actorID: 'owner',
        actorUsername: 'Olga',
        changes: [
          { field: 'name', before: 'Slayer week', after: 'Slayer and Zulrah week' },
          { field: 'endsAt', before: '2026-12-02T12:00:00.000Z', after: '2026-12-03T12:00:00.000Z' },
        ],
      },
      {
        at: '2026-11-25T15:00:00.000Z',
        actorID: null,
        actorUsername: null,
        changes: [
          { field: 'startsAt', before: '2026-11-27T12:00:00.000Z', after: '2026-11-26T12:00:00.000Z' },
          { field: 'metrics', before: ['slayer'], after: ['slayer', 'zulrah'] },
          { field: 'kind', before: 'classic', after: 'teams' },
          { field: 'participation', before: 'event', after: 'join' },
          { field: 'eventID', before: 'e1', after: null, beforeName: 'Raid night', afterName: null },
        ],
      },
      {
        at: '2026-11-24T15:00:00.000Z',
        actorID: 'owner',
        actorUsername: 'Olga',
        changes: [{ field: 'eventID', before: 'e0', after: 'e1', beforeName: 'Boss night', afterName: 'Raid night' }],
      },
      {
        // Kept before events were named in the history.
        at: '2026-11-23T15:00:00.000Z',
        actorID: 'owner',
        actorUsername: 'Olga',
        changes: [{ field: 'eventID', before: 'e2', after: 'e0', beforeName: null, afterName: null }],
      },
    ],
  });
  server.handler = (url) => (url.pathname === '/api/runescape/getCompetition' ? { status: 200, body: edited } : undefined);
  renderGroupPages('/runeScapeClan/competition?groupID=g1&competitionID=c1', { competition: <CompetitionPage /> });
  expect(await screen.findByRole('heading', { name: 'History', level: 3 })).toBeInTheDocument();
  // Once the viewer's zone is known: Paris, UTC+1 in November and December.
  await screen.findByText('Fri, Nov 27, 2026, 10:30 AM');
  const items = within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem');
  expect(items).toHaveLength(4);
  expect(items[0]).toHaveTextContent(
    'Olga renamed it from “Slayer week” to “Slayer and Zulrah week” and moved the end from Wed, Dec 2, 2026, 1:00 PM to Thu, Dec 3, 2026, 1:00 PM (Europe/Paris, GMT+1)',
  );
  expect(within(items[0]!).getByText('Fri, Nov 27, 2026, 10:30 AM')).toHaveAttribute('dateTime', '2026-11-27T09:30:00.000Z');
  expect(items[1]).toHaveTextContent(
    'A former member moved the start from Fri, Nov 27, 2026, 1:00 PM to Thu, Nov 26, 2026, 1:00 PM (Europe/Paris, GMT+1), ' +
      'changed the metrics from Slayer to Slayer, Zulrah, changed the kind from classic to teams and ' +
      'changed who takes part from the attendees of “Raid night” to members who join',
  );
  expect(items[1]).not.toHaveTextContent('changed the event');
  expect(items[2]).toHaveTextContent('Olga changed the event whose attendees take part from “Boss night” to “Raid night”');
  expect(items[3]).toHaveTextContent(/^Olga changed the event whose attendees take part(?! from)/);
});

it('Join for a member who may join; an Administrator’s Delete says what goes with it', async () => {
  let current = detail({ viewer: { takesPart: false, mayJoin: true, mayLeave: false, mayManage: true } });
  server.handler = (url, method) => {
    if (url.pathname === '/api/runescape/getCompetition') return { status: 200, body: current };
    if (url.pathname === '/api/runescape/joinCompetition' && method === 'POST') {
      current = detail({ viewer: { takesPart: true, mayJoin: false, mayLeave: true, mayManage: true } });
      return { status: 200, body: current };
    }
    if (url.pathname === '/api/runescape/deleteCompetition' && method === 'POST') return { status: 200, body: { competitionID: 'c1' } };
    if (url.pathname === '/api/runescape/getCompetitions') return { status: 200, body: { competitions: [] } };
    return undefined;
  };
  renderGroupPages('/runeScapeClan/competition?groupID=g1&competitionID=c1', {
    competition: <CompetitionPage />,
    competitions: <CompetitionsPage />,
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
  expect(await screen.findByRole('button', { name: 'Leave' })).toBeInTheDocument();
  expect(server.calls.find((c) => c.path === '/api/runescape/joinCompetition')?.body).toEqual({ groupID: 'g1', competitionID: 'c1' });

  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  const confirm = screen.getByRole('dialog', { name: 'Delete Slayer and Zulrah week' });
  expect(confirm).toHaveTextContent('Its standings, teams, participants and chart are deleted with it');
  await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByRole('heading', { name: 'Competitions' })).toBeInTheDocument();
  expect(server.calls.find((c) => c.path === '/api/runescape/deleteCompetition')?.body).toEqual({ groupID: 'g1', competitionID: 'c1' });
});

it('says when the competition is gone', async () => {
  server.handler = (url) =>
    url.pathname === '/api/runescape/getCompetition' ? { status: 404, body: { message: 'Competition not found' } } : undefined;
  renderGroupPages('/runeScapeClan/competition?groupID=g1&competitionID=c1', { competition: <CompetitionPage /> });
  expect(await screen.findByRole('heading', { name: 'Competition not found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '← Back to Competitions' })).toBeInTheDocument();
});

it('an Administrator puts participants in teams by hand before the start', async () => {
  server.admin = true;
  const upcoming = detail({
    competition: summary({ status: 'upcoming' }),
    teams: [],
    chart: [],
    participants: detail().participants.map((p) => ({ ...p, team: null, gains: {}, total: 0, rank: 1, startSnapshot: 'pending' as const })),
    viewer: { takesPart: true, mayJoin: false, mayLeave: true, mayManage: true },
  });
  server.handler = (url, method) => {
    if (url.pathname === '/api/runescape/getCompetition') return { status: 200, body: upcoming };
    if (url.pathname === '/api/runescape/setCompetitionTeams' && method === 'POST') return { status: 200, body: upcoming };
    return undefined;
  };
  renderGroupPages('/runeScapeClan/competition?groupID=g1&competitionID=c1', { competition: <CompetitionPage /> });
  expect(await screen.findByText('The chart starts when the competition does.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Teams' }));
  const dialog = screen.getByRole('dialog', { name: 'Teams of Slayer and Zulrah week' });
  const first = within(dialog).getByRole('textbox', { name: 'Name of team 1' });
  await userEvent.clear(first);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save teams' }));
  expect(within(dialog).getByTestId('form-problem')).toHaveTextContent('Fix the marked field: Team name is required');
  await userEvent.type(first, 'Wolves');
  await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Zezima' }), 'Team 2');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save teams' }));
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(server.calls.find((c) => c.path === '/api/runescape/setCompetitionTeams')?.body).toEqual({
    groupID: 'g1',
    competitionID: 'c1',
    teams: [
      { name: 'Wolves', userIDs: ['owner', 'u3'] },
      { name: 'Team 2', userIDs: ['me'] },
    ],
    expectedUpdatedAt: 1_700_000_000_000,
  });
});

it('editing a running competition changes only its name and end; a save over someone else’s change is refused in the server’s words', async () => {
  server.admin = true;
  const running = detail({ viewer: { takesPart: true, mayJoin: false, mayLeave: false, mayManage: true } });
  const changed = 'This competition was changed by someone else since you opened it. Reload to see their change.';
  server.handler = (url, method) => {
    if (url.pathname === '/api/runescape/getCompetition') return { status: 200, body: running };
    if (url.pathname === '/api/runescape/updateCompetition' && method === 'POST') return { status: 409, body: { message: changed } };
    return undefined;
  };
  renderGroupPages('/runeScapeClan/competition?groupID=g1&competitionID=c1', { competition: <CompetitionPage /> });
  await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit competition' });
  expect(within(dialog).getByText('This competition has started: only its name and end time can change.')).toBeInTheDocument();
  expect(within(dialog).queryByLabelText('Start time')).not.toBeInTheDocument();
  expect(within(dialog).queryByRole('group', { name: 'Metrics' })).not.toBeInTheDocument();
  const name = within(dialog).getByLabelText('Name');
  await userEvent.clear(name);
  await userEvent.type(name, 'Slayer week (extended)');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
  expect(await within(dialog).findByTestId('edit-conflict')).toHaveTextContent(changed);
  expect(server.calls.find((c) => c.path === '/api/runescape/updateCompetition')?.body).toEqual({
    groupID: 'g1',
    competitionID: 'c1',
    name: 'Slayer week (extended)',
    endsAt: '2026-12-03T12:00:00.000Z',
    expectedUpdatedAt: 1_700_000_000_000,
  });
  // Reload takes their version in place of what was typed.
  running.competition = { ...running.competition, name: 'Renamed by Olga', updatedAt: 1_700_000_000_999 };
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
  await vi.waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveValue('Renamed by Olga'));
  expect(within(dialog).queryByTestId('edit-conflict')).not.toBeInTheDocument();
});
