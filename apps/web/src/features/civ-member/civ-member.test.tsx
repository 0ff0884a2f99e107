import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LeaderUseDto, MemberStatsDto } from '@smm/shared/civilization/ladder-schemas';
import type { GroupDto } from '@smm/shared/groups/schemas';
import MemberPage from './pages/MemberPage';
import { renderGroupPages } from '../../test/app-providers';

const group: GroupDto = {
  _id: 'g1',
  groupName: 'Ancient Rivals',
  gameName: 'Civilization 6',
  linkURL: 'civGroup',
  isPrivate: true,
  groupOwner: 'owner',
  admins: ['owner'],
  members: [
    { userID: 'owner', username: 'Olga', role: 'Administrator', isActive: true, team: null },
    { userID: 'me', username: 'Me', role: 'Member', isActive: true, team: null },
  ],
};

const gandhi: LeaderUseDto = {
  civID: 'c1',
  leader: { civID: 'c1', leader: 'Gandhi', nation: 'India' },
  timesPlayed: 2,
  wins: 1,
  winRate: 0.5,
  averagePlacement: 1.5,
};

const olgaFfa: MemberStatsDto = {
  statistics: {
    userID: 'owner',
    username: 'Olga',
    gamesPlayed: 3,
    wins: 1,
    averagePlacement: 2,
    rating: 3.14,
    bestRating: 4.02,
    mostPlayedLeaders: [gandhi],
    bestLeaders: [gandhi],
  },
  ratingHistory: [
    { gameID: 'ga', gameName: 'Opening Night', date: '2031-03-01T19:00:00.000Z', placement: 1, rating: 2.2, delta: 2.2 },
    { gameID: 'gb', gameName: 'Rematch', date: '2031-03-08T19:00:00.000Z', placement: 3, rating: 1.6, delta: -0.6 },
    { gameID: 'gc', gameName: 'Decider', date: '2031-03-15T19:00:00.000Z', placement: 2, rating: 3.14, delta: 1.54 },
  ],
  leaders: [gandhi],
};

const noGames: MemberStatsDto = {
  statistics: {
    ...olgaFfa.statistics,
    gamesPlayed: 0,
    wins: 0,
    averagePlacement: null,
    rating: 0,
    bestRating: 0,
    mostPlayedLeaders: [],
    bestLeaders: [],
  },
  ratingHistory: [],
  leaders: [],
};

// happy-dom has no canvas to draw on; the fake keeps what the page asked uPlot to draw.
const drawn = vi.hoisted(() => ({ data: [] as unknown[], options: [] as { tzDate?: (seconds: number) => Date }[] }));
vi.mock('uplot', async (importOriginal) => {
  const { tzDate } = (await importOriginal<{ default: typeof import('uplot') }>()).default;
  return {
    default: class {
      static tzDate = tzDate;
      constructor(options: { tzDate?: (seconds: number) => Date }, data: unknown, target: HTMLElement) {
        drawn.options.push(options);
        drawn.data.push(data);
        target.append(document.createElement('canvas'));
      }
      setSize() {}
      destroy() {}
    },
  };
});

let requested: string[];
/** The zone the viewer chose on their profile (null: none chosen). */
let savedZone: string | null;
let answer: (url: URL) => Response | Promise<Response>;

beforeEach(() => {
  requested = [];
  savedZone = null;
  drawn.data = [];
  drawn.options = [];
  const payload = btoa(JSON.stringify({ id: 'me', username: 'Me', email: 'me@example.com', steamID: null, exp: Date.now() / 1000 + 3600 }));
  localStorage.setItem('jwtToken', `Bearer e30.${payload}.sig`);
  answer = (url) => Response.json(url.searchParams.get('gameType') === 'team' ? noGames : olgaFfa);
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    requested.push(url.pathname + url.search);
    if (url.pathname === '/api/groups/getGroup') return Response.json(group);
    if (url.pathname === '/api/civilization/getMemberStats') return answer(url);
    if (url.pathname === '/api/users/getTimeZone') return Response.json({ timeZone: savedZone });
    return Response.json({ message: 'not found' }, { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const renderMember = (search: string) =>
  renderGroupPages(`/civGroup/member?groupID=g1${search}`, { member: <MemberPage />, rankings: <p>Rankings page</p> });

describe('the member page', () => {
  it("shows the member's statistics, rating history and leaders, after a spinner", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    answer = async () => {
      await held;
      return Response.json(olgaFfa);
    };
    renderMember('&userID=owner');
    expect(await screen.findByRole('heading', { level: 2, name: 'Olga' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading FFA record…');
    release();

    const summary = await screen.findByTestId('member-statistics');
    const facts = [...summary.querySelectorAll('div')].map((d) => [d.querySelector('dt')?.textContent, d.querySelector('dd')?.textContent]);
    expect(facts).toEqual([
      ['Games', '3'],
      ['Wins', '1 (33%)'],
      ['Average Placement', '2.00'],
      ['Current Rating', '3.1'],
      ['Best Rating', '4.0'],
    ]);
    expect(requested).toContain('/api/civilization/getMemberStats?groupID=g1&userID=owner&gameType=ffa');
    expect(document.title).toBe('Olga · Ancient Rivals · SMM');

    // The table gives every point of the chart, newest first, each game linked.
    const history = screen.getByRole('region', { name: 'Rating History - FFA' });
    const table = within(history).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Decider', 'Rematch', 'Opening Night']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .slice(1)
        .map((c) => c.textContent),
    ).toEqual(['3rd', '1.6', '-0.6']);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .slice(1)
        .map((c) => c.textContent),
    ).toEqual(['2nd', '3.1', '+1.5']);
    expect(within(rows[2]!).getByRole('link', { name: 'Opening Night' })).toHaveAttribute('href', '/civGroup/civGame?groupID=g1&gameID=ga');
    const date = within(rows[2]!).getAllByRole('cell')[0]!.querySelector('time');
    expect(date).toHaveAttribute('dateTime', '2031-03-01T19:00:00.000Z');
    expect(date?.textContent).toMatch(/2031/);
    expect(within(history).getByText(/times in your time zone \(.+\)/)).toBeInTheDocument();
    expect(within(history).getByText('Rating of Olga after each of 3 counted games, from 2.2 to 3.1 (best 3.1).')).toBeInTheDocument();
    expect(await within(history).findByTestId('rating-chart')).toBeInTheDocument();
    expect(drawn.data).toEqual([
      [
        [
          Date.parse('2031-03-01T19:00:00.000Z') / 1000,
          Date.parse('2031-03-08T19:00:00.000Z') / 1000,
          Date.parse('2031-03-15T19:00:00.000Z') / 1000,
        ],
        [2.2, 1.6, 3.14],
      ],
    ]);

    const leaders = screen.getByRole('table', { name: 'Leaders - FFA' });
    const gandhiRow = within(leaders).getByRole('rowheader', { name: 'Gandhi — India' }).closest('tr') as HTMLElement;
    expect(
      within(gandhiRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '1', '50%', '1.50']);

    expect(screen.getByRole('link', { name: 'Back to Rankings' })).toHaveAttribute('href', '/civGroup/rankings?groupID=g1');
  });

  it("writes the rating history's times in the zone the viewer chose on their profile, saying which", async () => {
    savedZone = 'Asia/Tokyo';
    renderMember('&userID=owner');
    const history = await screen.findByRole('region', { name: 'Rating History - FFA' });
    expect(await within(history).findByText('Each counted game, newest first; times in your time zone (Asia/Tokyo).')).toBeInTheDocument();
    const rows = within(within(history).getByRole('table')).getAllByRole('row').slice(1);
    // 19:00 UTC on 1 March is 4:00 the next morning in Tokyo.
    expect(within(rows[2]!).getAllByRole('cell')[0]!.textContent).toBe('Mar 2, 2031, 4:00 AM');
    // The chart's time axis reads on the same clock as the table.
    await within(history).findByTestId('rating-chart');
    const axisDate = drawn.options.at(-1)?.tzDate?.(Date.parse('2031-03-01T19:00:00.000Z') / 1000);
    expect([axisDate?.getDate(), axisDate?.getHours()]).toEqual([2, 4]);
  });

  it('says so when the member has no counted games of the chosen type', async () => {
    const user = userEvent.setup();
    renderMember('&userID=owner');
    await screen.findByTestId('member-statistics');
    expect(screen.getByRole('radio', { name: 'FFA' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Teams' }));
    expect(
      await screen.findByText('Olga has no counted Teams games yet. A game counts once it is finished with a winner.'),
    ).toBeInTheDocument();
    expect(requested).toContain('/api/civilization/getMemberStats?groupID=g1&userID=owner&gameType=team');
    expect(screen.queryByRole('region', { name: 'Rating History - Teams' })).toBeNull();
  });

  it('opens on the game type the link names, and says when a member is not in the group', async () => {
    renderMember('&userID=owner&gameType=team');
    expect(await screen.findByText(/Olga has no counted Teams games yet/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Teams' })).toBeChecked();
    cleanup();

    answer = () => Response.json({ message: 'Member not found' }, { status: 404 });
    renderMember('&userID=stranger');
    await screen.findByRole('alert');
    // Nobody's record has no game types to switch between.
    await vi.waitFor(() => expect(screen.queryByRole('radio', { name: 'FFA' })).toBeNull());
    expect(screen.getByRole('alert')).toHaveTextContent('This member is not in the group, or the link is wrong.');
    expect(screen.getByRole('heading', { level: 2, name: 'Member' })).toBeInTheDocument();
    expect(screen.queryByText(/All time/)).toBeNull();
  });
});
