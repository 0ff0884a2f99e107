import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { CIV_CATALOGUES, defaultCivGroupSettings } from '@smm/shared/civilization/catalogue';
import type { GameDto, GameMemberDto, GamesPageDto } from '@smm/shared/civilization/games-schemas';
import type { DeletedGameDto } from '@smm/shared/civilization/ladder-schemas';
import {
  DRAFT_NOT_FOUND_MESSAGE,
  draftDto,
  draftGameBody,
  openDraftsDto,
  type DraftDto,
  type OpenDraftDto,
} from '@smm/shared/civilization/draft-schemas';
import type { EventDto } from '@smm/shared/events/schemas';
import type { FullGroupDto, GroupDto } from '@smm/shared/groups/schemas';
import { ToastProvider } from '../../lib/ui/toasts';
import { AppStateProvider } from '../auth/app-state';
import EventsPage from '../events/pages/EventsPage';
import GroupAreaLayout from '../groups/pages/GroupAreaLayout';
import { completeRandomDraft } from '../civ-draft/civ-draft-fixtures';
import { NewGameModal } from './components/NewGameModal';
import { finishingOrder, finishingOrderText } from './finishing-order';
import type { NewGameMember } from './new-game';
import MainPage from './pages/MainPage';
import { civChoiceLabel } from '@smm/shared/civilization/labels';

// The form tests click through many controls; a loaded machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

type Reply = { status: number; body: unknown };
/** Answers by "METHOD /path"; every call is recorded with its query string and body. */
let routes: Record<string, (url: URL) => Reply>;
let calls: { method: string; url: URL; body: unknown }[];

const civ6 = CIV_CATALOGUES['Civilization 6'];
if (!civ6) throw new Error('no Civilization 6 catalogue');
const [firstLeader] = civ6.leaders;
if (!firstLeader) throw new Error('no leaders');

const member = (userID: string, username: string) => ({ userID, username, role: 'Member' as const, isActive: true, team: null });
const members = [
  { ...member('owner', 'Olga'), role: 'Administrator' as const },
  member('me', 'Me'),
  member('ann', 'Ann'),
  member('bo', 'Bo'),
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
  settings: defaultCivGroupSettings('Civilization 6'),
  gameSettingsUpdatedAt: 0,
  cards: [],
} satisfies FullGroupDto;

const usernames: Record<string, string> = Object.fromEntries(members.map((m) => [m.userID, m.username]));
const asChoice = ({ civID, leader, nation }: { civID: string; leader: string; nation: string }) => ({ civID, leader, nation });
const hand = (choices: readonly { leader: string; nation: string }[]) => choices.map(civChoiceLabel).join(', ');
/** The drafts the fake server dealt, in order. */
let drafts: DraftDto[];

/**
 * The server's side of draftGame as the form sees it: the body is read with the real schema (400 with
 * fields like the server's handler), the answer checked against draftDto. Ann's stored ban of the first
 * leader is listed and dealt to nobody; each draft deals from a later place in the pool, so a redraft
 * shows other hands; in anonymous mode the viewer ('me') sees only their own and team-mates' hands.
 */
function dealDraft(raw: unknown): Reply {
  const parsed = draftGameBody.safeParse(raw);
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'body'), issue.message]));
    return { status: 400, body: { message: 'Invalid input', fields } };
  }
  const body = parsed.data;
  const dealtBefore = drafts.length;
  const pool = civ6!.leaders.filter((leader) => leader.civID !== firstLeader!.civID).slice((dealtBefore + 1) * 3);
  const teamOf = (member: (typeof body.members)[number], index: number) =>
    body.gameType !== 'team' ? null : body.teamSplit === 'manual' ? (member.team ?? null) : (index % body.teamCount) + 1;
  const dealt = body.members.map((member, index) => ({
    userID: member.userID,
    username: usernames[member.userID] ?? member.userID,
    team: teamOf(member, index),
    civChoices: pool.slice(index * body.numCiv, (index + 1) * body.numCiv).map(asChoice),
  }));
  const viewerTeam = dealt.find((player) => player.userID === 'me')?.team ?? null;
  const players = dealt.map((player) =>
    body.anonymousMode && player.userID !== 'me' && (viewerTeam === null || player.team !== viewerTeam)
      ? { ...player, civChoices: [], civChoicesHidden: true }
      : { ...player, civChoicesHidden: false },
  );
  const draft: DraftDto = completeRandomDraft({
    draftID: `draft-${dealtBefore + 1}`,
    groupID: body.groupID,
    gameType: body.gameType,
    anonymousMode: body.anonymousMode,
    numCiv: body.numCiv,
    map: { name: 'Pangaea', minPlayers: 1 },
    players,
    bannedLeaders: [asChoice(firstLeader!)],
    settings: {
      gameSettings: [{ title: 'Turn Timer', value: 'Standard Turn Timer' }],
      gameModes: [],
      victoryTypes: [],
      tradingAndDiplomacy: [],
    },
    dateCreated: '2026-03-01T12:00:00.000Z',
    discordText: [
      'Map: Pangaea',
      ...players.map((player) => `${player.username} — ${player.civChoicesHidden ? 'hidden' : hand(player.civChoices)}`),
    ].join('\n'),
    gameID: null,
  });
  drafts.push(draftDto.parse(draft));
  return { status: 200, body: draft };
}

const gameMember = (userID: string, username: string, rest: Partial<GameMemberDto> = {}): GameMemberDto => ({
  userID,
  username,
  isActive: true,
  team: null,
  civChoices: [],
  civChoicesHidden: false,
  civPlayed: null,
  placement: null,
  eliminationStep: null,
  ratingChange: null,
  ...rest,
});
const game = (id: string, name: string, rest: Partial<GameDto> = {}): GameDto => ({
  _id: id,
  groupID: 'g1',
  gameName: name,
  host: 'me',
  chosenHost: 'me',
  lobbyLink: '',
  gameType: 'ffa',
  winner: null,
  victoryType: null,
  map: 'Pangaea',
  bannedLeaders: [],
  dateCreated: '2026-03-01T12:00:00.000Z',
  dateFinished: null,
  isFinished: false,
  anonymousMode: false,
  draftMode: true,
  numCiv: 3,
  settings: { gameSettings: [], gameModes: [], victoryTypes: [], tradingAndDiplomacy: [] },
  eventID: null,
  createdBy: 'me',
  members: [gameMember('me', 'Me'), gameMember('ann', 'Ann')],
  ...rest,
});
const page = (games: GameDto[], total = games.length, pageNumber = 1): GamesPageDto => ({ games, total, page: pageNumber, pageSize: 10 });

// Only the network is replaced: the pages, the form, their queries and mutations and the real api client all run.
beforeEach(() => {
  calls = [];
  drafts = [];
  const payload = btoa(JSON.stringify({ id: 'me', username: 'Me', email: 'me@example.com', steamID: null, exp: Date.now() / 1000 + 3600 }));
  localStorage.setItem('jwtToken', `Bearer e30.${payload}.sig`);
  routes = {
    'GET /api/groups/getGroup': () => ({ status: 200, body: group }),
    'GET /api/groups/getFullGroup': () => ({ status: 200, body: fullGroup }),
    'GET /api/users/getTimeZone': () => ({ status: 200, body: { timeZone: 'UTC' } }),
    'GET /api/civilization/getActiveGames': () => ({ status: 200, body: page([]) }),
    'GET /api/civilization/getFinishedGames': () => ({ status: 200, body: page([]) }),
    'GET /api/civilization/getDraftPresets': () => ({ status: 200, body: [] }),
    'GET /api/civilization/getOpenDrafts': () => ({ status: 200, body: [] }),
    'POST /api/civilization/draftGame': () => dealDraft(calls.at(-1)?.body),
    'POST /api/civilization/createGame': () => ({ status: 200, body: game('new-game', 'Friday game') }),
  };
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) });
    const route = routes[`${method} ${url.pathname}`];
    const { status, body } = route ? route(url) : { status: 404, body: { message: `No route for ${method} ${url.pathname}` } };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const posts = (path: string) => calls.filter((call) => call.method === 'POST' && call.url.pathname === path);
const gets = (path: string) => calls.filter((call) => call.method === 'GET' && call.url.pathname === path);
const paramsOf = (call: { url: URL } | undefined) => Object.fromEntries(call?.url.searchParams ?? []);

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

const providers = (ui: React.ReactNode, path = '/') => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <MemoryRouter initialEntries={[path]}>
      <AppStateProvider>
        <ToastProvider>
          {ui}
          <Location />
        </ToastProvider>
      </AppStateProvider>
    </MemoryRouter>
  </QueryClientProvider>
);

const groupMembers: NewGameMember[] = members.map(({ userID, username }) => ({ userID, username }));

function renderForm(props: Partial<React.ComponentProps<typeof NewGameModal>> = {}) {
  const onHide = vi.fn();
  render(
    providers(<NewGameModal groupID="g1" groupGameName="Civilization 6" members={groupMembers} viewerID="me" onHide={onHide} {...props} />),
  );
  return { onHide, dialog: screen.getByRole('dialog', { name: 'New Game' }) };
}

describe('the New Game form', () => {
  it('shows Draft and Add Game only once members are chosen, disabled while the name is empty', async () => {
    const user = userEvent.setup();
    const { dialog } = renderForm();
    expect(within(dialog).queryByRole('button', { name: 'Draft' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add Game' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Game Type')).toHaveValue('ffa');
    expect(within(dialog).getByLabelText('Civs per Player')).toHaveValue('3');
    expect(within(dialog).getByLabelText('Free Bans')).toHaveValue('1');

    await user.click(within(dialog).getByLabelText('Ann'));
    expect(within(dialog).getByRole('button', { name: 'Draft' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Add Game' })).toBeDisabled();
    // The host is one of the chosen members.
    expect(
      within(within(dialog).getByLabelText('Host'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Ann']);

    await user.type(within(dialog).getByLabelText('Game Name'), '   ');
    expect(within(dialog).getByRole('button', { name: 'Add Game' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Game Name'), 'Friday game');
    expect(within(dialog).getByRole('button', { name: 'Draft' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Add Game' })).toBeEnabled();

    await user.click(within(dialog).getByLabelText('Ann'));
    expect(within(dialog).queryByRole('button', { name: 'Add Game' })).not.toBeInTheDocument();
  });

  it('lets at most 12 members be chosen: the rest are disabled at 12', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 14 }, (_, i) => ({ userID: `u${i}`, username: `Player ${i}` }));
    const { dialog } = renderForm({ members: many });
    for (const m of many.slice(0, 11)) await user.click(within(dialog).getByLabelText(m.username));
    expect(within(dialog).getByLabelText('Player 12')).toBeEnabled();
    await user.click(within(dialog).getByLabelText('Player 11'));
    expect(within(dialog).getByText('(12/12)')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Player 12')).toBeDisabled();
    expect(within(dialog).getByLabelText('Player 13')).toBeDisabled();
    expect(within(dialog).getByLabelText('Player 0')).toBeEnabled();
    // Freeing a place enables the others again.
    await user.click(within(dialog).getByLabelText('Player 0'));
    expect(within(dialog).getByLabelText('Player 12')).toBeEnabled();
  });

  it("reveals teams, random or balanced teams, draft mode and bans remove picks with 'More options'", async () => {
    const user = userEvent.setup();
    const { dialog } = renderForm();
    for (const name of ['Me', 'Ann', 'Bo']) await user.click(within(dialog).getByLabelText(name));
    await user.selectOptions(within(dialog).getByLabelText('Game Type'), 'team');
    expect(within(dialog).queryByLabelText('Teams')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Draft Mode')).not.toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('More options'));
    // Teams run from 2 up to the number of members chosen.
    const teams = within(dialog).getByLabelText('Teams');
    expect(
      within(teams)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2', '3']);
    expect(within(dialog).getByLabelText('Random Teams')).toBeChecked();
    expect(within(dialog).getByLabelText('Balanced Teams')).not.toBeChecked();
    expect(within(dialog).getByLabelText('Draft Mode')).toBeChecked();
    expect(within(dialog).getByLabelText('Bans Remove Picks')).not.toBeChecked();

    // Balanced and random teams exclude each other; both keep the team count.
    await user.click(within(dialog).getByLabelText('Balanced Teams'));
    expect(within(dialog).getByLabelText('Random Teams')).not.toBeChecked();
    expect(within(dialog).getByLabelText('Teams')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Random Teams'));
    expect(within(dialog).getByLabelText('Balanced Teams')).not.toBeChecked();

    // With neither, each player gets a team from 1 to 12.
    await user.click(within(dialog).getByLabelText('Random Teams'));
    const annTeam = within(dialog).getByRole('combobox', { name: 'Team for Ann' });
    expect(within(annTeam).getAllByRole('option')).toHaveLength(12);
    expect(annTeam).toHaveValue('2');
    expect(within(dialog).getByRole('combobox', { name: 'Team for Me' })).toHaveValue('1');

    // Without Draft Mode there is nothing to draft, and balanced teams (split when drafting) are not offered.
    await user.type(within(dialog).getByLabelText('Game Name'), 'Teams');
    await user.click(within(dialog).getByLabelText('Draft Mode'));
    expect(within(dialog).getByLabelText('Balanced Teams')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Draft' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add Game' })).toBeEnabled();

    await user.click(within(dialog).getByLabelText('More options'));
    expect(within(dialog).queryByLabelText('Teams')).not.toBeInTheDocument();
  });

  it("drafts on the server with the form's options", async () => {
    const user = userEvent.setup();
    const { dialog } = renderForm();
    await user.type(within(dialog).getByLabelText('Game Name'), 'Friday game');
    for (const name of ['Me', 'Ann', 'Bo', 'Olga']) await user.click(within(dialog).getByLabelText(name));
    await user.selectOptions(within(dialog).getByLabelText('Civs per Player'), '4');
    await user.selectOptions(within(dialog).getByLabelText('Free Bans'), '2');
    await user.selectOptions(within(dialog).getByLabelText('Game Type'), 'team');
    await user.click(within(dialog).getByLabelText('More options'));
    await user.selectOptions(within(dialog).getByLabelText('Teams'), '3');
    await user.click(within(dialog).getByLabelText('Bans Remove Picks'));
    await user.click(within(dialog).getByRole('button', { name: 'Draft' }));
    await within(dialog).findByRole('region', { name: 'Draft' });

    // The group's order, not the order of the clicks; the server reads bans and preferences itself.
    expect(posts('/api/civilization/draftGame').map((call) => call.body)).toEqual([
      {
        groupID: 'g1',
        host: 'me',
        members: [{ userID: 'owner' }, { userID: 'me' }, { userID: 'ann' }, { userID: 'bo' }],
        gameType: 'team',
        numCiv: 4,
        gameName: 'Friday game',
        freeBans: 2,
        bansRemovePicks: true,
        teamSplit: 'random',
        teamCount: 3,
        anonymousMode: false,
      },
    ]);
    expect(posts('/api/civilization/getMemberCivPreferences')).toHaveLength(0);

    // Chosen teams go with the members, and a changed option drops the draft.
    await user.click(within(dialog).getByLabelText('Random Teams'));
    expect(within(dialog).queryByRole('region', { name: 'Draft' })).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Team for Bo' }), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Draft' }));
    await within(dialog).findByRole('region', { name: 'Draft' });
    expect(posts('/api/civilization/draftGame')[1]?.body).toMatchObject({
      members: [
        { userID: 'owner', team: 1 },
        { userID: 'me', team: 2 },
        { userID: 'ann', team: 1 },
        { userID: 'bo', team: 1 },
      ],
      teamSplit: 'manual',
    });
  });

  it("sends teamSplit 'balanced' for Balanced Teams", async () => {
    const user = userEvent.setup();
    const { dialog } = renderForm();
    await user.type(within(dialog).getByLabelText('Game Name'), 'Even sides');
    for (const name of ['Me', 'Ann', 'Bo', 'Olga']) await user.click(within(dialog).getByLabelText(name));
    await user.selectOptions(within(dialog).getByLabelText('Game Type'), 'team');
    await user.click(within(dialog).getByLabelText('More options'));
    await user.click(within(dialog).getByLabelText('Balanced Teams'));
    await user.click(within(dialog).getByRole('button', { name: 'Draft' }));
    const result = await within(dialog).findByRole('region', { name: 'Draft' });
    expect(posts('/api/civilization/draftGame')[0]?.body).toMatchObject({ gameType: 'team', teamSplit: 'balanced', teamCount: 2 });
    expect(posts('/api/civilization/draftGame')[0]?.body).not.toHaveProperty('members.0.team');
    // The teams shown are the server's.
    const teamCells = within(within(result).getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(teamCells).toEqual(['Team 1', 'Team 2', 'Team 1', 'Team 2']);
  });

  it("shows the server's draft: map, players and hands, banned leaders, and copies its Discord text", async () => {
    const user = userEvent.setup();
    const { dialog } = renderForm();
    await user.type(within(dialog).getByLabelText('Game Name'), 'Friday game');
    for (const name of ['Me', 'Ann']) await user.click(within(dialog).getByLabelText(name));
    await user.click(within(dialog).getByRole('button', { name: 'Draft' }));

    const result = await within(dialog).findByRole('region', { name: 'Draft' });
    const [dealt] = drafts as [DraftDto];
    expect(within(dialog).getByRole('status')).toHaveTextContent('Drafted 2 players on Pangaea');
    expect(within(result).getByTestId('draft-map')).toHaveTextContent('Pangaea');
    const rows = within(within(result).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Me', 'Ann']);
    const shown = rows.map((row) =>
      within(row)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    );
    expect(shown).toEqual(dealt.players.map((player) => player.civChoices.map(civChoiceLabel)));
    expect(within(result).getByText(civChoiceLabel(firstLeader))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Redraft' })).toBeEnabled();

    await user.click(within(result).getByRole('button', { name: 'Copy for Discord' }));
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(dealt.discordText);

    // Redraft asks the server again and shows its new hands.
    await user.click(within(dialog).getByRole('button', { name: 'Redraft' }));
    await vi.waitFor(() => expect(posts('/api/civilization/draftGame')).toHaveLength(2));
    await vi.waitFor(() =>
      expect(
        within(within(dialog).getByRole('region', { name: 'Draft' }))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).not.toEqual(shown.flat()),
    );

    // Changing the players drops the draft: it described another game.
    await user.click(within(dialog).getByLabelText('Bo'));
    expect(within(dialog).queryByRole('region', { name: 'Draft' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Draft' })).toBeInTheDocument();
  });

  it('shows the hands the server withholds in anonymous mode as hidden until the game ends', async () => {
    const user = userEvent.setup();
    const { dialog } = renderForm();
    await user.type(within(dialog).getByLabelText('Game Name'), 'Secret');
    for (const name of ['Me', 'Ann', 'Bo', 'Olga']) await user.click(within(dialog).getByLabelText(name));
    await user.click(within(dialog).getByLabelText('Anonymous Mode'));
    await user.selectOptions(within(dialog).getByLabelText('Game Type'), 'team');
    await user.click(within(dialog).getByRole('button', { name: 'Draft' }));
    const result = await within(dialog).findByRole('region', { name: 'Draft' });
    expect(posts('/api/civilization/draftGame')[0]?.body).toMatchObject({ anonymousMode: true });

    // Me (team 2) sees their own and Bo's (team 2) hands; Olga's and Ann's (team 1) are withheld.
    const rows = within(within(result).getByRole('table')).getAllByRole('row').slice(1);
    const byPlayer = Object.fromEntries(
      rows.map((row) => [within(row).getByRole('rowheader').textContent, within(row).getAllByRole('cell').at(-1)?.textContent]),
    );
    expect(byPlayer.Olga).toBe('Hidden until the game ends');
    expect(byPlayer.Ann).toBe('Hidden until the game ends');
    expect(byPlayer.Me).not.toBe('Hidden until the game ends');
    expect(within(rows[1]!).getAllByRole('listitem')).toHaveLength(3);
    expect(within(rows[3]!).getAllByRole('listitem')).toHaveLength(3);

    // Turning anonymous mode off asks for a new draft: the stored one hides hands.
    await user.click(within(dialog).getByLabelText('Anonymous Mode'));
    expect(within(dialog).queryByRole('region', { name: 'Draft' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal as it words it, and keeps the prefix for unexpected failures", async () => {
    const user = userEvent.setup();
    routes['POST /api/civilization/draftGame'] = () => ({
      status: 400,
      body: { message: 'Bo owns 9 leaders; 12 are needed', fields: { members: 'Bo owns 9 leaders; 12 are needed' } },
    });
    const { dialog } = renderForm();
    await user.type(within(dialog).getByLabelText('Game Name'), 'Big game');
    for (const name of ['Me', 'Ann', 'Bo']) await user.click(within(dialog).getByLabelText(name));
    await user.click(within(dialog).getByRole('button', { name: 'Draft' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(/^Bo owns 9 leaders; 12 are needed$/);
    expect(within(dialog).queryByRole('region', { name: 'Draft' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Draft' })).toBeEnabled();

    // Add Game drafts first, and stops at the refusal without adding anything.
    await user.click(within(dialog).getByRole('button', { name: 'Add Game' }));
    await vi.waitFor(() => expect(posts('/api/civilization/draftGame')).toHaveLength(2));
    expect(posts('/api/civilization/createGame')).toHaveLength(0);

    routes['POST /api/civilization/draftGame'] = () => ({
      status: 500,
      body: { message: 'Something went wrong on our side. Please try again.' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Draft' }));
    expect(
      await within(dialog).findByText('Unexpected error while drafting: Something went wrong on our side. Please try again.'),
    ).toBeInTheDocument();

    routes['POST /api/civilization/draftGame'] = () => {
      throw new TypeError('Failed to fetch');
    };
    await user.click(within(dialog).getByRole('button', { name: 'Draft' }));
    expect(
      await within(dialog).findByText('Unexpected error while drafting: Cannot reach the server. Check your connection and try again.'),
    ).toBeInTheDocument();
  });

  it("lists the server's field errors without inputs of their own under the draft's error", async () => {
    const user = userEvent.setup();
    const { dialog } = renderForm();
    await user.type(within(dialog).getByLabelText('Game Name'), 'Solo');
    await user.click(within(dialog).getByLabelText('Me'));
    await user.click(within(dialog).getByRole('button', { name: 'Draft' }));
    // One player: the real schema refuses, and the message lands under Members.
    expect(await within(dialog).findByText('Choose at least two players')).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid input')).toHaveAttribute('role', 'alert');

    routes['POST /api/civilization/draftGame'] = () => ({ status: 429, body: { message: 'Too many drafts, try again in a minute' } });
    await user.click(within(dialog).getByLabelText('Ann'));
    await user.click(within(dialog).getByRole('button', { name: 'Draft' }));
    expect(await within(dialog).findByText('Too many drafts, try again in a minute')).toBeInTheDocument();
    expect(within(dialog).queryByText('Choose at least two players')).not.toBeInTheDocument();
  });

  it("shows 'Failure to retrieve civilizations' when the group's game has no civ list", async () => {
    const user = userEvent.setup();
    const { dialog } = renderForm({ groupGameName: 'Civilization 3' });
    await user.type(within(dialog).getByLabelText('Game Name'), 'Old times');
    await user.click(within(dialog).getByLabelText('Me'));
    await user.click(within(dialog).getByRole('button', { name: 'Draft' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Failure to retrieve civilizations$/);
    expect(posts('/api/civilization/draftGame')).toHaveLength(0);
  });

  it("toasts 'Error!' with the server's message when createGame fails, and lets the form be sent again", async () => {
    const user = userEvent.setup();
    routes['POST /api/civilization/createGame'] = () => ({
      status: 400,
      body: {
        message: 'This game cannot be added',
        fields: { eventID: 'The event is in another group', gameName: 'Game name is taken' },
      },
    });
    const { dialog, onHide } = renderForm();
    await user.type(within(dialog).getByLabelText('Game Name'), 'Friday game');
    await user.click(within(dialog).getByLabelText('Me'));
    await user.click(within(dialog).getByLabelText('Ann'));
    await user.click(within(dialog).getByRole('button', { name: 'Draft' }));
    await within(dialog).findByRole('region', { name: 'Draft' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Game' }));

    expect(await screen.findByText('Error!')).toBeInTheDocument();
    expect(screen.getByText('Unexpected error while attempting to draft This game cannot be added')).toBeInTheDocument();
    expect(within(dialog).getByText('Event: The event is in another group')).toBeInTheDocument();
    expect(within(dialog).getByText('Game name is taken')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add Game' })).toBeEnabled();
    expect(onHide).not.toHaveBeenCalled();

    // Sent again, it goes through with the same draft.
    routes['POST /api/civilization/createGame'] = () => ({ status: 200, body: game('g-2', 'Friday game') });
    await user.click(within(dialog).getByRole('button', { name: 'Add Game' }));
    await vi.waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(posts('/api/civilization/createGame').map((call) => (call.body as { draftID?: string }).draftID)).toEqual([
      'draft-1',
      'draft-1',
    ]);
    expect(posts('/api/civilization/draftGame')).toHaveLength(1);
  });

  it('drops a draft the server no longer has, so the next Add Game deals a fresh one', async () => {
    const user = userEvent.setup();
    routes['POST /api/civilization/createGame'] = () => ({ status: 404, body: { message: DRAFT_NOT_FOUND_MESSAGE } });
    const { dialog } = renderForm({ prefill: { gameName: 'Late', memberIDs: ['me', 'ann'] } });
    await user.click(within(dialog).getByRole('button', { name: 'Draft' }));
    await within(dialog).findByRole('region', { name: 'Draft' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Game' }));
    expect(await screen.findByText(`Unexpected error while attempting to draft ${DRAFT_NOT_FOUND_MESSAGE}`)).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Draft' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add Game' }));
    await vi.waitFor(() => expect(posts('/api/civilization/createGame')).toHaveLength(2));
    expect(posts('/api/civilization/draftGame')).toHaveLength(2);
    expect((posts('/api/civilization/createGame')[1]?.body as { draftID: string }).draftID).toBe('draft-2');
  });

  it("adds the drafted game by the server's draftID with no hands, then opens its page", async () => {
    const user = userEvent.setup();
    const { dialog, onHide } = renderForm({ prefill: { gameName: 'Event night', memberIDs: ['ann', 'me'] }, eventID: 'e1' });
    expect(within(dialog).getByLabelText('Game Name')).toHaveValue('Event night');
    expect(within(dialog).getByLabelText('Me')).toBeChecked();
    expect(within(dialog).getByLabelText('Ann')).toBeChecked();
    expect(within(dialog).getByLabelText('Host')).toHaveValue('me');
    await user.click(within(dialog).getByRole('button', { name: 'Draft' }));
    await within(dialog).findByRole('region', { name: 'Draft' });
    // Drafting from an event tells the server which event.
    expect(posts('/api/civilization/draftGame')[0]?.body).toMatchObject({ eventID: 'e1' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Game' }));
    await vi.waitFor(() => expect(onHide).toHaveBeenCalled());

    expect(posts('/api/civilization/createGame').map((call) => call.body)).toEqual([
      {
        groupID: 'g1',
        draftID: 'draft-1',
        gameName: 'Event night',
        host: 'me',
        members: [
          { userID: 'me', team: null },
          { userID: 'ann', team: null },
        ],
        gameType: 'ffa',
        anonymousMode: false,
        draftMode: true,
        numCiv: 3,
        freeBans: 1,
        bansRemovePicks: false,
        lobbyLink: '',
        eventID: 'e1',
      },
    ]);
    // Only the first draft is dealt: Add Game takes the one on screen.
    expect(posts('/api/civilization/draftGame')).toHaveLength(1);
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/civGroup/civGame?groupID=g1&gameID=new-game'));
    expect(await screen.findByText('Successfully added Friday game')).toBeInTheDocument();
  });

  it('adds a team game without Draft Mode: no draft, no civ choices, and random teams dealt round-robin', async () => {
    const user = userEvent.setup();
    const { dialog, onHide } = renderForm();
    await user.type(within(dialog).getByLabelText('Game Name'), 'Quick');
    for (const name of ['Olga', 'Me', 'Ann', 'Bo']) await user.click(within(dialog).getByLabelText(name));
    await user.selectOptions(within(dialog).getByLabelText('Game Type'), 'team');
    await user.click(within(dialog).getByLabelText('More options'));
    await user.click(within(dialog).getByLabelText('Draft Mode'));
    await user.click(within(dialog).getByRole('button', { name: 'Add Game' }));
    await vi.waitFor(() => expect(onHide).toHaveBeenCalled());
    const body = posts('/api/civilization/createGame')[0]?.body as {
      members: { team: number; civChoices: string[] }[];
      draftMode: boolean;
    };
    expect(body.draftMode).toBe(false);
    expect(body).not.toHaveProperty('draftID');
    expect(body.members.every((m) => m.civChoices.length === 0)).toBe(true);
    expect(body.members.map((m) => m.team).sort()).toEqual([1, 1, 2, 2]);
    expect(posts('/api/civilization/draftGame')).toHaveLength(0);
  });
});

describe('a redraft refused because the earlier game has started', () => {
  const refusal = {
    status: 409,
    body: {
      message: 'The earlier game of this event has started: Ann was eliminated and it has 2 comments, so it is kept.',
      fields: { keepEarlier: 'Send keepEarlier to add the new game beside the earlier one' },
    },
  };

  it("shows the server's reason and 'Add beside the earlier game' sends the same game with keepEarlier", async () => {
    const user = userEvent.setup();
    routes['POST /api/civilization/createGame'] = () =>
      posts('/api/civilization/createGame').length === 1 ? refusal : { status: 200, body: game('new-game', 'Event night') };
    const { dialog, onHide } = renderForm({
      prefill: { gameName: 'Event night', memberIDs: ['me', 'ann'] },
      eventID: 'e1',
      replacesDraft: true,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Add Game' }));

    const addBeside = await within(dialog).findByRole('button', { name: 'Add beside the earlier game' });
    const alert = addBeside.closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent(refusal.body.message);
    // A refusal with a way forward, not a failure: no error toast, nothing listed as a bad field.
    expect(screen.queryByText('Error!')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/keepEarlier/)).not.toBeInTheDocument();
    expect(onHide).not.toHaveBeenCalled();

    await user.click(addBeside);
    await vi.waitFor(() => expect(onHide).toHaveBeenCalled());
    const [first, second] = posts('/api/civilization/createGame').map((call) => call.body as Record<string, unknown>);
    expect(first?.keepEarlier).toBeUndefined();
    // The same stored draft, added beside the earlier game: nothing is dealt again.
    expect(first).toMatchObject({ draftID: 'draft-1', eventID: 'e1' });
    expect(second).toEqual({ ...first, keepEarlier: true });
    expect(posts('/api/civilization/draftGame')).toHaveLength(1);
    expect(await screen.findByText('Successfully added Event night')).toBeInTheDocument();
  });

  it('drops the offer once the game changes: it was for the game as sent', async () => {
    const user = userEvent.setup();
    routes['POST /api/civilization/createGame'] = () => refusal;
    const { dialog } = renderForm({ prefill: { gameName: 'Event night', memberIDs: ['me', 'ann'] }, eventID: 'e1', replacesDraft: true });
    await user.click(within(dialog).getByRole('button', { name: 'Add Game' }));
    expect(await within(dialog).findByRole('button', { name: 'Add beside the earlier game' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Game Name'), ' 2');
    expect(within(dialog).queryByRole('button', { name: 'Add beside the earlier game' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add Game' }));
    expect(await within(dialog).findByRole('button', { name: 'Add beside the earlier game' })).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Bo'));
    expect(within(dialog).queryByRole('button', { name: 'Add beside the earlier game' })).not.toBeInTheDocument();
  });

  it('treats a 409 without keepEarlier as an ordinary failure', async () => {
    const user = userEvent.setup();
    routes['POST /api/civilization/createGame'] = () => ({ status: 409, body: { message: 'A game with this name is being added' } });
    const { dialog } = renderForm({ prefill: { gameName: 'Event night', memberIDs: ['me', 'ann'] }, eventID: 'e1' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Game' }));
    expect(await screen.findByText('Unexpected error while attempting to draft A game with this name is being added')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add beside the earlier game' })).not.toBeInTheDocument();
  });
});

describe('the finishing order', () => {
  it('lists players by place, marks shared places with =, and leaves out the unplaced', () => {
    const places = finishingOrder({
      gameType: 'ffa',
      members: [
        gameMember('c', 'Carol', { placement: 3 }),
        gameMember('a', 'Alice', { placement: 1 }),
        gameMember('d', 'Dan', { placement: 3 }),
        gameMember('b', 'Bob', { placement: 2 }),
        gameMember('e', 'Eve'),
      ],
    });
    expect(finishingOrderText(places)).toBe('1. Alice · 2. Bob · =3. Carol, Dan');
    expect(finishingOrder({ gameType: 'ffa', members: [gameMember('a', 'Alice')] })).toEqual([]);
  });

  it('lists teams once each in a team game, tied teams in number order', () => {
    const members = [
      gameMember('a', 'Alice', { team: 10, placement: 1 }),
      gameMember('b', 'Bob', { team: 2, placement: 1 }),
      gameMember('c', 'Carol', { team: 3, placement: 2 }),
      gameMember('d', 'Dan', { team: 3, placement: 2 }),
    ];
    expect(finishingOrderText(finishingOrder({ gameType: 'team', members }))).toBe('=1. Team 2, Team 10 · 2. Team 3');
  });
});

function renderPage(path: string) {
  render(
    providers(
      <Routes>
        <Route path="/civGroup" element={<GroupAreaLayout />}>
          <Route path="main" element={<MainPage />} />
          <Route path="events" element={<EventsPage />} />
        </Route>
      </Routes>,
      path,
    ),
  );
}

describe('the main page', () => {
  it('lists the open drafts above the games, running or waiting for their game, each opening its page, and nothing when there are none', async () => {
    const open: OpenDraftDto[] = [
      {
        draftID: 'd-blind',
        gameName: 'Friday FFA',
        mode: 'blind',
        status: 'running',
        gameType: 'ffa',
        startedBy: 'Olga',
        dateCreated: '2026-03-01T18:00:00.000Z',
        players: [
          { userID: 'owner', username: 'Olga' },
          { userID: 'me', username: 'Me' },
          { userID: 'ann', username: 'Ann' },
        ],
        deadline: '2026-03-01T18:02:00.000Z',
      },
      {
        draftID: 'd-captains',
        gameName: null,
        mode: 'captains',
        status: 'running',
        gameType: 'team',
        startedBy: null,
        dateCreated: '2026-03-01T17:00:00.000Z',
        players: [
          { userID: 'ann', username: 'Ann' },
          { userID: 'bo', username: 'Bo' },
        ],
        deadline: null,
      },
      {
        draftID: 'd-random',
        gameName: null,
        mode: 'random',
        status: 'complete',
        gameType: 'ffa',
        startedBy: 'Ann',
        dateCreated: '2026-03-01T16:00:00.000Z',
        players: [
          { userID: 'ann', username: 'Ann' },
          { userID: 'me', username: 'Me' },
        ],
        deadline: '2026-03-01T16:01:30.000Z',
      },
    ];
    routes['GET /api/civilization/getOpenDrafts'] = () => ({ status: 200, body: openDraftsDto.parse(open) });
    renderPage('/civGroup/main?groupID=g1');
    const card = await screen.findByRole('region', { name: 'Drafts in progress' });
    const [blind, captains, dealt] = within(card).getAllByTestId('open-draft') as [HTMLElement, HTMLElement, HTMLElement];
    expect(blind).toHaveTextContent('Friday FFA');
    expect(blind).toHaveTextContent('Blind pick · Free for all');
    expect(blind).toHaveTextContent('You play');
    expect(blind).toHaveTextContent('Olga, Me, Ann');
    expect(blind).toHaveTextContent('Started by Olga, Sun, Mar 1, 2026, 6:00 PM UTC · this step ends Sun, Mar 1, 2026, 6:02 PM UTC');
    expect(within(blind).getByRole('link', { name: 'Open draft' })).toHaveAttribute('href', '/civGroup/draft?groupID=g1&draftID=d-blind');
    expect(captains).toHaveTextContent('Captains draft · Teams');
    expect(captains).not.toHaveTextContent('You play');
    expect(captains).toHaveTextContent('Started by a former member');
    expect(within(captains).getByRole('link', { name: 'Watch draft' })).toHaveAttribute(
      'href',
      '/civGroup/draft?groupID=g1&draftID=d-captains',
    );
    expect(blind).not.toHaveTextContent('waiting for its game');
    // A dealt draft waits for its game; a redraft vote open on it shows when it ends.
    expect(dealt).toHaveTextContent('Random draft · Free for all');
    expect(dealt).toHaveTextContent('Dealt: waiting for its game');
    expect(dealt).toHaveTextContent('the redraft vote ends Sun, Mar 1, 2026, 4:01 PM UTC');
    expect(within(dealt).getByRole('link', { name: 'Open draft' })).toHaveAttribute('href', '/civGroup/draft?groupID=g1&draftID=d-random');
    expect(paramsOf(gets('/api/civilization/getOpenDrafts')[0])).toEqual({ groupID: 'g1' });

    cleanup();
    routes['GET /api/civilization/getOpenDrafts'] = () => ({ status: 200, body: [] });
    renderPage('/civGroup/main?groupID=g1');
    await screen.findByRole('heading', { name: 'Active Games' });
    await vi.waitFor(() => expect(gets('/api/civilization/getOpenDrafts').length).toBeGreaterThan(1));
    expect(screen.queryByRole('region', { name: 'Drafts in progress' })).toBeNull();
  });

  it('shows the three tables, newest first from the server, 10 a page, each game linking to its page', async () => {
    const finished = game('f1', 'Space race', {
      isFinished: true,
      winner: 'ann',
      victoryType: 'Science',
      dateFinished: '2026-03-02T12:00:00.000Z',
      members: [
        gameMember('me', 'Me', { isActive: false, placement: 2, eliminationStep: 2 }),
        gameMember('ann', 'Ann', { placement: 1 }),
        gameMember('bo', 'Bo', { isActive: false, placement: 3, eliminationStep: 1 }),
        gameMember('owner', 'Olga', { isActive: false, placement: 3, eliminationStep: 1 }),
      ],
    });
    const teamGame = game('t1', 'Alliance', {
      gameType: 'team',
      isFinished: true,
      winner: 2,
      victoryType: 'Domination',
      dateFinished: '2026-03-03T12:00:00.000Z',
      members: [
        gameMember('me', 'Me', { team: 1, isActive: false, placement: 2 }),
        gameMember('ann', 'Ann', { team: 2, placement: 1 }),
        gameMember('bo', 'Bo', { team: 1, isActive: false, placement: 2 }),
        gameMember('owner', 'Olga', { team: 2, placement: 1 }),
      ],
    });
    routes['GET /api/civilization/getActiveGames'] = (url) =>
      url.searchParams.get('page') === '2'
        ? { status: 200, body: page([game('a11', 'Oldest')], 11, 2) }
        : { status: 200, body: page([game('a1', 'Rome rising')], 11) };
    routes['GET /api/civilization/getFinishedGames'] = (url) =>
      url.searchParams.get('gameType') === 'ffa' ? { status: 200, body: page([finished]) } : { status: 200, body: page([teamGame]) };
    const user = userEvent.setup();
    renderPage('/civGroup/main?groupID=g1');

    const active = await screen.findByRole('region', { name: 'Active Games' });
    const link = await within(active).findByRole('link', { name: 'Rome rising' });
    expect(link).toHaveAttribute('href', '/civGroup/civGame?groupID=g1&gameID=a1');
    expect(
      within(active)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Game Name', 'Date Created', 'Host', 'Map', 'Members', 'Type']);
    expect(
      within(link.closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Mar 1, 2026', 'Me', 'Pangaea', 'Me, Ann', 'FFA']);

    const ffa = screen.getByRole('region', { name: 'Archived Games - FFA' });
    expect(
      within(ffa)
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
        .slice(-3),
    ).toEqual(['Winner', 'Victory Type', 'Placements']);
    const row = (await within(ffa).findByRole('link', { name: 'Space race' })).closest('tr') as HTMLElement;
    // The finishing order: winner first, then reverse elimination order; the two out together share third.
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(-3),
    ).toEqual(['Ann', 'Science', '1. Ann · 2. Me · =3. Bo, Olga']);
    const teams = screen.getByRole('region', { name: 'Archived Games - Teams' });
    const teamRow = (await within(teams).findByRole('link', { name: 'Alliance' })).closest('tr') as HTMLElement;
    expect(
      within(teamRow)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(-3),
    ).toEqual(['Team 2', 'Domination', '1. Team 2 · 2. Team 1']);
    // A member of the group sees no deleted games and the page never asks for them.
    expect(screen.queryByRole('region', { name: 'Deleted games' })).not.toBeInTheDocument();
    expect(gets('/api/civilization/getDeletedGames')).toHaveLength(0);
    expect(paramsOf(gets('/api/civilization/getActiveGames')[0])).toEqual({ groupID: 'g1', page: '1', pageSize: '10' });

    // Server-side paging.
    const pages = within(active).getByRole('navigation', { name: 'Active Games pages' });
    expect(within(pages).getByText('Page 1 of 2 (11 games)')).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(await within(active).findByRole('link', { name: 'Oldest' })).toBeInTheDocument();
    expect(paramsOf(gets('/api/civilization/getActiveGames').at(-1))).toMatchObject({ page: '2' });
    expect(pages.querySelector('[aria-current="page"]')).toHaveTextContent('Page 2(current)');
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toBeEnabled();
  });

  it("says 'No active games' when there are none", async () => {
    renderPage('/civGroup/main?groupID=g1');
    const active = await screen.findByRole('region', { name: 'Active Games' });
    expect(await within(active).findByText('No active games')).toBeInTheDocument();
  });

  it('filters all three tables through the API and Clear removes the filter', async () => {
    const user = userEvent.setup();
    renderPage('/civGroup/main?groupID=g1');
    const active = await screen.findByRole('region', { name: 'Active Games' });
    await within(active).findByText('No active games');
    expect(within(active).getByRole('button', { name: 'Clear' })).toBeDisabled();

    await user.click(within(active).getByRole('button', { name: 'Filter' }));
    const filter = screen.getByRole('dialog', { name: 'Filter Games' });
    expect(
      within(within(filter).getByLabelText('Type'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Is', 'Includes']);
    await user.click(within(filter).getByRole('button', { name: 'Apply' }));
    expect(within(filter).getByText('Value is required')).toBeInTheDocument();
    await user.selectOptions(within(filter).getByLabelText('Column'), 'Members');
    await user.selectOptions(within(filter).getByLabelText('Type'), 'Is');
    await user.type(within(filter).getByLabelText('Value'), ' Ann ');
    calls = [];
    await user.click(within(filter).getByRole('button', { name: 'Apply' }));
    expect(screen.queryByRole('dialog', { name: 'Filter Games' })).not.toBeInTheDocument();
    expect(within(active).getByText('Showing games where Members is “Ann”.')).toBeInTheDocument();

    const filtered = { filterField: 'member', filterType: 'is', filterValue: 'Ann' };
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(paramsOf(gets('/api/civilization/getActiveGames')[0])).toEqual({ groupID: 'g1', page: '1', pageSize: '10', ...filtered });
    expect(gets('/api/civilization/getFinishedGames').map(paramsOf)).toEqual([
      { groupID: 'g1', gameType: 'ffa', page: '1', pageSize: '10', ...filtered },
      { groupID: 'g1', gameType: 'team', page: '1', pageSize: '10', ...filtered },
    ]);

    calls = [];
    await user.click(within(active).getByRole('button', { name: 'Clear' }));
    expect(within(active).queryByText(/Showing games where/)).not.toBeInTheDocument();
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    for (const call of calls) expect(call.url.searchParams.has('filterField')).toBe(false);
  });
});

describe('drafting from an event', () => {
  const event = (rest: Partial<EventDto> = {}): EventDto => ({
    _id: 'e1',
    groupID: 'g1',
    userID: 'owner',
    eventName: 'Saturday Civ',
    startDate: '2031-01-15T18:00:00.000Z',
    endDate: '2031-01-15T22:00:00.000Z',
    maxNumberOfMembers: 12,
    attendingMembers: [
      { userID: 'ann', username: 'Ann' },
      { userID: 'gone', username: 'Left the group' },
      { userID: 'me', username: 'Me' },
    ],
    isDrafted: false,
    draftGameID: null,
    ...rest,
  });

  it("opens the form with the event's attendees and name; Add Game sends the eventID", async () => {
    routes['GET /api/events/getEvents'] = () => ({ status: 200, body: [event()] });
    const user = userEvent.setup();
    renderPage('/civGroup/events?groupID=g1');
    await user.click((await screen.findAllByRole('button', { name: 'Saturday Civ' }))[0] as HTMLElement);
    const detail = screen.getByRole('dialog', { name: 'Saturday Civ' });
    expect(within(detail).queryByRole('link', { name: 'View drafted game' })).not.toBeInTheDocument();
    await user.click(within(detail).getByRole('button', { name: 'Draft' }));

    const form = await screen.findByRole('dialog', { name: 'New Game' });
    expect(within(form).getByLabelText('Game Name')).toHaveValue('Saturday Civ');
    expect(within(form).getByLabelText('Me')).toBeChecked();
    expect(within(form).getByLabelText('Ann')).toBeChecked();
    expect(within(form).getByLabelText('Bo')).not.toBeChecked();
    expect(within(form).getByText('(2/12)')).toBeInTheDocument();

    // Cancel goes back to the event.
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Saturday Civ' })).getByRole('button', { name: 'Draft' }));
    const again = await screen.findByRole('dialog', { name: 'New Game' });
    await user.click(within(again).getByRole('button', { name: 'Add Game' }));
    await vi.waitFor(() => expect(posts('/api/civilization/createGame')).toHaveLength(1));
    expect(posts('/api/civilization/createGame')[0]?.body).toMatchObject({ eventID: 'e1', gameName: 'Saturday Civ' });
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/civGroup/civGame?groupID=g1&gameID=new-game'));
    // The events reload: drafting marked the event drafted.
    expect(gets('/api/events/getEvents').length).toBeGreaterThan(1);
  });

  it("offers 'Redraft' and 'View drafted game' once the event is drafted", async () => {
    routes['GET /api/events/getEvents'] = () => ({ status: 200, body: [event({ isDrafted: true, draftGameID: 'game-7' })] });
    const user = userEvent.setup();
    renderPage('/civGroup/events?groupID=g1');
    await user.click((await screen.findAllByRole('button', { name: 'Saturday Civ' }))[0] as HTMLElement);
    const detail = screen.getByRole('dialog', { name: 'Saturday Civ' });
    expect(within(detail).getByRole('link', { name: 'View drafted game' })).toHaveAttribute(
      'href',
      '/civGroup/civGame?groupID=g1&gameID=game-7',
    );
    await user.click(within(detail).getByRole('button', { name: 'Redraft' }));
    const form = await screen.findByRole('dialog', { name: 'New Game' });
    expect(
      within(form).getByText(
        'This event has already been drafted. Adding this game replaces the earlier one only if nobody has started recording it (no elimination, winner, comment or note); otherwise you can add it beside the earlier game.',
      ),
    ).toBeInTheDocument();
  });
});

describe('deleted games', () => {
  const administratorGroup: GroupDto = {
    ...group,
    admins: ['owner', 'me'],
    members: members.map((m) => (m.userID === 'me' ? { ...m, role: 'Administrator' as const } : m)),
  };
  const deletedGame = (id: string, name: string, rest: Partial<DeletedGameDto> = {}): DeletedGameDto => ({
    _id: id,
    gameName: name,
    gameType: 'ffa',
    isFinished: true,
    deletedByName: 'Olga',
    dateDeleted: '2026-03-05T18:30:00.000Z',
    restorableUntil: '2026-04-04T18:30:00.000Z',
    comments: 4,
    ...rest,
  });

  it('lists them for an Administrator in their time zone, and Restore brings one back and reloads the tables', async () => {
    let deleted = [deletedGame('d1', 'Lost empire'), deletedGame('d2', 'Island hop', { gameType: 'team', isFinished: false, comments: 0 })];
    routes['GET /api/groups/getGroup'] = () => ({ status: 200, body: administratorGroup });
    routes['GET /api/users/getTimeZone'] = () => ({ status: 200, body: { timeZone: 'Europe/Berlin' } });
    routes['GET /api/civilization/getDeletedGames'] = () => ({ status: 200, body: deleted });
    routes['POST /api/civilization/restoreGame'] = (url) => {
      deleted = deleted.filter((d) => d._id !== url.searchParams.get('gameID'));
      return { status: 200, body: { message: 'Game restored' } };
    };
    const user = userEvent.setup();
    renderPage('/civGroup/main?groupID=g1');

    const section = await screen.findByRole('region', { name: 'Deleted games' });
    const link = await within(section).findByRole('link', { name: 'Lost empire' });
    expect(link).toHaveAttribute('href', '/civGroup/civGame?groupID=g1&gameID=d1');
    expect(paramsOf(gets('/api/civilization/getDeletedGames')[0])).toEqual({ groupID: 'g1' });
    expect(
      within(section)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Game Name', 'Type', 'Deleted by', 'Deleted', 'Restorable until', 'Comments', 'Restore']);
    await vi.waitFor(() =>
      expect(
        within(link.closest('tr') as HTMLElement)
          .getAllByRole('cell')
          .map((c) => c.textContent)
          .slice(0, 5),
      ).toEqual(['FFA, finished', 'Olga', 'Thu, Mar 5, 2026, 7:30 PM GMT+1', 'Sat, Apr 4, 2026, 8:30 PM GMT+2', '4']),
    );
    expect(within(section).getByText(/times are in Europe\/Berlin/)).toBeInTheDocument();

    calls = [];
    await user.click(within(section).getByRole('button', { name: 'Restore Lost empire' }));
    expect(await screen.findByText('Restored Lost empire')).toBeInTheDocument();
    expect(posts('/api/civilization/restoreGame').map(paramsOf)).toEqual([{ gameID: 'd1' }]);
    await vi.waitFor(() => expect(within(section).queryByRole('link', { name: 'Lost empire' })).not.toBeInTheDocument());
    expect(within(section).getByRole('link', { name: 'Island hop' })).toBeInTheDocument();
    // The restored game is back in the lists: all three tables load again.
    await vi.waitFor(() => {
      expect(gets('/api/civilization/getActiveGames')).toHaveLength(1);
      expect(gets('/api/civilization/getFinishedGames')).toHaveLength(2);
    });
  });

  it("shows the server's refusal when a game can no longer be restored", async () => {
    routes['GET /api/groups/getGroup'] = () => ({ status: 200, body: administratorGroup });
    routes['GET /api/civilization/getDeletedGames'] = () => ({ status: 200, body: [deletedGame('d1', 'Lost empire')] });
    routes['POST /api/civilization/restoreGame'] = () => ({
      status: 409,
      body: { message: 'This game was deleted more than 30 days ago' },
    });
    const user = userEvent.setup();
    renderPage('/civGroup/main?groupID=g1');
    const section = await screen.findByRole('region', { name: 'Deleted games' });
    await user.click(await within(section).findByRole('button', { name: 'Restore Lost empire' }));
    expect(await screen.findByText('This game was deleted more than 30 days ago')).toBeInTheDocument();
    expect(screen.getByText('Error!')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Restore Lost empire' })).toBeEnabled();
  });

  it('says when there is nothing to restore', async () => {
    routes['GET /api/groups/getGroup'] = () => ({ status: 200, body: administratorGroup });
    routes['GET /api/civilization/getDeletedGames'] = () => ({ status: 200, body: [] });
    renderPage('/civGroup/main?groupID=g1');
    const section = await screen.findByRole('region', { name: 'Deleted games' });
    expect(await within(section).findByText('No deleted games to restore.')).toBeInTheDocument();
  });
});
