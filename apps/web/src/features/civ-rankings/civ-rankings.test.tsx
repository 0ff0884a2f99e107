import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RankingRowDto } from '@smm/shared/civilization/games-schemas';
import type { HeadToHeadDto, LeaderUseDto, MemberStatisticsDto, SeasonDto, StatisticsDto } from '@smm/shared/civilization/ladder-schemas';
import type { GroupDto } from '@smm/shared/groups/schemas';
import RankingsPage from './pages/RankingsPage';
import { sortRankings } from './rankings-sort';
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

const row = (userID: string, username: string, ordinal: number, wins: Partial<RankingRowDto> = {}): RankingRowDto => ({
  userID,
  username,
  gamesPlayed: 3,
  score: 0,
  science: 0,
  diplomatic: 0,
  domination: 0,
  religion: 0,
  culture: 0,
  territorial: 0,
  total: 0,
  rating: { mu: ordinal + 20, sigma: 20 / 3, ordinal },
  ...wins,
});

const season = (_id: string, name: string, isCurrent: boolean, minGames = 1): SeasonDto => ({
  _id,
  name,
  minGames,
  dateStarted: isCurrent ? '2031-03-01T12:00:00.000Z' : '2031-01-01T12:00:00.000Z',
  dateEnded: isCurrent ? null : '2031-03-01T12:00:00.000Z',
  isCurrent,
});

const leaderUse = (
  civID: string,
  leader: string,
  nation: string,
  timesPlayed: number,
  wins: number,
  averagePlacement: number,
): LeaderUseDto => ({
  civID,
  leader: { civID, leader, nation },
  timesPlayed,
  wins,
  winRate: Math.round((wins / timesPlayed) * 10000) / 10000,
  averagePlacement,
});

const memberStatistics = (userID: string, username: string, stats: Partial<MemberStatisticsDto>): MemberStatisticsDto => ({
  userID,
  username,
  gamesPlayed: 3,
  wins: 1,
  averagePlacement: 2,
  rating: 0,
  bestRating: 0,
  mostPlayedLeaders: [],
  bestLeaders: [],
  ...stats,
});

let rankings: Record<'ffa' | 'team', RankingRowDto[]>;
let seasons: SeasonDto[];
let statistics: StatisticsDto;
let headToHead: HeadToHeadDto;
let requested: string[];
/** The zone the viewer chose on their profile (null: none chosen). */
let savedZone: string | null;

beforeEach(() => {
  requested = [];
  savedZone = null;
  const payload = btoa(JSON.stringify({ id: 'me', username: 'Me', email: 'me@example.com', steamID: null, exp: Date.now() / 1000 + 3600 }));
  localStorage.setItem('jwtToken', `Bearer e30.${payload}.sig`);
  // In the server's order: best rating first.
  rankings = {
    ffa: [
      row('owner', 'Olga', 4.25, { science: 2, total: 2, gamesPlayed: 4, averagePlacement: 1.5 }),
      row('me', 'Me', 1.04, { culture: 1, domination: 1, total: 2, gamesPlayed: 4, averagePlacement: 2.25 }),
      row('bo', 'bo', -2.5, { score: 1, science: 1, total: 2, gamesPlayed: 5, averagePlacement: 2.8 }),
      row('al', 'Al', -3, { gamesPlayed: 2, averagePlacement: null }),
    ],
    team: [],
  };
  seasons = [];
  const gandhi = leaderUse('c1', 'Gandhi', 'India', 3, 2, 1.67);
  const cleopatra = leaderUse('c2', 'Cleopatra', 'Egypt', 4, 1, 2.5);
  statistics = {
    season: 'all',
    members: [
      memberStatistics('owner', 'Olga', {
        gamesPlayed: 4,
        wins: 2,
        averagePlacement: 1.75,
        rating: 4.25,
        bestRating: 5.5,
        mostPlayedLeaders: [cleopatra],
        bestLeaders: [gandhi],
      }),
      memberStatistics('me', 'Me', { gamesPlayed: 4, wins: 1, averagePlacement: 2.5, rating: 1.04, bestRating: 2 }),
      memberStatistics('bo', 'bo', { gamesPlayed: 5, wins: 2, averagePlacement: null, rating: -2.5, bestRating: 0.5 }),
    ],
    leaders: [cleopatra, gandhi],
  };
  headToHead = {
    first: { userID: 'me', username: 'Me' },
    second: { userID: 'owner', username: 'Olga' },
    gamesTogether: 7,
    firstAhead: 4,
    secondAhead: 2,
    tied: 1,
  };
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    requested.push(url.pathname + url.search);
    if (url.pathname === '/api/groups/getGroup') return Response.json(group);
    if (url.pathname === '/api/civilization/getSeasons') return Response.json(seasons);
    if (url.pathname === '/api/civilization/getRankings')
      return Response.json(rankings[url.searchParams.get('gameType') as 'ffa' | 'team']);
    if (url.pathname === '/api/civilization/getStatistics') return Response.json(statistics);
    if (url.pathname === '/api/civilization/getHeadToHead') return Response.json(headToHead);
    if (url.pathname === '/api/users/getTimeZone') return Response.json({ timeZone: savedZone });
    return Response.json({ message: 'not found' }, { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderRankings(search = '') {
  renderGroupPages(`/civGroup/rankings?groupID=g1${search}`, { rankings: <RankingsPage />, member: <p>Member page</p> });
}

const membersOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
const header = (table: HTMLElement, name: string) => within(table).getByRole('button', { name }).closest('th') as HTMLElement;

describe('the Rankings page', () => {
  it('shows Rankings - FFA and Rankings - Teams, the empty one saying so', async () => {
    renderRankings();
    expect(await screen.findByRole('heading', { level: 2, name: 'Rankings - FFA' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Rankings - Teams' })).toBeInTheDocument();
    const ffa = await screen.findByRole('table', { name: 'Rankings - FFA' });
    expect(
      within(ffa)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual([
      'Member',
      'Rating',
      'Average Placement',
      'Games Played',
      'Score',
      'Science',
      'Diplomatic',
      'Domination',
      'Religion',
      'Culture',
      'Territorial',
      'Total',
    ]);
    const teams = screen.getByRole('region', { name: 'Rankings - Teams' });
    expect(await within(teams).findByText('No finished games yet')).toBeInTheDocument();
    expect(within(teams).queryByRole('table')).toBeNull();
    expect(requested).toEqual(
      expect.arrayContaining([
        '/api/civilization/getRankings?groupID=g1&gameType=ffa&season=all',
        '/api/civilization/getRankings?groupID=g1&gameType=team&season=all',
      ]),
    );
  });

  it('shows the rating as the ordinal to one decimal, with mu ± sigma', async () => {
    renderRankings();
    const ffa = await screen.findByRole('table', { name: 'Rankings - FFA' });
    const olga = within(ffa).getByRole('rowheader', { name: 'Olga' }).closest('tr') as HTMLElement;
    const cells = within(olga).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('4.3μ 24.3 ± 6.7');
    expect(cells.slice(1).map((c) => c.textContent)).toEqual(['1.50', '4', '0', '2', '0', '0', '0', '0', '0', '2']);
    // The phone's line of wins under the name (the columns themselves are hidden there).
    expect(olga.querySelector('th')).toHaveAttribute('data-victories', 'Science 2');
  });

  it('sorts by rating, highest first, and by any column from its header', async () => {
    const user = userEvent.setup();
    renderRankings();
    const ffa = await screen.findByRole('table', { name: 'Rankings - FFA' });
    expect(membersOf(ffa)).toEqual(['Olga', 'Me', 'bo', 'Al']);
    expect(header(ffa, 'Rating')).toHaveAttribute('aria-sort', 'descending');
    expect(header(ffa, 'Science')).toHaveAttribute('aria-sort', 'none');

    // Most Science wins first; Me and Al tie on 0 and keep rating order.
    await user.click(within(ffa).getByRole('button', { name: 'Science' }));
    expect(membersOf(ffa)).toEqual(['Olga', 'bo', 'Me', 'Al']);
    expect(header(ffa, 'Science')).toHaveAttribute('aria-sort', 'descending');
    expect(header(ffa, 'Rating')).toHaveAttribute('aria-sort', 'none');

    await user.click(within(ffa).getByRole('button', { name: 'Science' }));
    expect(header(ffa, 'Science')).toHaveAttribute('aria-sort', 'ascending');
    expect(membersOf(ffa)).toEqual(['Me', 'Al', 'bo', 'Olga']);

    await user.click(within(ffa).getByRole('button', { name: 'Games Played' }));
    expect(membersOf(ffa)).toEqual(['bo', 'Olga', 'Me', 'Al']);

    // Names go A→Z first, whatever their case.
    await user.click(within(ffa).getByRole('button', { name: 'Member' }));
    expect(header(ffa, 'Member')).toHaveAttribute('aria-sort', 'ascending');
    expect(membersOf(ffa)).toEqual(['Al', 'bo', 'Me', 'Olga']);
  });
  it('sorts by average placement best first, members without one last either way', async () => {
    const user = userEvent.setup();
    renderRankings();
    const ffa = await screen.findByRole('table', { name: 'Rankings - FFA' });
    await user.click(within(ffa).getByRole('button', { name: 'Average Placement' }));
    expect(header(ffa, 'Average Placement')).toHaveAttribute('aria-sort', 'ascending');
    expect(membersOf(ffa)).toEqual(['Olga', 'Me', 'bo', 'Al']);
    await user.click(within(ffa).getByRole('button', { name: 'Average Placement' }));
    expect(membersOf(ffa)).toEqual(['bo', 'Me', 'Olga', 'Al']);
    const al = within(ffa).getByRole('rowheader', { name: 'Al' }).closest('tr') as HTMLElement;
    expect(within(al).getAllByRole('cell')[1]).toHaveTextContent('–');
  });

  it("links each member to their page, for the table's game type", async () => {
    const user = userEvent.setup();
    rankings.team = [row('bo', 'bo', 2)];
    renderRankings();
    const teams = await screen.findByRole('table', { name: 'Rankings - Teams' });
    expect(within(teams).getByRole('link', { name: 'bo' })).toHaveAttribute('href', '/civGroup/member?groupID=g1&userID=bo&gameType=team');
    const ffa = screen.getByRole('table', { name: 'Rankings - FFA' });
    await user.click(within(ffa).getByRole('link', { name: 'Olga' }));
    expect(await screen.findByText('Member page')).toBeInTheDocument();
  });
});

describe('seasons on the Rankings page', () => {
  beforeEach(() => {
    seasons = [season('s1', 'Winter', false), season('s2', 'Spring', true, 3)];
  });

  it('shows the current season first and asks for it; all time and past seasons on request', async () => {
    const user = userEvent.setup();
    renderRankings();
    const select = await screen.findByRole('combobox', { name: 'Season' });
    expect(select).toHaveValue('s2');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Spring (current)', 'Winter', 'All time']);
    expect(screen.getByText(/A member appears in the rankings after 3 counted games\./)).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Rankings - FFA' });
    const asked = () => requested.filter((r) => r.startsWith('/api/civilization/getRankings'));
    expect(asked()).toEqual([
      '/api/civilization/getRankings?groupID=g1&gameType=ffa&season=s2',
      '/api/civilization/getRankings?groupID=g1&gameType=team&season=s2',
    ]);

    await user.selectOptions(select, 'All time');
    await waitFor(() => expect(asked()).toContain('/api/civilization/getRankings?groupID=g1&gameType=ffa&season=all'));
    expect(asked()).toContain('/api/civilization/getRankings?groupID=g1&gameType=team&season=all');
    expect(screen.getByText('Every counted game since the group began.')).toBeInTheDocument();

    await user.selectOptions(select, 'Winter');
    await waitFor(() => expect(asked()).toContain('/api/civilization/getRankings?groupID=g1&gameType=ffa&season=s1'));
    expect(select).toHaveValue('s1');
  });

  it("gives the season's days in the zone the viewer chose on their profile", async () => {
    savedZone = 'Asia/Tokyo';
    seasons = [{ ...season('s2', 'Spring', true), dateStarted: '2031-03-01T20:00:00.000Z' }];
    renderRankings();
    // 20:00 UTC on 1 March is already 2 March in Tokyo.
    expect(await screen.findByText('Since Mar 2, 2031.')).toBeInTheDocument();
  });

  it('keeps a season named in the address, and falls back to the current one for an unknown id', async () => {
    renderRankings('&season=s1');
    expect(await screen.findByRole('combobox', { name: 'Season' })).toHaveValue('s1');
    cleanup();
    requested = [];
    renderRankings('&season=gone');
    expect(await screen.findByRole('combobox', { name: 'Season' })).toHaveValue('s2');
    await screen.findByRole('table', { name: 'Rankings - FFA' });
    expect(requested).toContain('/api/civilization/getRankings?groupID=g1&gameType=ffa&season=s2');
  });
});

describe('the Statistics tab', () => {
  beforeEach(() => {
    seasons = [season('s2', 'Spring', true)];
  });

  it('shows the members and leaders of the chosen season and game type, and compares two members', async () => {
    const user = userEvent.setup();
    renderRankings();
    await user.click(await screen.findByRole('tab', { name: 'Statistics' }));
    const members = await screen.findByRole('table', { name: 'Members - FFA' });
    expect(requested).toContain('/api/civilization/getStatistics?groupID=g1&gameType=ffa&season=s2');
    expect(
      within(members)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['Member', 'Games', 'Wins', 'Average Placement', 'Rating', 'Best Rating', 'Most-played Leaders', 'Best Leaders']);
    expect(membersOf(members)).toEqual(['Olga', 'Me', 'bo']);
    const olga = within(members).getByRole('rowheader', { name: 'Olga' }).closest('tr') as HTMLElement;
    expect(
      within(olga)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', '2', '1.75', '4.3', '5.5', 'Cleopatra — Egypt (4 games)', 'Gandhi — India (67% wins)']);
    expect(within(members).getByRole('link', { name: 'Olga' })).toHaveAttribute('href', '/civGroup/member?groupID=g1&userID=owner');

    // Most games first.
    await user.click(within(members).getByRole('button', { name: 'Games' }));
    expect(membersOf(members)).toEqual(['bo', 'Olga', 'Me']);

    const leaders = screen.getByRole('table', { name: 'Leaders - FFA' });
    expect(membersOf(leaders)).toEqual(['Cleopatra — Egypt', 'Gandhi — India']);
    const gandhi = within(leaders).getByRole('rowheader', { name: 'Gandhi — India' }).closest('tr') as HTMLElement;
    expect(
      within(gandhi)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '2', '67%', '1.67']);
    await user.click(within(leaders).getByRole('button', { name: 'Win Rate' }));
    expect(membersOf(leaders)).toEqual(['Gandhi — India', 'Cleopatra — Egypt']);

    // Head to head: the viewer is chosen first.
    const box = screen.getByRole('region', { name: 'Head to Head' });
    expect(within(box).getByRole('combobox', { name: 'First member' })).toHaveValue('me');
    expect(within(box).getByText('Choose two members to compare them.')).toBeInTheDocument();
    await user.selectOptions(within(box).getByRole('combobox', { name: 'Second member' }), 'Olga');
    expect(
      await within(box).findByText('Me and Olga played 7 games together: Me placed higher 4 times, Olga 2, tied 1.'),
    ).toBeInTheDocument();
    expect(requested).toContain('/api/civilization/getHeadToHead?groupID=g1&gameType=ffa&season=s2&first=me&second=owner');
  });

  it('asks for the Teams statistics when Teams is chosen', async () => {
    const user = userEvent.setup();
    renderRankings('&tab=statistics');
    await screen.findByRole('table', { name: 'Members - FFA' });
    statistics = { season: 's2', members: [], leaders: [] };
    await user.click(screen.getByRole('radio', { name: 'Teams' }));
    const members = await screen.findByRole('region', { name: 'Members - Teams' });
    expect(await within(members).findByText('No finished games yet')).toBeInTheDocument();
    expect(requested).toContain('/api/civilization/getStatistics?groupID=g1&gameType=team&season=s2');
    expect(screen.queryByRole('region', { name: 'Head to Head' })).toBeNull();
  });
});

describe('sortRankings', () => {
  it('does not change the rows it is given', () => {
    const rows = rankings.ffa;
    const copy = structuredClone(rows);
    sortRankings(rows, { column: 'member', direction: 'descending' });
    expect(rows).toEqual(copy);
  });
});
