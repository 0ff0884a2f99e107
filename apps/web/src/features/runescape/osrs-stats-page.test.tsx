import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { RUNESCAPE_SKILLS } from '@smm/shared/runescape/skills';
import type { OsrsDetails, SkillStats } from '@smm/shared/runescape/schemas';
import OsrsStatsPage from './pages/OsrsStatsPage';

type Reply = { status: number; body: unknown };
let replies: Reply[];
let requested: string[];

// Only the network is replaced: the page, its query and the real api client all run.
beforeEach(() => {
  replies = [];
  requested = [];
  vi.stubGlobal('fetch', async (url: string) => {
    requested.push(url);
    const reply = replies.shift() ?? { status: 500, body: { message: 'no reply queued' } };
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function zezima(): OsrsDetails {
  const skills: Record<string, SkillStats> = Object.fromEntries(
    RUNESCAPE_SKILLS.map((s) => [s.id, { level: 99, rank: 500_000, experience: 150_000_000 }]),
  );
  skills.hunter = { level: null, rank: null, experience: null };
  return {
    playerName: 'Zezima',
    gameMode: 'normal',
    overall: { level: 2277, rank: 12, experience: 4_600_000_000 },
    skills: skills as OsrsDetails['skills'],
    missingSkills: [],
    otherSkills: [{ name: 'Sailing', level: 90, rank: 1000, experience: 5_346_332 }],
    activities: [
      { name: 'League Points', rank: null, score: null },
      { name: 'Zulrah', rank: 4_000, score: 1_200 },
    ],
  };
}

function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/osrsStats"
            element={
              <>
                <OsrsStatsPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('OsrsStatsPage', () => {
  it('shows a spinner, then the title and the Skills table in the spec order with unranked values as -', async () => {
    replies.push({ status: 200, body: zezima() });
    renderAt('/osrsStats?playerName=Zezima&gameMode=normal');
    expect(screen.getByRole('status')).toHaveTextContent('Loading stats for Zezima');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Old School RuneScape Stats - Zezima');

    const table = await screen.findByRole('table', { name: 'Skills' });
    expect(requested).toEqual(['/api/runescape/getOSRSDetails/Zezima/normal']);
    const [head, ...body] = within(table).getAllByRole('row');
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Skill', 'Level', 'Rank', 'Exp']);
    const skillRows = body.slice(0, -1);
    expect(skillRows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(RUNESCAPE_SKILLS.map((s) => s.label));
    expect(skillRows.map((row) => row.querySelector('img')?.getAttribute('src'))).toEqual(
      RUNESCAPE_SKILLS.map((s) => `/skills/${s.id}.svg`),
    );
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(skillRows[0]!)).toEqual(['99', '500,000', '150,000,000']);
    expect(cells(skillRows[21]!)).toEqual(['-', '-', '-']);
    const overall = body.at(-1)!;
    expect(within(overall).getByRole('rowheader')).toHaveTextContent('Overall');
    expect(cells(overall)).toEqual(['2,277', '12', '4,600,000,000']);
    expect(document.title).toBe('Old School RuneScape Stats - Zezima');
  });

  it('shows what was read when a skill is missing from the hiscores answer, and marks the missing one', async () => {
    const partial = zezima();
    partial.skills.constitution = { level: null, rank: null, experience: null };
    partial.missingSkills = ['constitution'];
    replies.push({ status: 200, body: partial });
    renderAt('/osrsStats?playerName=Zezima&gameMode=normal');
    const table = await screen.findByRole('table', { name: 'Skills' });
    expect(screen.getByRole('status')).toHaveTextContent('The hiscores answer did not include one skill (marked below); everything else was read.');
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).closest('tr')!;
    expect(row('Constitution')).toHaveTextContent('Not in the hiscores answer');
    expect(row('Attack')).toHaveTextContent('150,000,000');
  });

  it('lists other skills such as Sailing and the ranked bosses and activities', async () => {
    replies.push({ status: 200, body: zezima() });
    renderAt('/osrsStats?playerName=Zezima&gameMode=normal');
    const other = await screen.findByRole('table', { name: 'Other Levels' });
    expect(within(other).getByRole('rowheader')).toHaveTextContent('Sailing');
    const bosses = screen.getByRole('table', { name: 'Bosses and Activities' });
    expect(within(bosses).getAllByRole('rowheader').map((r) => r.textContent)).toEqual(['Zulrah']);
    expect(within(bosses).getByRole('row', { name: /Zulrah/ })).toHaveTextContent('1,200');
    expect(screen.getByText('1 more without a rank are not listed.')).toBeInTheDocument();
  });

  it("shows the server's message for an unknown player, without a table", async () => {
    replies.push({ status: 404, body: { message: 'Player "Nobody" was not found on the Old School RuneScape Normal hiscores' } });
    renderAt('/osrsStats?playerName=Nobody');
    expect(await screen.findByRole('alert')).toHaveTextContent('Player "Nobody" was not found on the Old School RuneScape Normal hiscores');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it.each([502, 504])('offers Try again after a hiscores failure (%i), and shows the stats once it works', async (status) => {
    replies.push({ status, body: { message: 'The RuneScape hiscores are not available right now. Please try again later.' } });
    replies.push({ status: 200, body: zezima() });
    renderAt('/osrsStats?playerName=Zezima&gameMode=normal');
    expect(await screen.findByRole('alert')).toHaveTextContent('The RuneScape hiscores are not available right now.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Skills' })).toBeInTheDocument();
    expect(requested).toHaveLength(2);
  });

  it('looks up another player and mode through the form, encoding the name', async () => {
    replies.push({ status: 200, body: zezima() });
    replies.push({ status: 200, body: { ...zezima(), playerName: 'Iron Lynx', gameMode: 'ironman' } });
    renderAt('/osrsStats?playerName=Zezima&gameMode=normal');
    await screen.findByRole('table', { name: 'Skills' });

    const name = screen.getByLabelText('Player Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Iron Lynx');
    await userEvent.selectOptions(screen.getByLabelText('Game Mode'), 'Ironman');
    await userEvent.click(screen.getByRole('button', { name: 'Look Up' }));

    expect(screen.getByTestId('location')).toHaveTextContent('/osrsStats?playerName=Iron+Lynx&gameMode=ironman');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Old School RuneScape Stats - Iron Lynx');
    await screen.findByText('Ironman hiscores');
    expect(requested[1]).toBe('/api/runescape/getOSRSDetails/Iron%20Lynx/ironman');
  });

  it('explains a name or mode the hiscores cannot have, without calling the server', async () => {
    renderAt('/osrsStats?playerName=Zezima&gameMode=group');
    expect(await screen.findByText('"group" is not a game mode the hiscores offer. Pick one from the list.')).toBeInTheDocument();
    expect(screen.getByLabelText('Game Mode')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(screen.getByLabelText('Player Name'));
    await userEvent.type(screen.getByLabelText('Player Name'), 'bad!name');
    await userEvent.click(screen.getByRole('button', { name: 'Look Up' }));
    expect(screen.getByText('Player name may only contain letters, digits, spaces, - and _')).toBeInTheDocument();
    expect(requested).toEqual([]);
  });

  it('asks for a player when none is given', () => {
    renderAt('/osrsStats');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Old School RuneScape Stats$/);
    expect(screen.getByText(/Enter a player name/)).toBeInTheDocument();
    expect(requested).toEqual([]);
  });
});
