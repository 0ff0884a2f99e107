import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RankingRowDto } from '@smm/shared/civilization/games-schemas';
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

let rankings: Record<'ffa' | 'team', RankingRowDto[]>;
let requested: string[];

beforeEach(() => {
  requested = [];
  const payload = btoa(JSON.stringify({ id: 'me', username: 'Me', email: 'me@example.com', steamID: null, exp: Date.now() / 1000 + 3600 }));
  localStorage.setItem('jwtToken', `Bearer e30.${payload}.sig`);
  // In the server's order: best rating first.
  rankings = {
    ffa: [
      row('owner', 'Olga', 4.25, { science: 2, total: 2, gamesPlayed: 4 }),
      row('me', 'Me', 1.04, { culture: 1, domination: 1, total: 2, gamesPlayed: 4 }),
      row('bo', 'bo', -2.5, { score: 1, science: 1, total: 2, gamesPlayed: 5 }),
      row('al', 'Al', -3, { gamesPlayed: 2 }),
    ],
    team: [],
  };
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    requested.push(url.pathname + url.search);
    if (url.pathname === '/api/groups/getGroup') return Response.json(group);
    if (url.pathname === '/api/civilization/getRankings')
      return Response.json(rankings[url.searchParams.get('gameType') as 'ffa' | 'team']);
    return Response.json({ message: 'not found' }, { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderRankings() {
  renderGroupPages('/civGroup/rankings?groupID=g1', { rankings: <RankingsPage /> });
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
        '/api/civilization/getRankings?groupID=g1&gameType=ffa',
        '/api/civilization/getRankings?groupID=g1&gameType=team',
      ]),
    );
  });

  it('shows the rating as the ordinal to one decimal, with mu ± sigma', async () => {
    renderRankings();
    const ffa = await screen.findByRole('table', { name: 'Rankings - FFA' });
    const olga = within(ffa).getByRole('rowheader', { name: 'Olga' }).closest('tr') as HTMLElement;
    const cells = within(olga).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('4.3μ 24.3 ± 6.7');
    expect(cells.slice(1).map((c) => c.textContent)).toEqual(['4', '0', '2', '0', '0', '0', '0', '0', '2']);
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
});

describe('sortRankings', () => {
  it('does not change the rows it is given', () => {
    const rows = rankings.ffa;
    const copy = structuredClone(rows);
    sortRankings(rows, { column: 'member', direction: 'descending' });
    expect(rows).toEqual(copy);
  });
});
