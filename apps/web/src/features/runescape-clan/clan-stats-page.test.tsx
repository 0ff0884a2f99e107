import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { GroupDto } from '@smm/shared/groups/schemas';
import type { ClanMemberStats, ClanStats } from '@smm/shared/runescape/clan-schemas';
import { TRACKED_SKILL_IDS } from '@smm/shared/runescape/tracked-skills';
import UserSettingsPage from '../groups/pages/UserSettingsPage';
import ClanStatsPage from './pages/ClanStatsPage';
import { renderGroupPages } from '../../test/app-providers';

// Each test walks a whole page through several requests.
vi.setConfig({ testTimeout: 20_000 });

type Handler = (url: URL, method: string, body: unknown) => { status: number; body: unknown } | undefined;
let handler: Handler;
let calls: string[];

// Only the network is replaced: the pages, their queries and the real api client all run.
beforeEach(() => {
  calls = [];
  const payload = btoa(JSON.stringify({ id: 'me', username: 'Me', email: 'me@example.com', steamID: null, exp: Date.now() / 1000 + 3600 }));
  localStorage.setItem('jwtToken', `Bearer e30.${payload}.sig`);
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    const reply = (url.pathname === '/api/groups/getGroup' && { status: 200, body: clan }) ||
      handler(url, method, init?.body ? JSON.parse(String(init.body)) : undefined) || { status: 200, body: [] };
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
  groupName: 'Iron Wolves',
  gameName: 'Old School RuneScape',
  linkURL: 'runeScapeClan',
  isPrivate: true,
  groupOwner: 'owner',
  admins: ['owner'],
  members: [
    { userID: 'owner', username: 'Olga', role: 'Administrator', isActive: true, team: null },
    { userID: 'me', username: 'Me', role: 'Member', isActive: true, team: null },
  ],
};

function member(userID: string, playerName: string, totalExperience: number, gained: number): ClanMemberStats {
  return {
    userID,
    username: userID,
    playerName,
    gameMode: 'normal',
    lastUpdated: '2026-11-23T12:00:00.000Z',
    totalLevel: 1500,
    totalExperience,
    combatLevel: 100,
    skills: Object.fromEntries(
      TRACKED_SKILL_IDS.map((id) => [id, { level: 70, experience: totalExperience / 24 }]),
    ) as ClanMemberStats['skills'],
    gained: { overall: gained, skills: Object.fromEntries(TRACKED_SKILL_IDS.map((id) => [id, 0])) as ClanMemberStats['gained']['skills'] },
  };
}

const stats = (period: string): ClanStats => ({
  groupID: 'g1',
  period: period as ClanStats['period'],
  since: '2026-11-16T12:00:00.000Z',
  members: [member('owner', 'Big Olga', 48_000_000, 0), member('me', 'Small Me', 2_400_000, 120_000)],
  topGainers: [{ userID: 'me', username: 'me', playerName: 'Small Me', gained: 120_000 }],
});

function renderAt(path: string) {
  renderGroupPages(path, { stats: <ClanStatsPage />, userSettings: <UserSettingsPage /> });
}

const playerNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getByRole('link').textContent);

it('lists the members, sorts by a column both ways and switches the period', async () => {
  handler = (url) =>
    url.pathname === '/api/runescape/getClanStats' ? { status: 200, body: stats(url.searchParams.get('period') ?? '') } : undefined;
  renderAt('/runeScapeClan/stats?groupID=g1');
  const table = await screen.findByRole('table', { name: 'Members' });
  expect(playerNames(table)).toEqual(['Big Olga', 'Small Me']);
  await userEvent.click(within(table).getByRole('button', { name: /Total XP/ }));
  expect(playerNames(table)).toEqual(['Small Me', 'Big Olga']);
  expect(within(table).getByRole('columnheader', { name: /Total XP/ })).toHaveAttribute('aria-sort', 'ascending');
  await userEvent.click(within(table).getByRole('button', { name: /Gained/ }));
  expect(playerNames(table)).toEqual(['Small Me', 'Big Olga']);

  await userEvent.click(screen.getByRole('radio', { name: 'Day' }));
  expect(await within(table).findByRole('columnheader', { name: /Gained \(day\)/ })).toBeInTheDocument();
  expect(calls).toContain('GET /api/runescape/getClanStats?groupID=g1&period=day');
  expect(screen.getByText(/Top gainers today/)).toBeInTheDocument();
});

it('says clearly when Update is refused by the rate limit', async () => {
  const refusal = "This clan's stats were updated a moment ago. Please wait a few minutes before updating again.";
  handler = (url, method) => {
    if (url.pathname === '/api/runescape/getClanStats') return { status: 200, body: stats('week') };
    if (url.pathname === '/api/runescape/updateClanStats' && method === 'POST') return { status: 429, body: { message: refusal } };
    return undefined;
  };
  renderAt('/runeScapeClan/stats?groupID=g1');
  await screen.findByRole('table', { name: 'Members' });
  await userEvent.click(screen.getByRole('button', { name: 'Update' }));
  expect(await screen.findByText(refusal)).toBeInTheDocument();
});

it("links an account from the clan's User Settings, showing the hiscores' refusal under the name", async () => {
  const notFound = 'Player "Nobody" was not found on the Old School RuneScape Normal hiscores';
  let account: unknown = null;
  handler = (url, method, body) => {
    if (url.pathname === '/api/groups/getFullGroup') {
      const members = clan.members.map((m) => ({ ...m, notifications: { receiveEventNotifications: true } }));
      return { status: 200, body: { ...clan, members, inviteLink: 'code', cards: [] } };
    }
    if (url.pathname === '/api/runescape/getLinkedAccount') return { status: 200, body: { account } };
    if (url.pathname === '/api/runescape/linkAccount' && method === 'POST') {
      const { playerName } = body as { playerName: string };
      if (playerName === 'Nobody') return { status: 400, body: { message: notFound, fields: { playerName: notFound } } };
      account = { groupID: 'g1', userID: 'me', playerName, gameMode: 'normal', linkedAt: '2026-11-23T12:00:00.000Z', lastUpdated: null };
      return { status: 200, body: { account } };
    }
    return undefined;
  };
  renderAt('/runeScapeClan/userSettings?groupID=g1');
  const form = await screen.findByRole('form', { name: 'Linked RuneScape account' });
  const name = within(form).getByLabelText('In-game Name');
  await userEvent.type(name, 'Nobody');
  await userEvent.click(within(form).getByRole('button', { name: 'Save Account' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent(notFound);
  expect(name).toHaveAttribute('aria-invalid', 'true');

  await userEvent.clear(name);
  await userEvent.type(name, 'Zezima');
  await userEvent.click(within(form).getByRole('button', { name: 'Save Account' }));
  expect(await within(form).findByText("Linked: Zezima (Normal). The clan's stats follow this account.")).toBeInTheDocument();
});
