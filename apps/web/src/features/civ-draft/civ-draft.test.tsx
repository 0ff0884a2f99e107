import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { defaultCivGroupSettings } from '@smm/shared/civilization/catalogue';
import type { DraftModeConfigInput } from '@smm/shared/civilization/draft-machine-schemas';
import type { DraftPresetDto } from '@smm/shared/civilization/draft-schemas';
import { civChoiceLabel } from '@smm/shared/civilization/labels';
import type { FullGroupDto, GroupDto } from '@smm/shared/groups/schemas';
import { ToastProvider } from '../../lib/ui/toasts';
import { AppStateProvider } from '../auth/app-state';
import { formatWithZone } from '../events/event-time';
import GroupAreaLayout from '../groups/pages/GroupAreaLayout';
import { CIV6, FakeDraft, type FakePlayer, type Reply } from './civ-draft-fixtures';
import { DraftPresetsCard } from './components/DraftPresetsCard';
import DraftPage from './pages/DraftPage';

type Route = (url: URL, body: unknown) => Reply;
let routes: Record<string, Route>;
let calls: { method: string; url: URL; body: unknown }[];
/** The open live streams of the group: a test pushes the server's 'drafts' change down them. */
let streams: ReadableStreamDefaultController<Uint8Array>[];
let fake: FakeDraft | null;

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
  timeZone: 'UTC',
  members: members.map((m) => ({ ...m, notifications: { receiveEventNotifications: true } })),
  settings: defaultCivGroupSettings('Civilization 6'),
  gameSettingsUpdatedAt: 0,
  cards: [],
} satisfies FullGroupDto;

const player = (userID: string, rest: Partial<FakePlayer> = {}): FakePlayer => ({
  userID,
  username: members.find((m) => m.userID === userID)?.username ?? userID,
  ...rest,
});
const leaderOf = (civID: string) => CIV6.leaders.find((leader) => leader.civID === civID)!;
const label = (civID: string) => civChoiceLabel(leaderOf(civID));

function startDraft(config: DraftModeConfigInput, players: FakePlayer[]) {
  fake = new FakeDraft('d1', config, players, { seed: 3 });
  return fake;
}

/** The hand the fake dealt a player in a blind draft. */
function handOf(userID: string): string[] {
  const stage = fake!.state.stage;
  if (stage.mode !== 'blind') throw new Error('not a blind draft');
  return stage.deal.players.find((p) => p.userID === userID)!.civChoices.map((leader) => leader.civID);
}

const encoder = new TextEncoder();
/** What the server's live stream sends when a draft moves on. */
function pushDraftChange() {
  const frame = `event: change\ndata: ${JSON.stringify({ topic: 'drafts', action: 'changed', draftId: 'd1' })}\n\n`;
  for (const stream of streams) stream.enqueue(encoder.encode(frame));
}
/** Another player's step, made on the fake server and told to the page as the live stream tells it. */
function othersAct(userID: string, action: Parameters<FakeDraft['act']>[1]) {
  const reply = fake!.act(userID, action);
  if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
  pushDraftChange();
}

beforeEach(() => {
  calls = [];
  streams = [];
  fake = null;
  const payload = btoa(JSON.stringify({ id: 'me', username: 'Me', email: 'me@example.com', steamID: null, exp: Date.now() / 1000 + 3600 }));
  localStorage.setItem('jwtToken', `Bearer e30.${payload}.sig`);
  routes = {
    'GET /api/groups/getGroup': () => ({ status: 200, body: group }),
    'GET /api/groups/getFullGroup': () => ({ status: 200, body: fullGroup }),
    'GET /api/users/getTimeZone': () => ({ status: 200, body: { timeZone: 'Europe/Berlin' } }),
    'GET /api/civilization/getDraft': (url) =>
      fake && url.searchParams.get('draftID') === fake.draftID
        ? { status: 200, body: fake.dto('me') }
        : { status: 404, body: { message: 'Draft not found' } },
    'POST /api/civilization/draftAction': (_url, body) => fake!.act('me', (body as { action: Parameters<FakeDraft['act']>[1] }).action),
    'POST /api/civilization/createGame': () => {
      fake!.gameID = 'new-game';
      return { status: 200, body: { _id: 'new-game', gameName: 'Friday game' } };
    },
  };
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body === undefined ? undefined : JSON.parse(String(init.body));
    calls.push({ method, url, body });
    if (url.pathname === '/api/groups/g1/live') {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          streams.push(controller);
          controller.enqueue(encoder.encode('event: ready\ndata: {}\n\n'));
        },
      });
      return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    const route = routes[`${method} ${url.pathname}`];
    const { status, body: answer } = route
      ? route(url, body)
      : { status: 404, body: { message: `No route for ${method} ${url.pathname}` } };
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  for (const stream of streams) {
    try {
      stream.close();
    } catch {
      // already closed by the page leaving
    }
  }
  vi.unstubAllGlobals();
  localStorage.clear();
});

const actions = () => calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/civilization/draftAction');

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderDraftPage(path = '/civGroup/draft?groupID=g1&draftID=d1') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <AppStateProvider>
          <ToastProvider>
            <Routes>
              <Route path="/civGroup" element={<GroupAreaLayout />}>
                <Route path="draft" element={<DraftPage />} />
              </Route>
            </Routes>
            <Location />
          </ToastProvider>
        </AppStateProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const region = (name: string | RegExp) => screen.getByRole('region', { name });
const playerRow = (name: string) => screen.getByTestId(`blind-player-${name}`);

describe('a blind-pick draft', () => {
  const players = [player('me'), player('ann'), player('bo')];

  it('shows the mode, round, status, the time left and when the step ends in the viewer’s zone', async () => {
    const draft = startDraft({ mode: 'blind', gameType: 'ffa', numCiv: 3, stepSeconds: 60 }, players);
    renderDraftPage();
    expect(await screen.findByRole('heading', { name: 'Blind pick', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Round 1')).toBeInTheDocument();
    expect(screen.getByText('Running')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^(1:00|0:5\d)$/);
    const deadline = draft.dto('me').view.deadline!;
    await vi.waitFor(() => expect(screen.getByText(formatWithZone(deadline, 'Europe/Berlin'))).toBeInTheDocument());
    expect(screen.getByText('(your time zone, Europe/Berlin)')).toBeInTheDocument();
    expect(screen.getByText('Pick your leader. Waiting for 3 players to pick.')).toHaveAttribute('role', 'status');

    // The link to share where the players talk.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/civGroup/draft?groupID=g1&draftID=d1`);
  });

  it('picks from the hand, may change the pick, shows others as picked without their leader, then reveals every pick at once', async () => {
    const user = userEvent.setup();
    startDraft({ mode: 'blind', gameType: 'ffa', numCiv: 3 }, players);
    const [first, second] = handOf('me') as [string, string];
    renderDraftPage();

    const hand = await screen.findByRole('group', { name: 'Your hand' });
    expect(
      within(hand)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(handOf('me').map(label));
    await user.click(within(hand).getByRole('button', { name: label(first) }));
    await vi.waitFor(() => expect(within(hand).getByRole('button', { name: label(first) })).toHaveAttribute('aria-pressed', 'true'));
    expect(actions().map((call) => call.body)).toEqual([{ draftID: 'd1', action: { type: 'blindPick', civID: first } }]);
    expect(within(region('Your hand')).getByText(/^Your pick:/)).toHaveTextContent(`Your pick: ${label(first)}`);

    // Until everyone has picked, the pick can change.
    await user.click(within(hand).getByRole('button', { name: label(second) }));
    await vi.waitFor(() => expect(within(hand).getByRole('button', { name: label(second) })).toHaveAttribute('aria-pressed', 'true'));
    expect(within(hand).getByRole('button', { name: label(first) })).toHaveAttribute('aria-pressed', 'false');
    expect(within(playerRow('Me')).getByText('Picked')).toBeInTheDocument();
    expect(within(playerRow('Ann')).getByText('Waiting')).toBeInTheDocument();

    // Ann picks in her own tab: the live stream tells this page, which shows that she picked, never what.
    const annPick = handOf('ann')[1]!;
    othersAct('ann', { type: 'blindPick', civID: annPick });
    await vi.waitFor(() => expect(within(playerRow('Ann')).getByText('Picked')).toBeInTheDocument());
    expect(screen.queryByText(label(annPick))).not.toBeInTheDocument();
    expect(screen.getByText('2 of 3 picked')).toBeInTheDocument();

    // Bo runs out of time: the server picks for him and reveals everything.
    fake!.timeout();
    pushDraftChange();
    const picks = await screen.findByRole('region', { name: 'Picks revealed' });
    expect(screen.queryByRole('group', { name: 'Your hand' })).not.toBeInTheDocument();
    expect(within(playerRow('Me')).getByText(label(second))).toBeInTheDocument();
    expect(within(playerRow('Ann')).getByText(label(annPick))).toBeInTheDocument();
    expect(within(playerRow('Bo')).getByText('Auto-picked')).toBeInTheDocument();
    expect(within(picks).getAllByText('Auto-picked')).toHaveLength(1);
    expect(screen.getByText('Complete')).toBeInTheDocument();
    expect(screen.getByText('All picks are revealed.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it("shows the server's refusal next to the hand, not as a toast", async () => {
    const user = userEvent.setup();
    const draft = startDraft({ mode: 'blind', gameType: 'ffa', numCiv: 3 }, players);
    renderDraftPage();
    const hand = await screen.findByRole('group', { name: 'Your hand' });
    // The step's time is up on the server, which has not yet dealt with it.
    draft.now = Date.parse(draft.dto('me').view.deadline!);
    await user.click(within(hand).getByRole('button', { name: label(handOf('me')[0]!) }));
    const alert = await within(region('Your hand')).findByRole('alert');
    expect(alert).toHaveTextContent('Time is up for this step');
    expect(screen.queryByText('Error!')).not.toBeInTheDocument();
  });

  it('makes the game from the complete draft by its draftID and opens it', async () => {
    const user = userEvent.setup();
    startDraft({ mode: 'blind', gameType: 'ffa', numCiv: 2 }, players);
    for (const userID of ['ann', 'bo']) fake!.act(userID, { type: 'blindPick', civID: handOf(userID)[0]! });
    fake!.act('me', { type: 'blindPick', civID: handOf('me')[1]! });
    renderDraftPage();

    const result = await screen.findByRole('region', { name: 'Result' });
    expect(within(result).getByRole('region', { name: 'Draft' })).toBeInTheDocument();
    const add = within(result).getByRole('form', { name: 'Add the game' });
    expect(within(add).getByRole('button', { name: 'Add game' })).toBeDisabled();
    await user.type(within(add).getByLabelText('Game Name'), 'Friday game');
    await user.click(within(add).getByRole('button', { name: 'Add game' }));
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/civGroup/civGame?groupID=g1&gameID=new-game'));
    const [created] = calls.filter((call) => call.url.pathname === '/api/civilization/createGame');
    expect(created?.body).toMatchObject({
      groupID: 'g1',
      draftID: 'd1',
      gameName: 'Friday game',
      host: 'me',
      gameType: 'ffa',
      draftMode: true,
      members: [
        { userID: 'me', team: null },
        { userID: 'ann', team: null },
        { userID: 'bo', team: null },
      ],
    });
    expect(JSON.stringify(created?.body)).not.toMatch(/civChoices|bannedLeaders|"map"/);
  });

  it('offers the name and host kept with the draft to a player who opens it from elsewhere', async () => {
    startDraft({ mode: 'blind', gameType: 'ffa', numCiv: 2 }, players);
    for (const userID of ['me', 'ann', 'bo']) fake!.act(userID, { type: 'blindPick', civID: handOf(userID)[0]! });
    fake!.gameName = 'Friday FFA';
    fake!.host = 'ann';
    renderDraftPage();
    const add = await screen.findByRole('form', { name: 'Add the game' });
    expect(within(add).getByLabelText('Game Name')).toHaveValue('Friday FFA');
    await userEvent.setup().click(within(add).getByRole('button', { name: 'Add game' }));
    await vi.waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/civilization/createGame')).toBe(true));
    const [created] = calls.filter((call) => call.url.pathname === '/api/civilization/createGame');
    // The host chosen when the draft was started, not whoever adds the game.
    expect(created?.body).toMatchObject({ draftID: 'd1', gameName: 'Friday FFA', host: 'ann' });
  });

  it('links to the game once one was made from the draft, and offers no redraft', async () => {
    startDraft({ mode: 'blind', gameType: 'ffa', numCiv: 2 }, players);
    for (const userID of ['me', 'ann', 'bo']) fake!.act(userID, { type: 'blindPick', civID: handOf(userID)[0]! });
    fake!.gameID = 'game-9';
    renderDraftPage();
    expect(await screen.findByRole('link', { name: 'Open the game' })).toHaveAttribute(
      'href',
      '/civGroup/civGame?groupID=g1&gameID=game-9',
    );
    expect(screen.queryByRole('form', { name: 'Add the game' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Call a redraft vote' })).not.toBeInTheDocument();
    expect(screen.getByText('A game has been recorded from this draft, so it can no longer be redrafted.')).toBeInTheDocument();
  });
});

describe('a captains draft', () => {
  // Me and Bo against Ann and Olga; Bo owns only the base game.
  const players = [
    player('me', { team: 1 }),
    player('bo', { team: 1, ownedPacks: ['Base Game'] }),
    player('ann', { team: 2 }),
    player('owner', { team: 2 }),
  ];
  const config: DraftModeConfigInput = {
    mode: 'captains',
    gameType: 'team',
    teamSplit: 'manual',
    captainSelection: 'chosen',
    captainIDs: ['me', 'ann'],
    captainOrder: 'snake',
    bansPerTeam: 1,
    picksPerTeam: 2,
  };
  const steps = () => within(region('Turn order')).getAllByRole('listitem');

  it('shows the teams, the turn order with the current step, and lets the captain on turn ban and pick', async () => {
    const user = userEvent.setup();
    startDraft(config, players);
    renderDraftPage();

    expect(await screen.findByRole('heading', { name: 'Captains draft', level: 2 })).toBeInTheDocument();
    const team1 = region('Team 1');
    expect(within(team1).getByText('Captain').nextElementSibling).toHaveTextContent('Me (you)');
    expect(within(team1).getByText('Members').nextElementSibling).toHaveTextContent('Me, Bo');
    expect(within(region('Team 2')).getByText('Captain').nextElementSibling).toHaveTextContent('Ann');
    expect(steps().map((step) => step.textContent)).toEqual([
      '1. Team 1 bans (now)',
      '2. Team 2 bans',
      '3. Team 1 picks',
      '4. Team 2 picks',
      '5. Team 2 picks',
      '6. Team 1 picks',
    ]);
    expect(steps()[0]).toHaveAttribute('aria-current', 'step');

    const turn = region('Your ban for Team 1');
    await user.type(within(turn).getByRole('searchbox'), 'gorgo');
    expect(within(turn).getAllByRole('radio')).toHaveLength(1);
    expect(within(turn).getByRole('button', { name: 'Choose a leader to ban' })).toBeDisabled();
    await user.click(within(turn).getByRole('radio', { name: 'Gorgo (Greece)' }));
    await user.click(within(turn).getByRole('button', { name: 'Ban Gorgo (Greece)' }));

    await vi.waitFor(() => expect(screen.getByText('Ann (Team 2) is to ban a leader.')).toBeInTheDocument());
    expect(actions().map((call) => call.body)).toEqual([{ draftID: 'd1', action: { type: 'ban', civID: 'LEADER_GORGO' } }]);
    expect(screen.queryByRole('region', { name: /^Your (ban|pick) for Team/ })).not.toBeInTheDocument();
    expect(steps()[0]).toHaveTextContent('1. Team 1 bans: Gorgo (Greece)');
    expect(steps()[1]).toHaveAttribute('aria-current', 'step');
    expect(within(region('Team 1')).getByText('Bans').nextElementSibling).toHaveTextContent('Gorgo (Greece)');

    // Ann bans in her tab; the turn comes back to this page's captain, to pick.
    othersAct('ann', { type: 'ban', civID: 'LEADER_TRAJAN' });
    const pickTurn = await screen.findByRole('region', { name: 'Your pick for Team 1' });
    // Banned leaders are not offered.
    await user.type(within(pickTurn).getByRole('searchbox'), 'trajan');
    expect(within(pickTurn).queryAllByRole('radio')).toHaveLength(0);
    expect(within(pickTurn).getByText('No leaders match “trajan”.')).toBeInTheDocument();

    // A leader Bo does not own: the server refuses, saying why, next to the choice.
    const dlc = CIV6.leaders.find((leader) => leader.pack === 'Gathering Storm Expansion')!;
    await user.clear(within(pickTurn).getByRole('searchbox'));
    await user.type(within(pickTurn).getByRole('searchbox'), dlc.leader);
    await user.click(within(pickTurn).getByRole('radio', { name: civChoiceLabel(dlc) }));
    await user.click(within(pickTurn).getByRole('button', { name: `Pick ${civChoiceLabel(dlc)}` }));
    expect(await within(pickTurn).findByRole('alert')).toHaveTextContent(`Bo does not own ${civChoiceLabel(dlc)}`);

    await user.clear(within(pickTurn).getByRole('searchbox'));
    await user.type(within(pickTurn).getByRole('searchbox'), 'pericles');
    await user.click(within(pickTurn).getByRole('radio', { name: 'Pericles (Greece)' }));
    await user.click(within(pickTurn).getByRole('button', { name: 'Pick Pericles (Greece)' }));
    await vi.waitFor(() => expect(within(region('Team 1')).getByText('Picks').nextElementSibling).toHaveTextContent('Pericles (Greece)'));
    expect(screen.getByText('Ann (Team 2) is to pick a leader.')).toBeInTheDocument();
  });

  it('shows the turn to players who are not captains, without the choice', async () => {
    startDraft({ ...config, captainIDs: ['bo', 'ann'] }, players);
    renderDraftPage();
    expect(await screen.findByText('Bo (Team 1) is to ban a leader.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Your (ban|pick) for Team/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});

describe('a majority-bans draft', () => {
  const players = [player('me'), player('ann'), player('bo')];

  it('sends the proposals, shows who has submitted, then the bans decided and everyone’s proposals', async () => {
    const user = userEvent.setup();
    startDraft({ mode: 'majorityBans', gameType: 'ffa', numCiv: 2, majorityBansPerPlayer: 2 }, players);
    renderDraftPage();

    const mine = await screen.findByRole('region', { name: 'Your ban proposals' });
    const search = within(mine).getByRole('searchbox');
    await user.type(search, 'gorgo');
    await user.click(within(mine).getByRole('checkbox', { name: 'Gorgo (Greece)' }));
    await user.clear(search);
    await user.type(search, 'trajan');
    await user.click(within(mine).getByRole('checkbox', { name: 'Trajan (Rome)' }));
    await user.click(within(mine).getByRole('button', { name: 'Submit proposals' }));

    await vi.waitFor(() => expect(within(region('Your ban proposals')).getByText('You proposed:')).toBeInTheDocument());
    expect(actions().map((call) => call.body)).toEqual([
      { draftID: 'd1', action: { type: 'proposeBans', civIDs: ['LEADER_GORGO', 'LEADER_TRAJAN'] } },
    ]);
    const list = region('Players');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Me (you)Submitted', 'AnnWaiting', 'BoWaiting']);

    othersAct('ann', { type: 'proposeBans', civIDs: ['LEADER_GORGO'] });
    await vi.waitFor(() => expect(within(region('Players')).getAllByText('Submitted')).toHaveLength(2));
    // Ann's proposals stay secret until everyone's are in.
    expect(within(region('Players')).queryByText('Gorgo (Greece)')).not.toBeInTheDocument();

    othersAct('bo', { type: 'proposeBans', civIDs: ['LEADER_PERICLES'] });
    const decided = await screen.findByRole('region', { name: 'Bans decided' });
    expect(within(decided).getByText('Banned:').parentElement).toHaveTextContent('Banned: Gorgo (Greece)');
    const proposals = region('Everyone’s proposals');
    expect(
      within(proposals)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Me (you)Gorgo (Greece), Trajan (Rome)', 'AnnGorgo (Greece)', 'BoPericles (Greece)']);
    expect(within(region('Result')).getByRole('region', { name: 'Draft' })).toBeInTheDocument();
  });
});

describe('a redraft vote', () => {
  const players = [player('me'), player('ann'), player('bo')];

  it('is called with one click (a yes), counts the votes and, once it passes, shows the new round', async () => {
    const user = userEvent.setup();
    startDraft({ mode: 'random', gameType: 'ffa', numCiv: 2 }, players);
    renderDraftPage();
    const vote = await screen.findByRole('region', { name: 'Redraft vote' });
    await user.click(within(vote).getByRole('button', { name: 'Call a redraft vote' }));
    await vi.waitFor(() => expect(within(vote).getByTestId('vote-yes')).toHaveTextContent('1'));
    expect(actions().map((call) => call.body)).toEqual([{ draftID: 'd1', action: { type: 'callVote' } }]);
    expect(within(vote).getByText('Me called a redraft vote. It passes with 2 yes votes of 3 players.')).toBeInTheDocument();
    expect(within(vote).getByText('You voted yes.')).toBeInTheDocument();
    expect(within(vote).getByRole('timer')).toHaveTextContent(/^1:[23]\d$/);

    othersAct('ann', { type: 'vote', yes: true });
    await vi.waitFor(() => expect(screen.getByText('Round 2')).toBeInTheDocument());
    expect(within(region('Redraft vote')).getByTestId('last-vote')).toHaveTextContent('Last vote, called by Me: passed (2 yes, 0 no).');
  });

  it('offers Vote yes and Vote no on a vote another player called', async () => {
    const user = userEvent.setup();
    startDraft({ mode: 'random', gameType: 'ffa', numCiv: 2 }, players);
    fake!.act('ann', { type: 'callVote' });
    renderDraftPage();
    const vote = await screen.findByRole('region', { name: 'Redraft vote' });
    expect(within(vote).getByText('Ann called a redraft vote. It passes with 2 yes votes of 3 players.')).toBeInTheDocument();
    await user.click(await within(vote).findByRole('button', { name: 'Vote no' }));
    await vi.waitFor(() => expect(within(vote).getByText('You voted no.')).toBeInTheDocument());
    expect(actions().map((call) => call.body)).toEqual([{ draftID: 'd1', action: { type: 'vote', yes: false } }]);
    expect(within(vote).getByTestId('vote-no')).toHaveTextContent('1');

    // Bo's no leaves no way to a majority: the vote fails and the draft stays.
    othersAct('bo', { type: 'vote', yes: false });
    await vi.waitFor(() => expect(within(vote).getByTestId('last-vote')).toHaveTextContent('failed (1 yes, 2 no)'));
    expect(screen.getByText('Round 1')).toBeInTheDocument();
    expect(within(vote).getByRole('button', { name: 'Call a redraft vote' })).toBeEnabled();
  });
});

describe('the draft page', () => {
  it('says so when the draft is not found', async () => {
    renderDraftPage('/civGroup/draft?groupID=g1&draftID=nope');
    expect(await screen.findByText('This draft was not found, or the link is wrong.')).toBeInTheDocument();
  });

  it('says so when the link names no draft', async () => {
    renderDraftPage('/civGroup/draft?groupID=g1');
    expect(await screen.findByText('This link does not name a draft.')).toBeInTheDocument();
  });
});

describe('a re-deal', () => {
  const players = [player('me'), player('ann'), player('bo')];

  it('tells every player which deal this is and who dealt the earlier ones when, in their zone; the Discord copy says so', async () => {
    const user = userEvent.setup();
    startDraft({ mode: 'random', gameType: 'ffa', numCiv: 2 }, players);
    const first = '2026-12-03T13:01:00.000Z';
    const second = '2026-12-03T13:03:00.000Z';
    const third = '2026-12-03T13:05:00.000Z';
    fake!.earlierDeals = [
      { dealtBy: 'Ann', dealtAt: first },
      { dealtBy: null, dealtAt: second },
      { dealtBy: 'Ann', dealtAt: third },
    ];
    renderDraftPage();
    const notice = await screen.findByRole('alert', { name: 'Earlier deals' });
    const at = (iso: string) => formatWithZone(iso, 'Europe/Berlin');
    await vi.waitFor(() =>
      expect(notice).toHaveTextContent(
        `Deal 4 for these players — Ann dealt 2 earlier drafts (${at(first)} and ${at(third)}) and A former member dealt 1 earlier draft (${at(second)}) that this one replaced. (Your time zone, Europe/Berlin.)`,
      ),
    );
    expect(within(notice).getByText(at(first))).toHaveAttribute('dateTime', first);

    await user.click(within(region('Result')).getByRole('button', { name: 'Copy for Discord' }));
    const copied = await navigator.clipboard.readText();
    expect(copied.split('\n')[0]).toMatch(/^Map: .+ \(deal 4\)$/);
    expect(copied).toBe(fake!.dto('me').discordText);
  });

  it('gives many re-deals by one dealer as their first and last time', async () => {
    startDraft({ mode: 'random', gameType: 'ffa', numCiv: 2 }, players);
    const times = ['2026-12-03T13:01:00.000Z', '2026-12-03T13:02:00.000Z', '2026-12-03T13:03:00.000Z', '2026-12-03T13:09:00.000Z'];
    fake!.earlierDeals = times.map((dealtAt) => ({ dealtBy: 'Ann', dealtAt }));
    renderDraftPage();
    const notice = await screen.findByRole('alert', { name: 'Earlier deals' });
    const at = (iso: string) => formatWithZone(iso, 'Europe/Berlin');
    await vi.waitFor(() =>
      expect(notice).toHaveTextContent(
        `Deal 5 for these players — Ann dealt 4 earlier drafts (the first ${at(times[0]!)}, the last ${at(times[3]!)}) that this one replaced.`,
      ),
    );
    expect(within(notice).queryByText(at(times[1]!))).toBeNull();
  });

  it('a replaced draft says so and links to the newer one, with nothing left to pick or add', async () => {
    startDraft({ mode: 'blind', gameType: 'ffa', numCiv: 2 }, players);
    fake!.replacedBy = 'd2';
    renderDraftPage();
    expect(
      await screen.findByText('A newer deal for these players replaced this draft: it can no longer make a game.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the newer draft' })).toHaveAttribute('href', '/civGroup/draft?groupID=g1&draftID=d2');
    expect(screen.queryByRole('group', { name: 'Your hand' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add the game' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Call a redraft vote' })).not.toBeInTheDocument();
  });

  it('shows no notice on a first deal, and no deal number in its Discord copy', async () => {
    const user = userEvent.setup();
    startDraft({ mode: 'random', gameType: 'ffa', numCiv: 2 }, players);
    renderDraftPage();
    await user.click(within(await screen.findByRole('region', { name: 'Result' })).getByRole('button', { name: 'Copy for Discord' }));
    expect(await navigator.clipboard.readText()).not.toContain('(deal');
    expect(screen.queryByRole('alert', { name: 'Earlier deals' })).not.toBeInTheDocument();
  });
});

describe('the Draft presets card', () => {
  const preset = (presetID: string, name: string, config: Partial<DraftPresetDto['config']> = {}): DraftPresetDto => ({
    presetID,
    groupID: 'g1',
    name,
    dateUpdated: '2026-03-01T12:00:00.000Z',
    config: {
      mode: 'captains',
      gameType: 'team',
      numCiv: 3,
      freeBans: 1,
      bansRemovePicks: false,
      teamSplit: 'random',
      teamCount: 2,
      anonymousMode: false,
      stepSeconds: 45,
      captainSelection: 'topRated',
      captainOrder: 'cwc',
      bansPerTeam: 2,
      picksPerTeam: null,
      majorityBansPerPlayer: 3,
      ...config,
    },
  });

  it('lists the presets with their options and deletes one after asking', async () => {
    let presets = [preset('p1', 'Tournament'), preset('p2', 'Quick blind', { mode: 'blind', gameType: 'ffa', stepSeconds: 30 })];
    routes['GET /api/civilization/getDraftPresets'] = () => ({ status: 200, body: presets });
    routes['POST /api/civilization/deleteDraftPreset'] = (_url, body) => {
      presets = presets.filter((entry) => entry.presetID !== (body as { presetID: string }).presetID);
      return { status: 200, body };
    };
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <DraftPresetsCard groupID="g1" />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Draft presets' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'TournamentCaptains draft · Team (2 teams) · CWC · top-rated captains · 2 bans per team · one pick per player · 45 s per stepDelete',
      'Quick blindBlind pick · FFA · 3 civs per player · 30 s per stepDelete',
    ]);

    await user.click(within(list).getByRole('button', { name: 'Delete the preset Tournament' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete preset' });
    expect(dialog).toHaveTextContent('Delete the preset “Tournament”?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.url.pathname === '/api/civilization/deleteDraftPreset').map((call) => call.body)).toEqual([
      { presetID: 'p1' },
    ]);
    await vi.waitFor(() => expect(within(screen.getByRole('list', { name: 'Draft presets' })).getAllByRole('listitem')).toHaveLength(1));
  });

  it('says when there are none', async () => {
    routes['GET /api/civilization/getDraftPresets'] = () => ({ status: 200, body: [] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <DraftPresetsCard groupID="g1" />
        </ToastProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('No presets yet. Save one from the New Game form with “Save as preset”.')).toBeInTheDocument();
  });
});
