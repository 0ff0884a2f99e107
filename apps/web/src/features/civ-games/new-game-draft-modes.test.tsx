import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import { draftGameBody, draftPresetBody, type DraftPresetDto } from '@smm/shared/civilization/draft-schemas';
import { ToastProvider } from '../../lib/ui/toasts';
import { AppStateProvider } from '../auth/app-state';
import { FakeDraft } from '../civ-draft/civ-draft-fixtures';
import { NewGameModal } from './components/NewGameModal';

type Reply = { status: number; body: unknown };
let routes: Record<string, (body: unknown) => Reply>;
let calls: { method: string; path: string; body: unknown }[];

const members = [
  { userID: 'owner', username: 'Olga' },
  { userID: 'me', username: 'Me' },
  { userID: 'ann', username: 'Ann' },
  { userID: 'bo', username: 'Bo' },
];

const preset: DraftPresetDto = {
  presetID: 'p1',
  groupID: 'g1',
  name: 'Tournament',
  dateUpdated: '2026-03-01T12:00:00.000Z',
  config: {
    mode: 'captains',
    gameType: 'team',
    numCiv: 3,
    freeBans: 1,
    bansRemovePicks: false,
    teamSplit: 'balanced',
    teamCount: 2,
    anonymousMode: false,
    stepSeconds: 45,
    captainSelection: 'topRated',
    captainOrder: 'cwc',
    bansPerTeam: 2,
    picksPerTeam: null,
    majorityBansPerPlayer: 3,
  },
};

/** draftGame as the server answers it: the body read with the real schema, the draft started on the real machine. */
function startDraft(raw: unknown): Reply {
  const parsed = draftGameBody.safeParse(raw);
  if (!parsed.success) return { status: 400, body: { message: 'Invalid input' } };
  const { members: chosen, ...config } = parsed.data;
  const draft = new FakeDraft(
    'd1',
    { ...config, mode: config.mode ?? 'random' },
    chosen.map((m) => ({ userID: m.userID, username: members.find((x) => x.userID === m.userID)!.username, team: m.team ?? undefined })),
  );
  return { status: 200, body: draft.dto('me') };
}

beforeEach(() => {
  calls = [];
  const payload = btoa(JSON.stringify({ id: 'me', username: 'Me', email: 'me@example.com', steamID: null, exp: Date.now() / 1000 + 3600 }));
  localStorage.setItem('jwtToken', `Bearer e30.${payload}.sig`);
  routes = {
    'GET /api/civilization/getDraftPresets': () => ({ status: 200, body: [preset] }),
    'POST /api/civilization/draftGame': startDraft,
    'POST /api/civilization/postDraftPreset': (body) => {
      const parsed = draftPresetBody.parse(body);
      return { status: 200, body: { ...parsed, presetID: 'p2', dateUpdated: '2026-03-02T12:00:00.000Z' } };
    },
  };
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body === undefined ? undefined : JSON.parse(String(init.body));
    calls.push({ method, path: url.pathname, body });
    const route = routes[`${method} ${url.pathname}`];
    const { status, body: answer } = route ? route(body) : { status: 404, body: { message: `No route for ${method} ${url.pathname}` } };
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderForm(props: Partial<React.ComponentProps<typeof NewGameModal>> = {}) {
  const onHide = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AppStateProvider>
          <ToastProvider>
            <NewGameModal groupID="g1" groupGameName="Civilization 6" members={members} viewerID="me" onHide={onHide} {...props} />
            <Location />
          </ToastProvider>
        </AppStateProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onHide, dialog: screen.getByRole('dialog', { name: 'New Game' }) };
}

const drafted = () =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/civilization/draftGame').map((call) => call.body);

async function fillGame(dialog: HTMLElement, user: ReturnType<typeof userEvent.setup>, names = ['Me', 'Ann', 'Bo', 'Olga']) {
  await user.type(within(dialog).getByLabelText('Game Name'), 'Friday game');
  for (const name of names) await user.click(within(dialog).getByLabelText(name));
}

describe('the New Game form’s draft modes', () => {
  it('starts a blind-pick draft with its time per step and opens the live draft page', async () => {
    const user = userEvent.setup();
    const { dialog, onHide } = renderForm();
    await fillGame(dialog, user, ['Me', 'Ann', 'Bo']);
    expect(within(dialog).getByLabelText('Draft format')).toHaveValue('random');
    expect(within(dialog).queryByLabelText('Seconds per step')).not.toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Draft format'), 'blind');
    expect(
      within(dialog).getByText('Each player picks one leader from their hand in secret; all picks are revealed together.'),
    ).toBeVisible();
    await user.selectOptions(within(dialog).getByLabelText('Seconds per step'), '90');
    // A live draft is played on its own page: no preview here, and the game is added there once it is complete.
    expect(within(dialog).queryByRole('button', { name: 'Draft' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add Game' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Start draft' }));

    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/civGroup/draft?groupID=g1&draftID=d1'));
    expect(onHide).toHaveBeenCalled();
    expect(drafted()).toEqual([
      {
        groupID: 'g1',
        host: 'me',
        members: [{ userID: 'me' }, { userID: 'ann' }, { userID: 'bo' }],
        gameName: 'Friday game',
        gameType: 'ffa',
        numCiv: 3,
        freeBans: 1,
        bansRemovePicks: false,
        anonymousMode: false,
        mode: 'blind',
        stepSeconds: 90,
      },
    ]);
  });

  it('sets up a captains draft: a team game, chosen captains one per team, the order, bans and picks', async () => {
    const user = userEvent.setup();
    const { dialog } = renderForm();
    await fillGame(dialog, user);
    await user.click(within(dialog).getByLabelText('Anonymous Mode'));
    await user.selectOptions(within(dialog).getByLabelText('Draft format'), 'captains');
    expect(within(dialog).getByLabelText('Game Type')).toHaveValue('team');
    // Captains pick for their teams, in the open: no hand per player, nothing anonymous mode could hide.
    expect(within(dialog).queryByLabelText('Civs per Player')).toBeNull();
    expect(within(dialog).queryByLabelText('Free Bans')).toBeNull();
    expect(within(dialog).getByLabelText('Anonymous Mode')).toBeDisabled();
    expect(within(dialog).getByLabelText('Anonymous Mode')).not.toBeChecked();
    expect(within(dialog).getByLabelText('Anonymous Mode')).toHaveAccessibleDescription(
      'A captains draft is played in the open: both captains see every pick.',
    );

    await user.selectOptions(within(dialog).getByLabelText('Captains'), 'chosen');
    expect(within(dialog).getByText('One for each team: 0 of 2 chosen.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Captain: Ann' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Captain: Me' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Captain: Bo' })).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Turn order'), 'cwc');
    await user.selectOptions(within(dialog).getByLabelText('Bans per team'), '2');
    expect(within(dialog).getByLabelText('Picks per team')).toHaveValue('');

    // Captains lead teams: a free-for-all cannot be started.
    await user.selectOptions(within(dialog).getByLabelText('Game Type'), 'ffa');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A captains draft needs a team game: choose Team as the Game Type.');
    expect(within(dialog).getByRole('button', { name: 'Start draft' })).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Game Type'), 'team');

    await user.click(within(dialog).getByRole('button', { name: 'Start draft' }));
    await vi.waitFor(() => expect(drafted()).toHaveLength(1));
    expect(drafted()[0]).toEqual({
      groupID: 'g1',
      gameName: 'Friday game',
      host: 'me',
      members: [{ userID: 'owner' }, { userID: 'me' }, { userID: 'ann' }, { userID: 'bo' }],
      gameType: 'team',
      numCiv: 3,
      freeBans: 1,
      bansRemovePicks: false,
      teamSplit: 'random',
      teamCount: 2,
      anonymousMode: false,
      mode: 'captains',
      stepSeconds: 60,
      captainSelection: 'chosen',
      captainIDs: ['me', 'ann'],
      captainOrder: 'cwc',
      bansPerTeam: 2,
      picksPerTeam: null,
    });
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/civGroup/draft?groupID=g1&draftID=d1'));
  });

  it('sends the bans each player proposes in a majority-bans draft', async () => {
    const user = userEvent.setup();
    const { dialog } = renderForm();
    await fillGame(dialog, user, ['Me', 'Ann', 'Bo']);
    await user.selectOptions(within(dialog).getByLabelText('Draft format'), 'majorityBans');
    await user.selectOptions(within(dialog).getByLabelText('Bans per player'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Start draft' }));
    await vi.waitFor(() => expect(drafted()).toHaveLength(1));
    expect(drafted()[0]).toMatchObject({ mode: 'majorityBans', stepSeconds: 60, majorityBansPerPlayer: 2 });
    expect(drafted()[0]).not.toHaveProperty('captainOrder');
  });

  it('applies a preset and drafts by its id', async () => {
    const user = userEvent.setup();
    const { dialog } = renderForm();
    await fillGame(dialog, user);
    const presetSelect = await within(dialog).findByLabelText('Preset');
    await user.selectOptions(presetSelect, 'Tournament');
    expect(
      within(dialog).getByText(
        'Captains draft · Team (2 teams) · CWC · top-rated captains · 2 bans per team · one pick per player · 45 s per step',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Draft format')).toHaveValue('captains');
    expect(within(dialog).getByLabelText('Game Type')).toHaveValue('team');
    expect(within(dialog).getByLabelText('Seconds per step')).toHaveValue('45');
    expect(within(dialog).getByLabelText('Turn order')).toHaveValue('cwc');
    // Balanced teams sit behind 'More options', which opens so the form shows what the preset holds.
    expect(within(dialog).getByLabelText('More options')).toBeChecked();
    expect(within(dialog).getByLabelText('Balanced Teams')).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Start draft' }));
    await vi.waitFor(() => expect(drafted()).toHaveLength(1));
    expect(drafted()[0]).toMatchObject({ presetID: 'p1', mode: 'captains', teamSplit: 'balanced', captainOrder: 'cwc', bansPerTeam: 2 });
  });

  it('forgets the preset once an option it set is changed', async () => {
    const user = userEvent.setup();
    const { dialog } = renderForm();
    await fillGame(dialog, user);
    await user.selectOptions(await within(dialog).findByLabelText('Preset'), 'Tournament');
    await user.selectOptions(within(dialog).getByLabelText('Bans per team'), '1');
    expect(within(dialog).getByLabelText('Preset')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Start draft' }));
    await vi.waitFor(() => expect(drafted()).toHaveLength(1));
    expect(drafted()[0]).not.toHaveProperty('presetID');
    expect(drafted()[0]).toMatchObject({ bansPerTeam: 1, captainOrder: 'cwc' });
  });

  it("shows the server's refusal in the form and stays open", async () => {
    routes['POST /api/civilization/draftGame'] = () => ({ status: 400, body: { message: 'Bo owns 9 leaders; 12 are needed' } });
    const user = userEvent.setup();
    const { dialog, onHide } = renderForm();
    await fillGame(dialog, user, ['Me', 'Bo']);
    await user.selectOptions(within(dialog).getByLabelText('Draft format'), 'blind');
    await user.click(within(dialog).getByRole('button', { name: 'Start draft' }));
    expect(await within(dialog).findByText('Bo owns 9 leaders; 12 are needed')).toHaveAttribute('role', 'alert');
    expect(onHide).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('lets Administrators save the options as a preset; members do not see it', async () => {
    const user = userEvent.setup();
    const { dialog } = renderForm({ canEditDraftPresets: true });
    await fillGame(dialog, user, ['Me', 'Ann', 'Bo']);
    await user.selectOptions(within(dialog).getByLabelText('Draft format'), 'blind');
    await user.selectOptions(within(dialog).getByLabelText('Seconds per step'), '30');
    expect(within(dialog).getByRole('button', { name: 'Save as preset' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Preset name'), 'Quick blind');
    await user.click(within(dialog).getByRole('button', { name: 'Save as preset' }));
    expect(await within(dialog).findByText('Saved the preset “Quick blind”.')).toBeInTheDocument();
    const [saved] = calls.filter((call) => call.path === '/api/civilization/postDraftPreset');
    expect(saved?.body).toEqual({
      groupID: 'g1',
      name: 'Quick blind',
      config: {
        mode: 'blind',
        gameType: 'ffa',
        numCiv: 3,
        freeBans: 1,
        bansRemovePicks: false,
        teamSplit: 'random',
        teamCount: 2,
        anonymousMode: false,
        stepSeconds: 30,
        captainSelection: 'topRated',
        captainOrder: 'snake',
        bansPerTeam: 1,
        picksPerTeam: null,
        majorityBansPerPlayer: 3,
      },
    });
    // Saving is not drafting.
    expect(drafted()).toHaveLength(0);
    cleanup();

    const member = renderForm();
    expect(within(member.dialog).queryByLabelText('Preset name')).not.toBeInTheDocument();
  });
});
