import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { GroupDto } from '@smm/shared/groups/schemas';
import type { ClanMemberStats, ClanStats, PlayerHistory } from '@smm/shared/runescape/clan-schemas';
import { RS3_SKILL_NAMES } from '@smm/shared/runescape/rs3';
import { RS3_TRACKED_SKILLS } from '@smm/shared/runescape/tracked-skills';
import ClanPlayerPage from './pages/ClanPlayerPage';
import ClanStatsPage from './pages/ClanStatsPage';
import { renderGroupPages } from '../../test/app-providers';

vi.setConfig({ testTimeout: 20_000 });
// jsdom has no canvas to draw on: the chart (uPlot) is left out; its data table and caption stay.
vi.mock('../runescape/components/XpChart', () => ({ default: () => <div data-testid="xp-chart" /> }));

type Handler = (url: URL) => { status: number; body: unknown } | undefined;
let handler: Handler;
let calls: string[];

// Only the network is replaced: the pages, their queries and the real api client all run.
beforeEach(() => {
  calls = [];
  const payload = btoa(JSON.stringify({ id: 'me', username: 'Me', email: 'me@example.com', steamID: null, exp: Date.now() / 1000 + 3600 }));
  localStorage.setItem('jwtToken', `Bearer e30.${payload}.sig`);
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    calls.push(`${url.pathname}${url.search}`);
    const reply = (url.pathname === '/api/groups/getGroup' && { status: 200, body: clan }) || handler(url) || { status: 200, body: [] };
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const clan: GroupDto = {
  _id: 'g1',
  groupName: 'Gielinor Wolves',
  gameName: 'RuneScape',
  linkURL: 'runeScapeClan',
  isPrivate: true,
  groupOwner: 'owner',
  admins: ['owner'],
  members: [
    { userID: 'owner', username: 'Olga', role: 'Administrator', isActive: true, team: null },
    { userID: 'me', username: 'Me', role: 'Member', isActive: true, team: null },
  ],
};

const ids = RS3_TRACKED_SKILLS.map((skill) => skill.id);

function member(userID: string, playerName: string, necromancy: number, invention: number): ClanMemberStats {
  const xp = (id: string) => (id === 'necromancy' ? necromancy : id === 'invention' ? invention : 20_000_000);
  return {
    userID,
    username: userID,
    playerName,
    gameMode: 'rs3',
    lastUpdated: '2026-11-23T12:00:00.000Z',
    totalLevel: 2700,
    totalExperience: 600_000_000 + necromancy + invention,
    combatLevel: 138,
    skills: Object.fromEntries(ids.map((id) => [id, { level: id === 'invention' ? 120 : 99, experience: xp(id) }])),
    gained: { overall: 0, skills: Object.fromEntries(ids.map((id) => [id, id === 'necromancy' ? 250_000 : 0])) },
  };
}

const stats: ClanStats = {
  groupID: 'g1',
  game: 'rs3',
  period: 'week',
  since: '2026-11-16T12:00:00.000Z',
  members: [member('owner', 'Rune Olga', 13_034_431, 80_618_654), member('me', 'Necro Me', 40_000_000, 1_000_000)],
  topGainers: [],
};

const history: PlayerHistory = {
  userID: 'me',
  playerName: 'Necro Me',
  gameMode: 'rs3',
  game: 'rs3',
  latest: {
    takenAt: '2026-11-23T12:00:00.000Z',
    combatLevel: 138,
    overall: { level: 2700, rank: 24_133, experience: 641_000_000 },
    skills: Object.fromEntries(
      ids.map((id) => [id, { level: 99, rank: 5_000, experience: id === 'necromancy' ? 40_000_000 : 20_000_000 }]),
    ),
    activities: [
      { name: 'Bounty Hunter', rank: null, score: null },
      { name: 'RuneScore', rank: 80_000, score: 21_000 },
    ],
  },
  points: [
    {
      takenAt: '2026-11-22T12:00:00.000Z',
      overall: 640_000_000,
      skills: Object.fromEntries(ids.map((id) => [id, id === 'necromancy' ? 39_000_000 : 20_000_000])),
    },
    {
      takenAt: '2026-11-23T12:00:00.000Z',
      overall: 641_000_000,
      skills: Object.fromEntries(ids.map((id) => [id, id === 'necromancy' ? 40_000_000 : 20_000_000])),
    },
  ],
  records: [{ stat: 'necromancy', day: { gained: 1_000_000, endedAt: '2026-11-23T12:00:00.000Z' }, week: null }],
};

const playerNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getByRole('link').textContent);

it("shows a RuneScape 3 clan's stats in RuneScape 3's 29 skills and names, and sorts by Necromancy and Invention", async () => {
  handler = (url) => (url.pathname === '/api/runescape/getClanStats' ? { status: 200, body: stats } : undefined);
  renderGroupPages('/runeScapeClan/stats?groupID=g1', { stats: <ClanStatsPage /> });
  const table = await screen.findByRole('table', { name: 'Members' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent?.replace(/[▲▼]/g, '').trim());
  // After the member, the totals and Last Updated: every skill in the RuneScape 3 hiscores' order.
  expect(headers.slice(-29)).toEqual(RS3_SKILL_NAMES.slice(1));
  for (const name of ['Constitution', 'Summoning', 'Dungeoneering', 'Divination', 'Invention', 'Archaeology', 'Necromancy'])
    expect(within(table).getByRole('columnheader', { name })).toBeInTheDocument();
  expect(within(table).queryByRole('columnheader', { name: 'Sailing' })).not.toBeInTheDocument();
  expect(within(table).queryByRole('columnheader', { name: 'Hitpoints' })).not.toBeInTheDocument();

  await userEvent.click(within(table).getByRole('button', { name: /^Necromancy/ }));
  expect(playerNames(table)).toEqual(['Necro Me', 'Rune Olga']);
  expect(within(table).getByRole('columnheader', { name: /^Necromancy/ })).toHaveAttribute('aria-sort', 'descending');
  await userEvent.click(within(table).getByRole('button', { name: /^Invention/ }));
  expect(playerNames(table)).toEqual(['Rune Olga', 'Necro Me']);
  // Invention's 120 and the gain in Necromancy show in their cells.
  const olga = within(table).getByRole('row', { name: /Rune Olga/ });
  expect(within(olga).getAllByRole('cell').at(-3)).toHaveTextContent('120');
  const me = within(table).getByRole('row', { name: /Necro Me/ });
  expect(within(me).getAllByRole('cell').at(-1)).toHaveTextContent('+250,000');
});

it("shows a RuneScape 3 member's page in the clan's area with RuneScape 3's skills, chart and records, without asking Old School's hiscores", async () => {
  handler = (url) => (url.pathname === '/api/runescape/getPlayerHistory' ? { status: 200, body: history } : undefined);
  renderGroupPages('/runeScapeClan/player?groupID=g1&userID=me&playerName=Necro%20Me&gameMode=rs3', { player: <ClanPlayerPage /> });
  const skills = await screen.findByRole('table', { name: 'Skills' });
  expect(document.title).toBe('RuneScape 3 Stats - Necro Me');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Gielinor Wolves');
  expect(screen.getByRole('navigation', { name: 'Group' })).toBeInTheDocument();
  expect(screen.getByText('RuneScape 3 hiscores')).toBeInTheDocument();
  const rows = within(skills)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
  expect(rows).toEqual([...RS3_SKILL_NAMES.slice(1), 'Overall']);
  expect(within(skills).getByRole('row', { name: /Necromancy/ })).toHaveTextContent('40,000,000');
  expect(screen.getByText(/Combat level 138/)).toBeInTheDocument();
  const activities = screen.getByRole('table', { name: 'Activities' });
  expect(within(activities).getByRole('row', { name: /RuneScore/ })).toHaveTextContent('21,000');
  expect(within(activities).queryByRole('rowheader', { name: 'Bounty Hunter' })).not.toBeInTheDocument();

  const picker = screen.getByLabelText('Skill', { selector: 'select' });
  const options = within(picker)
    .getAllByRole('option')
    .map((o) => o.textContent);
  expect(options).toEqual(['Total', ...RS3_SKILL_NAMES.slice(1)]);
  expect(await screen.findByTestId('xp-chart')).toBeInTheDocument();
  await userEvent.selectOptions(picker, 'necromancy');
  expect(await screen.findByText('Necromancy experience by date')).toBeInTheDocument();
  expect(within(screen.getByRole('table', { name: 'Records' })).getByRole('rowheader', { name: 'Necromancy' })).toBeInTheDocument();
  expect(calls.some((c) => c.startsWith('/api/runescape/getOSRSDetails'))).toBe(false);
  expect(calls.filter((c) => c.startsWith('/api/runescape/getPlayerHistory'))).toHaveLength(1);
});
