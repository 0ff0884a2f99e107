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
  game: 'osrs',
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
  // An Old School clan keeps Old School's skills: Sailing, and none of RuneScape 3's own.
  expect(within(table).getByRole('columnheader', { name: 'Sailing' })).toBeInTheDocument();
  expect(within(table).queryByRole('columnheader', { name: 'Necromancy' })).not.toBeInTheDocument();
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

it('says when each account was read in the zone the reader chose on their profile, naming it', async () => {
  handler = (url) => {
    if (url.pathname === '/api/runescape/getClanStats') return { status: 200, body: stats('week') };
    if (url.pathname === '/api/users/getTimeZone') return { status: 200, body: { timeZone: 'Asia/Tokyo' } };
    return undefined;
  };
  renderAt('/runeScapeClan/stats?groupID=g1');
  const table = await screen.findByRole('table', { name: 'Members' });
  // 12:00 UTC is 9:00 PM in Tokyo, whatever the browser's own zone.
  expect(await within(table).findAllByText('Mon, Nov 23, 2026, 9:00 PM GMT+9')).toHaveLength(2);
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
    if ((url.pathname === '/api/runescape/linkAccount' || url.pathname === '/api/runescape/renameAccount') && method === 'POST') {
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
  expect(await within(form).findByText(/^Linked: Zezima \(Normal\)\. The clan's stats follow this account\./)).toBeInTheDocument();

  // A new name on the same mode renames the account: its history carries over.
  await userEvent.clear(name);
  await userEvent.type(name, 'Zezima Two');
  await userEvent.click(within(form).getByRole('button', { name: 'Rename Account' }));
  expect(await within(form).findByText(/^Linked: Zezima Two \(Normal\)/)).toBeInTheDocument();
  expect(calls).toContain('POST /api/runescape/renameAccount');
  expect(calls.filter((c) => c === 'POST /api/runescape/linkAccount')).toHaveLength(2);
});

it('lets an Administrator import a roster and a member claim a name from it', async () => {
  const invitation = (invitationID: string, playerName: string, claimedBy: { userID: string; username: string } | null) => ({
    invitationID,
    playerName,
    gameMode: 'normal',
    createdAt: '2026-11-23T12:00:00.000Z',
    claimedBy,
    claimedAt: claimedBy ? '2026-11-23T13:00:00.000Z' : null,
  });
  let invitations = [invitation('i1', 'Alpha Wolf', null), invitation('i2', 'Beta', { userID: 'owner', username: 'Olga' })];
  let imported: unknown;
  handler = (url, method, body) => {
    if (url.pathname === '/api/runescape/getClanStats') return { status: 200, body: stats('week') };
    if (url.pathname === '/api/runescape/listRosterInvitations') return { status: 200, body: { invitations } };
    if (url.pathname === '/api/runescape/importRoster' && method === 'POST') {
      imported = body;
      invitations = [...invitations, invitation('i3', 'Gamma', null)];
      return { status: 200, body: { invitations, added: 1, skipped: 1 } };
    }
    if (url.pathname === '/api/runescape/claimRosterInvitation' && method === 'POST') {
      invitations = invitations.map((i) => (i.invitationID === 'i1' ? invitation('i1', 'Alpha Wolf', { userID: 'me', username: 'Me' }) : i));
      return { status: 200, body: { account: null } };
    }
    return undefined;
  };
  // As a member: no import form, a Claim button on unclaimed names.
  renderAt('/runeScapeClan/stats?groupID=g1');
  const roster = await screen.findByRole('table', { name: 'Roster' });
  expect(screen.queryByRole('form', { name: 'Import a roster' })).not.toBeInTheDocument();
  expect(within(roster).getByRole('row', { name: /Beta/ })).toHaveTextContent('Olga');
  await userEvent.click(within(roster).getByRole('button', { name: 'Claim Alpha Wolf' }));
  expect(await within(roster).findByRole('row', { name: /Alpha Wolf.*You/ })).toBeInTheDocument();
  expect(calls).toContain('POST /api/runescape/claimRosterInvitation');
  cleanup();

  // As an Administrator: a bad line is said under the names before anything is sent.
  clan.members[1]!.role = 'Administrator';
  try {
    renderAt('/runeScapeClan/stats?groupID=g1');
    const form = await screen.findByRole('form', { name: 'Import a roster' });
    const names = within(form).getByLabelText(/Names/);
    await userEvent.type(names, 'Gamma{enter}Bad*Name');
    await userEvent.click(within(form).getByRole('button', { name: 'Import Roster' }));
    expect(await within(form).findByText(/Line 2: "Bad\*Name"/)).toBeInTheDocument();
    expect(imported).toBeUndefined();
    await userEvent.clear(names);
    await userEvent.type(names, 'Gamma{enter}Beta');
    await userEvent.click(within(form).getByRole('button', { name: 'Import Roster' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Added 1 name. 1 already invited were left as they were.');
    expect(imported).toEqual({ groupID: 'g1', roster: 'Gamma\nBeta', gameMode: 'normal' });
    expect(await screen.findByRole('row', { name: /Gamma/ })).toBeInTheDocument();
  } finally {
    clan.members[1]!.role = 'Member';
  }
});
