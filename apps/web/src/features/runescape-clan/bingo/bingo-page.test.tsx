import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import {
  BINGO_FINAL_POSTED_MESSAGE,
  type BingoClaim,
  type BingoDetail,
  type BingoSummary,
  type BingoTile,
} from '@smm/shared/runescape/bingo-schemas';
import { renderGroupPages } from '../../../test/app-providers';
import { fakeClanServer } from '../contests/clan-test-server';
import BingoPage from './pages/BingoPage';
import BingosPage from './pages/BingosPage';

// Each test walks a whole page through several requests.
vi.setConfig({ testTimeout: 30_000 });

const server = fakeClanServer(
  [
    { userID: 'owner', username: 'Olga', role: 'Administrator', isActive: true, team: null },
    { userID: 'me', username: 'Me', role: 'Member', isActive: true, team: null },
    { userID: 'u3', username: 'Bob', role: 'Member', isActive: true, team: null },
  ],
  { '/api/runescape/getBingoProof': () => new Blob(['png'], { type: 'image/webp' }) },
);

const summary = (over: Partial<BingoSummary> = {}): BingoSummary => ({
  bingoID: 'b1',
  groupID: 'g1',
  name: 'Winter bingo',
  startsAt: '2026-11-26T12:00:00.000Z',
  endsAt: '2026-12-03T12:00:00.000Z',
  size: 3,
  bonuses: { row: 20, column: 20, diagonal: 30, board: 100 },
  status: 'ongoing',
  finalAt: null,
  teamCount: 2,
  createdBy: 'owner',
  createdAt: '2026-11-25T12:00:00.000Z',
  updatedAt: 1_700_000_000_000,
  ...over,
});

const tile = (index: number, over: Partial<BingoTile> = {}): BingoTile => ({
  tileID: `t${index}`,
  index,
  row: Math.floor(index / 3),
  column: index % 3,
  kind: 'task',
  title: `Task ${index}`,
  description: '',
  metric: null,
  goal: null,
  points: 10,
  doneBy: [],
  progress: {},
  state: 'open',
  ...over,
});

const detail = (over: Partial<BingoDetail> = {}): BingoDetail => ({
  bingo: summary(),
  tiles: [
    tile(0, { title: 'Catch a shark', state: 'done', doneBy: ['red'] }),
    tile(1, { title: 'Fire cape', state: 'pending' }),
    tile(2, { title: 'Barrows set', doneBy: ['blue'] }),
    tile(3, { kind: 'xp', title: 'Slayer grind', metric: 'slayer', goal: 100_000, progress: { red: 40_000, blue: 5 } }),
    ...[4, 5, 6, 7, 8].map((i) => tile(i)),
  ],
  teams: [
    {
      teamID: 'blue',
      name: 'Blue',
      members: [{ userID: 'u3', username: 'Bob', playerName: null }],
      points: 10,
      tilePoints: 10,
      bonusPoints: 0,
      doneTiles: 1,
      rows: 0,
      columns: 0,
      diagonals: 0,
      board: false,
      rank: 1,
    },
    {
      teamID: 'red',
      name: 'Red',
      members: [
        { userID: 'me', username: 'Me', playerName: 'Zezima' },
        { userID: 'owner', username: 'Olga', playerName: null },
      ],
      points: 10,
      tilePoints: 10,
      bonusPoints: 0,
      doneTiles: 1,
      rows: 0,
      columns: 0,
      diagonals: 0,
      board: false,
      rank: 1,
    },
  ],
  moderators: [],
  viewer: { teamID: 'red', isModerator: false, mayManage: false, mayClaim: true },
  ...over,
});

const claim = (over: Partial<BingoClaim> = {}): BingoClaim => ({
  claimID: 'c1',
  bingoID: 'b1',
  tileID: 't1',
  tileTitle: 'Fire cape',
  teamID: 'red',
  teamName: 'Red',
  userID: 'me',
  username: 'Me',
  note: 'Finally',
  status: 'pending',
  reason: '',
  decidedBy: null,
  decidedByUsername: null,
  decidedAt: null,
  createdAt: '2026-11-26T13:00:00.000Z',
  proofUrl: '/api/runescape/getBingoProof?groupID=g1&claimID=c1',
  proofType: 'image/webp',
  proofWidth: 640,
  proofHeight: 360,
  history: [],
  ...over,
});

const tileCell = (title: string, board = 'Board of Red') =>
  screen.getByRole('region', { name: board }).querySelector(`td[data-tile="${title}"]`)!;

it('shows the team’s board (done, pending, open, progress, other teams’ completions) and the points table', async () => {
  server.handler = (url) =>
    url.pathname === '/api/runescape/getBingo'
      ? { status: 200, body: detail() }
      : url.pathname === '/api/runescape/getBingoClaims'
        ? { status: 200, body: { claims: [claim()] } }
        : undefined;
  renderGroupPages('/runeScapeClan/bingo?groupID=g1&bingoID=b1', { bingo: <BingoPage /> });
  const board = await screen.findByRole('region', { name: 'Board of Red' });
  expect(within(board).getAllByRole('row')).toHaveLength(3);
  expect(tileCell('Catch a shark')).toHaveTextContent('Done');
  expect(tileCell('Catch a shark')).not.toHaveTextContent('Done by');
  expect(tileCell('Fire cape')).toHaveTextContent('Claim pending');
  expect(tileCell('Barrows set')).toHaveTextContent('OpenDone by Blue');
  expect(tileCell('Slayer grind')).toHaveTextContent('Slayer: 100,000 XP');
  expect(tileCell('Slayer grind')).toHaveTextContent('40,000 / 100,000');
  // Only open task tiles can be claimed.
  expect(
    within(board)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label')),
  ).toEqual(['Claim Barrows set', ...[4, 5, 6, 7, 8].map((i) => `Claim Task ${i}`)]);
  const points = screen.getByRole('table', { name: 'Points' });
  expect(
    within(points)
      .getAllByRole('rowheader')
      .map((h) => h.textContent),
  ).toEqual(['Blue', 'Red (your team)']);
  expect(screen.getByTestId('my-team')).toHaveTextContent('Red: Me, Olga');
  // A member sees their own team's claims with the screenshot, and cannot decide them.
  const claims = await screen.findByRole('list', { name: "Your team's claims" });
  expect(within(claims).getByText('Pending')).toBeInTheDocument();
  // When it was claimed, in the viewer's zone, saying which.
  expect(within(claims).getByText(/^Claimed by/)).toHaveTextContent(/, 2026, \d{1,2}:\d{2} [AP]M (UTC|GMT[+-]\d+|[A-Z]{3,4})$/);
  expect(await within(claims).findByRole('img', { name: 'Proof for Fire cape by Red' })).toHaveAttribute(
    'src',
    expect.stringMatching(/^data:image\/webp;base64,/),
  );
  expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
});

it('checks the screenshot’s type and size beside the field before sending, then sends the claim as a form with the file', async () => {
  server.handler = (url, method) => {
    if (url.pathname === '/api/runescape/getBingo') return { status: 200, body: detail() };
    if (url.pathname === '/api/runescape/getBingoClaims') return { status: 200, body: { claims: [] } };
    if (url.pathname === '/api/runescape/claimBingoTile' && method === 'POST') return { status: 200, body: claim({ tileID: 't2' }) };
    return undefined;
  };
  renderGroupPages('/runeScapeClan/bingo?groupID=g1&bingoID=b1', { bingo: <BingoPage /> });
  await userEvent.click(await screen.findByRole('button', { name: 'Claim Barrows set' }));
  const dialog = screen.getByRole('dialog', { name: 'Claim Barrows set' });
  const input = within(dialog).getByLabelText('Screenshot');

  await userEvent.click(within(dialog).getByRole('button', { name: 'Send claim' }));
  expect(input).toHaveAccessibleDescription(expect.stringContaining('Add a screenshot as proof'));

  await userEvent.upload(input, new File(['gif'], 'cape.gif', { type: 'image/gif' }), { applyAccept: false });
  expect(input).toHaveAccessibleDescription(expect.stringContaining('The screenshot must be a PNG, JPEG or WebP image'));
  const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
  await userEvent.upload(input, huge);
  expect(input).toHaveAccessibleDescription(expect.stringContaining('The screenshot is larger than 5 MB'));
  expect(within(dialog).getByTestId('form-problem')).toHaveTextContent('Fix the marked field: The screenshot is larger than 5 MB');
  expect(server.calls.some((c) => c.path === '/api/runescape/claimBingoTile')).toBe(false);

  const png = new File([new Uint8Array([137, 80, 78, 71])], 'barrows.png', { type: 'image/png' });
  await userEvent.upload(input, png);
  expect(await within(dialog).findByRole('img', { name: 'Preview of barrows.png' })).toHaveAttribute(
    'src',
    expect.stringMatching(/^data:image\/png;base64,/),
  );
  expect(input).toHaveAccessibleDescription('PNG, JPEG or WebP, at most 5 MB. Moderators and your team see it.');
  await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'All four pieces');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send claim' }));
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const sent = server.calls.find((c) => c.path === '/api/runescape/claimBingoTile')!.body as FormData;
  expect([...sent.keys()]).toEqual(['groupID', 'bingoID', 'tileID', 'note', 'proof']);
  expect(sent.get('tileID')).toBe('t2');
  expect(sent.get('note')).toBe('All four pieces');
  expect((sent.get('proof') as File).name).toBe('barrows.png');
});

it('the server’s refusal of a screenshot is said under the file field', async () => {
  server.handler = (url, method) => {
    if (url.pathname === '/api/runescape/getBingo') return { status: 200, body: detail() };
    if (url.pathname === '/api/runescape/claimBingoTile' && method === 'POST')
      return { status: 400, body: { message: 'Invalid claim', fields: { proof: 'The screenshot must be a PNG, JPEG or WebP image' } } };
    return undefined;
  };
  renderGroupPages('/runeScapeClan/bingo?groupID=g1&bingoID=b1', { bingo: <BingoPage /> });
  await userEvent.click(await screen.findByRole('button', { name: 'Claim Barrows set' }));
  const dialog = screen.getByRole('dialog', { name: 'Claim Barrows set' });
  const input = within(dialog).getByLabelText('Screenshot');
  await userEvent.upload(input, new File(['not really'], 'fake.png', { type: 'image/png' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send claim' }));
  await vi.waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining('must be a PNG, JPEG or WebP image')));
});

it('a moderator accepts, or declines with a reason, from the queue of every team’s claims', async () => {
  const queue = [claim(), claim({ claimID: 'c2', tileID: 't4', tileTitle: 'Task 4', teamID: 'blue', teamName: 'Blue', username: 'Bob' })];
  server.handler = (url, method) => {
    if (url.pathname === '/api/runescape/getBingo')
      return { status: 200, body: detail({ viewer: { teamID: null, isModerator: true, mayManage: false, mayClaim: false } }) };
    if (url.pathname === '/api/runescape/getBingoClaims') return { status: 200, body: { claims: queue } };
    if (url.pathname === '/api/runescape/decideBingoClaim' && method === 'POST')
      return { status: 200, body: claim({ status: 'accepted' }) };
    return undefined;
  };
  renderGroupPages('/runeScapeClan/bingo?groupID=g1&bingoID=b1', { bingo: <BingoPage /> });
  const list = await screen.findByRole('list', { name: 'Claims to decide (2)' });
  const items = within(list).getAllByRole('listitem');
  expect(items[1]).toHaveTextContent('Task 4 · Blue');
  await userEvent.click(within(items[0]!).getByRole('button', { name: 'Accept' }));
  await vi.waitFor(() =>
    expect(server.calls.find((c) => c.path === '/api/runescape/decideBingoClaim')?.body).toEqual({
      groupID: 'g1',
      claimID: 'c1',
      decision: 'accept',
      reason: '',
    }),
  );
  await userEvent.click(within(items[1]!).getByRole('button', { name: 'Decline' }));
  await userEvent.click(within(items[1]!).getByRole('button', { name: 'Decline claim' }));
  expect(within(items[1]!).getByLabelText('Reason for declining')).toHaveAccessibleDescription('Give a reason for declining');
  await userEvent.type(within(items[1]!).getByLabelText('Reason for declining'), 'Wrong boss');
  await userEvent.click(within(items[1]!).getByRole('button', { name: 'Decline claim' }));
  await vi.waitFor(() =>
    expect(server.calls.filter((c) => c.path === '/api/runescape/decideBingoClaim').at(-1)?.body).toEqual({
      groupID: 'g1',
      claimID: 'c2',
      decision: 'decline',
      reason: 'Wrong boss',
    }),
  );
  // Someone on no team has no board of their own to claim on.
  expect(screen.getByRole('region', { name: 'Board' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Claim / })).not.toBeInTheDocument();
});

it('after the end a moderator still decides waiting claims by a stated deadline until the final table is posted; then the bingo is closed', async () => {
  const queue = [claim({ teamID: 'blue', teamName: 'Blue', username: 'Bob' })];
  let bingo = summary({ status: 'finished' });
  let viewer: BingoDetail['viewer'] = { teamID: 'red', isModerator: true, mayManage: false, mayClaim: false };
  server.handler = (url) => {
    if (url.pathname === '/api/runescape/getBingo') return { status: 200, body: detail({ bingo, viewer }) };
    if (url.pathname === '/api/runescape/getBingoClaims') return { status: 200, body: { claims: queue } };
    return undefined;
  };
  renderGroupPages('/runeScapeClan/bingo?groupID=g1&bingoID=b1', { bingo: <BingoPage /> });
  const open = await screen.findByRole('list', { name: 'Claims to decide (1)' });
  expect(within(open).getByRole('button', { name: 'Accept' })).toBeEnabled();
  expect(screen.getByTestId('bingo-end')).toHaveTextContent(
    'This bingo has ended. Claims sent before the end may still be decided until the final table is posted: once none is waiting, or at the latest 48 hours after the end.',
  );
  // The queue says by when, in the viewer's zone: 48 hours after the end (Dec 3, 12:00 UTC).
  expect(screen.getByTestId('claims-review')).toHaveTextContent(
    /^The bingo has ended: decide these claims, sent before the end, by Sat, Dec 5, 2026, 1:00 PM (GMT\+1|CET) at the latest\. Once none is waiting, the final table is posted and decisions close\.$/,
  );
  // Open tiles can no longer be claimed: they are not done.
  expect(tileCell('Task 4')).toHaveTextContent('Not done');
  expect(tileCell('Fire cape')).toHaveTextContent('Claim pending');
  expect(screen.queryByTestId('claims-closed')).not.toBeInTheDocument();
  cleanup();

  // Posted with a claim still waiting: it is shown as not decided, not as pending, on the list and on the board.
  bingo = summary({ status: 'finished', finalAt: '2026-12-05T12:00:00.000Z' });
  renderGroupPages('/runeScapeClan/bingo?groupID=g1&bingoID=b1', { bingo: <BingoPage /> });
  const closed = await screen.findByRole('list', { name: 'Claims not decided (1)' });
  expect(within(closed).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  expect(within(closed).queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  expect(within(closed).queryByRole('button', { name: 'Hold' })).not.toBeInTheDocument();
  const left = within(closed).getByRole('listitem');
  expect(within(left).getByText('Not decided')).toBeInTheDocument();
  expect(within(left).queryByText('Pending')).not.toBeInTheDocument();
  expect(left).toHaveTextContent('The final table was posted before a decision, so this claim does not count.');
  expect(screen.getByTestId('claims-closed')).toHaveTextContent(
    'This bingo is closed: its final table has been posted, so its claims can no longer be decided.',
  );
  expect(screen.queryByTestId('claims-review')).not.toBeInTheDocument();
  expect(screen.getByTestId('bingo-end')).toHaveTextContent('its final table has been posted');
  expect(tileCell('Fire cape')).toHaveTextContent('Claim not decided');
  expect(tileCell('Fire cape')).not.toHaveTextContent('Claim pending');
  expect(screen.getByText('No claim was decided.')).toBeInTheDocument();
  cleanup();

  // Posted once every claim was decided: no empty "not decided" list, no second notice of the close.
  queue.splice(0, 1, claim({ teamID: 'blue', teamName: 'Blue', username: 'Bob', status: 'accepted' }));
  renderGroupPages('/runeScapeClan/bingo?groupID=g1&bingoID=b1', { bingo: <BingoPage /> });
  expect(await screen.findByRole('list', { name: 'Decided claims' })).toHaveTextContent('Accepted');
  expect(screen.queryByRole('heading', { name: /Claims not decided/ })).not.toBeInTheDocument();
  expect(screen.queryByTestId('claims-closed')).not.toBeInTheDocument();
  cleanup();

  // A member whose team's claim waits after the end is told by when it may still be decided.
  queue.splice(0, 1, claim());
  bingo = summary({ status: 'finished' });
  viewer = { teamID: 'red', isModerator: false, mayManage: false, mayClaim: false };
  renderGroupPages('/runeScapeClan/bingo?groupID=g1&bingoID=b1', { bingo: <BingoPage /> });
  await screen.findByRole('list', { name: "Your team's claims" });
  expect(screen.getByTestId('claims-review')).toHaveTextContent(
    /^The bingo has ended: moderators may still decide your team's waiting claims until the final table is posted, by Sat, Dec 5, 2026, 1:00 PM (GMT\+1|CET) at the latest\.$/,
  );
});

it('a decision refused because the final table was posted meanwhile reads the page again, so the buttons go', async () => {
  let bingo = summary({ status: 'finished' });
  server.handler = (url, method) => {
    if (url.pathname === '/api/runescape/getBingo')
      return { status: 200, body: detail({ bingo, viewer: { teamID: null, isModerator: true, mayManage: false, mayClaim: false } }) };
    if (url.pathname === '/api/runescape/getBingoClaims') return { status: 200, body: { claims: [claim()] } };
    if (url.pathname === '/api/runescape/decideBingoClaim' && method === 'POST') {
      // The background job posted the final table after this page last read the bingo.
      bingo = summary({ status: 'finished', finalAt: '2026-12-05T12:00:00.000Z' });
      return { status: 409, body: { message: BINGO_FINAL_POSTED_MESSAGE } };
    }
    return undefined;
  };
  renderGroupPages('/runeScapeClan/bingo?groupID=g1&bingoID=b1', { bingo: <BingoPage /> });
  const queue = await screen.findByRole('list', { name: 'Claims to decide (1)' });
  await userEvent.click(within(queue).getByRole('button', { name: 'Accept' }));
  expect(await screen.findByText(BINGO_FINAL_POSTED_MESSAGE)).toBeInTheDocument();
  expect(await screen.findByRole('list', { name: 'Claims not decided (1)' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  expect(screen.getByTestId('claims-closed')).toBeInTheDocument();
});

it('says who decided each decided claim and when, in the viewer’s zone; a deleted decider reads as a former member', async () => {
  server.handler = (url) =>
    url.pathname === '/api/runescape/getBingo'
      ? { status: 200, body: detail() }
      : url.pathname === '/api/runescape/getBingoClaims'
        ? {
            status: 200,
            body: {
              claims: [
                claim({ claimID: 'c3', tileID: 't4', tileTitle: 'Task 4' }),
                claim({
                  claimID: 'c2',
                  tileID: 't3',
                  tileTitle: 'Barrows set',
                  status: 'declined',
                  reason: 'Wrong item',
                  decidedBy: null,
                  decidedByUsername: null,
                  decidedAt: '2026-11-27T09:30:00.000Z',
                }),
                claim({ status: 'accepted', decidedBy: 'u9', decidedByUsername: 'Alice', decidedAt: '2026-11-26T14:05:00.000Z' }),
              ],
            },
          }
        : undefined;
  renderGroupPages('/runeScapeClan/bingo?groupID=g1&bingoID=b1', { bingo: <BingoPage /> });
  await screen.findByRole('region', { name: 'Board of Red' });
  const item = (title: string) => document.querySelector(`li[data-claim="${title}"]`) as HTMLElement;
  await vi.waitFor(() => expect(item('Fire cape')).toBeTruthy());
  const accepted = within(item('Fire cape')).getByText(/^Accepted by/);
  expect(accepted).toHaveTextContent(/^Accepted by Alice on Thu, Nov 26, 2026, 3:05 PM (GMT\+1|CET)$/);
  expect(within(accepted).getByText(/2026/, { selector: 'time' })).toHaveAttribute('dateTime', '2026-11-26T14:05:00.000Z');
  expect(within(item('Barrows set')).getByText(/^Declined by/)).toHaveTextContent(
    /^Declined by a former member on Fri, Nov 27, 2026, 10:30 AM (GMT\+1|CET)$/,
  );
  expect(within(item('Barrows set')).getByText('Reason: Wrong item')).toBeInTheDocument();
  // A waiting claim names no decider.
  expect(within(item('Task 4')).queryByText(/^(Accepted|Declined|Pending|On hold) by/)).not.toBeInTheDocument();
});

it('lists a claim’s earlier decisions above its final one, in the viewer’s zone: held, then accepted', async () => {
  const held = { decision: 'held' as const, reason: '', decidedBy: 'u7', decidedByUsername: 'Bob', decidedAt: '2026-11-26T13:30:00.000Z' };
  server.handler = (url) =>
    url.pathname === '/api/runescape/getBingo'
      ? { status: 200, body: detail() }
      : url.pathname === '/api/runescape/getBingoClaims'
        ? {
            status: 200,
            body: {
              claims: [
                claim({
                  claimID: 'c3',
                  tileID: 't4',
                  tileTitle: 'Task 4',
                  status: 'held',
                  history: [{ ...held, decidedByUsername: null, decidedBy: null }],
                }),
                claim({
                  status: 'accepted',
                  decidedBy: 'u9',
                  decidedByUsername: 'Alice',
                  decidedAt: '2026-11-26T14:05:00.000Z',
                  history: [
                    held,
                    {
                      decision: 'accepted',
                      reason: '',
                      decidedBy: 'u9',
                      decidedByUsername: 'Alice',
                      decidedAt: '2026-11-26T14:05:00.000Z',
                    },
                  ],
                }),
              ],
            },
          }
        : undefined;
  renderGroupPages('/runeScapeClan/bingo?groupID=g1&bingoID=b1', { bingo: <BingoPage /> });
  await screen.findByRole('region', { name: 'Board of Red' });
  const item = (title: string) => document.querySelector(`li[data-claim="${title}"]`) as HTMLElement;
  await vi.waitFor(() => expect(item('Fire cape')).toBeTruthy());
  const history = within(item('Fire cape')).getByRole('list', { name: 'Decision history' });
  const lines = within(history).getAllByRole('listitem');
  expect(lines.map((l) => l.textContent)).toHaveLength(1);
  expect(lines[0]).toHaveTextContent(/^Held by Bob on Thu, Nov 26, 2026, 2:30 PM (GMT\+1|CET)$/);
  expect(within(lines[0]!).getByText(/2026/, { selector: 'time' })).toHaveAttribute('dateTime', '2026-11-26T13:30:00.000Z');
  // The final line stays as it was, after the history.
  const accepted = within(item('Fire cape')).getByText(/^Accepted by/);
  expect(accepted).toHaveTextContent(/^Accepted by Alice on Thu, Nov 26, 2026, 3:05 PM (GMT\+1|CET)$/);
  expect(history.compareDocumentPosition(accepted) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  // A claim on hold shows its hold (a deleted holder reads as a former member), and no final line.
  expect(within(within(item('Task 4')).getByRole('list', { name: 'Decision history' })).getByRole('listitem')).toHaveTextContent(
    /^Held by a former member on Thu, Nov 26, 2026, 2:30 PM (GMT\+1|CET)$/,
  );
  expect(within(item('Task 4')).queryByText(/^(Accepted|Declined) by/)).not.toBeInTheDocument();
});

it('an Administrator’s Create bingo checks every field and tile, then sends the board, or the id of an earlier one to copy', async () => {
  server.admin = true;
  server.handler = (url, method) => {
    if (url.pathname === '/api/runescape/getBingos') return { status: 200, body: { bingos: [summary({ status: 'finished' })] } };
    if (url.pathname === '/api/runescape/createBingo' && method === 'POST')
      return { status: 400, body: { message: 'Invalid bingo', fields: { startsAt: 'Start time must be in the future' } } };
    return undefined;
  };
  renderGroupPages('/runeScapeClan/bingos?groupID=g1', { bingos: <BingosPage /> });
  expect(within(await screen.findByRole('list', { name: 'Finished' })).getByRole('link', { name: 'Winter bingo' })).toHaveAttribute(
    'href',
    '/runeScapeClan/bingo?groupID=g1&bingoID=b1',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Create bingo' }));
  const dialog = screen.getByRole('dialog', { name: 'Create bingo' });
  expect(dialog).toHaveTextContent('Times are in your time zone, Europe/Paris.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
  expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
  expect(within(dialog).getByText('Tile 1: Each tile needs a title')).toBeInTheDocument();
  expect(within(dialog).getAllByRole('group', { name: /^Tile \d/ })).toHaveLength(9);

  await userEvent.type(within(dialog).getByLabelText('Name'), 'Spring bingo');
  await userEvent.type(within(dialog).getByLabelText('Start time'), 'Jan 15, 2031 1:00 PM');
  await userEvent.keyboard('{Tab}');
  await userEvent.type(within(dialog).getByLabelText('End time'), 'Jan 20, 2031 1:00 PM');
  await userEvent.keyboard('{Tab}');
  const tiles = within(dialog).getAllByRole('group', { name: /^Tile \d/ });
  for (const [i, group] of tiles.entries()) await userEvent.type(within(group).getByLabelText('Task'), `Task ${i + 1}`);
  await userEvent.selectOptions(within(tiles[4]!).getByLabelText('Kind'), 'Kill count');
  await userEvent.selectOptions(within(tiles[4]!).getByLabelText('Boss or activity'), 'Zulrah');
  await userEvent.type(within(tiles[4]!).getByLabelText('Kills (or score) to gain'), '25');
  await userEvent.clear(within(dialog).getByLabelText('The whole board'));
  await userEvent.type(within(dialog).getByLabelText('The whole board'), '250');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

  expect(await within(dialog).findByText('Start time must be in the future')).toBeInTheDocument();
  const sent = server.calls.find((c) => c.path === '/api/runescape/createBingo')!.body as Record<string, unknown>;
  expect(sent).toMatchObject({
    groupID: 'g1',
    name: 'Spring bingo',
    startsAt: '2031-01-15T12:00:00.000Z',
    endsAt: '2031-01-20T12:00:00.000Z',
    size: 3,
    bonuses: { row: 20, column: 20, diagonal: 20, board: 250 },
  });
  expect((sent.tiles as unknown[])[4]).toEqual({ kind: 'kc', title: 'Task 5', metric: 'zulrah', goal: 25, points: 10 });

  // Copying an earlier board sends only its id.
  await userEvent.click(within(dialog).getByRole('radio', { name: 'Copy the board of an earlier bingo' }));
  await userEvent.selectOptions(within(dialog).getByLabelText('Bingo to copy'), 'Winter bingo (3×3)');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
  await vi.waitFor(() => expect(server.calls.filter((c) => c.path === '/api/runescape/createBingo')).toHaveLength(2));
  const copied = server.calls.filter((c) => c.path === '/api/runescape/createBingo')[1]!.body as Record<string, unknown>;
  expect(copied).toEqual({
    groupID: 'g1',
    name: 'Spring bingo',
    startsAt: '2031-01-15T12:00:00.000Z',
    endsAt: '2031-01-20T12:00:00.000Z',
    copyFromBingoID: 'b1',
  });
});

it('Delete says what goes with the bingo; a missing bingo says so', async () => {
  server.admin = true;
  server.handler = (url, method) => {
    if (url.pathname === '/api/runescape/getBingo')
      return { status: 200, body: detail({ viewer: { teamID: 'red', isModerator: true, mayManage: true, mayClaim: true } }) };
    if (url.pathname === '/api/runescape/getBingoClaims') return { status: 200, body: { claims: [] } };
    if (url.pathname === '/api/runescape/deleteBingo' && method === 'POST') return { status: 200, body: { bingoID: 'b1' } };
    if (url.pathname === '/api/runescape/getBingos') return { status: 200, body: { bingos: [] } };
    return undefined;
  };
  renderGroupPages('/runeScapeClan/bingo?groupID=g1&bingoID=b1', { bingo: <BingoPage />, bingos: <BingosPage /> });
  await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  const confirm = screen.getByRole('dialog', { name: 'Delete Winter bingo' });
  expect(confirm).toHaveTextContent('every claim and every proof screenshot go with it');
  await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('No bingo is running now.')).toBeInTheDocument();
  expect(server.calls.find((c) => c.path === '/api/runescape/deleteBingo')?.body).toEqual({ groupID: 'g1', bingoID: 'b1' });
  cleanup();

  server.handler = (url) =>
    url.pathname === '/api/runescape/getBingo' ? { status: 404, body: { message: 'Bingo not found' } } : undefined;
  renderGroupPages('/runeScapeClan/bingo?groupID=g1&bingoID=b1', { bingo: <BingoPage /> });
  expect(await screen.findByRole('heading', { name: 'Bingo not found' })).toBeInTheDocument();
});

it('an open board reads itself again when the bingo starts, so claims open without a reload', async () => {
  const startsAt = new Date(Date.now() + 800).toISOString();
  const upcoming = detail({
    bingo: summary({ status: 'upcoming', startsAt }),
    tiles: detail().tiles.map((t) => ({ ...t, state: 'open' as const, doneBy: [] })),
    viewer: { teamID: 'red', isModerator: false, mayManage: false, mayClaim: false },
  });
  server.handler = (url) => {
    if (url.pathname !== '/api/runescape/getBingo') return undefined;
    const started = Date.now() >= Date.parse(startsAt);
    return {
      status: 200,
      body: started
        ? { ...upcoming, bingo: summary({ status: 'ongoing', startsAt }), viewer: { ...upcoming.viewer, mayClaim: true } }
        : upcoming,
    };
  };
  renderGroupPages('/runeScapeClan/bingo?groupID=g1&bingoID=b1', { bingo: <BingoPage /> });
  expect(await screen.findByText('Upcoming')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Claim Catch a shark' })).not.toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Claim Catch a shark' }, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.getByText('Ongoing')).toBeInTheDocument();
});

it('an Administrator edits an upcoming board as it stands and puts members in teams by hand', async () => {
  server.admin = true;
  const upcoming = detail({
    bingo: summary({ status: 'upcoming', startsAt: '2031-01-15T12:00:00.000Z', endsAt: '2031-01-20T12:00:00.000Z' }),
    tiles: detail().tiles.map((t) => ({ ...t, state: null, doneBy: [], description: t.index === 0 ? 'Any shark counts' : '' })),
    teams: [],
    viewer: { teamID: null, isModerator: true, mayManage: true, mayClaim: false },
  });
  server.handler = (url, method) => {
    if (url.pathname === '/api/runescape/getBingo') return { status: 200, body: upcoming };
    if (url.pathname === '/api/runescape/getBingoClaims') return { status: 200, body: { claims: [] } };
    if (method === 'POST' && (url.pathname === '/api/runescape/updateBingo' || url.pathname === '/api/runescape/setBingoTeams'))
      return { status: 200, body: upcoming };
    return undefined;
  };
  renderGroupPages('/runeScapeClan/bingo?groupID=g1&bingoID=b1', { bingo: <BingoPage /> });
  expect(await screen.findByText('No teams yet: set them with Teams before the start.')).toBeInTheDocument();
  expect(tileCell('Catch a shark', 'Board')).toHaveTextContent('Any shark counts');

  await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit bingo' });
  const tiles = within(dialog).getAllByRole('group', { name: /^Tile \d/ });
  expect(within(tiles[0]!).getByLabelText('Task')).toHaveValue('Catch a shark');
  expect(within(tiles[3]!).getByLabelText('Skill')).toHaveValue('slayer');
  await userEvent.type(within(tiles[1]!).getByLabelText('Details (optional)'), 'Or the infernal cape');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const sent = server.calls.find((c) => c.path === '/api/runescape/updateBingo')!.body as { tiles: unknown[] } & Record<string, unknown>;
  expect(sent).toMatchObject({ groupID: 'g1', bingoID: 'b1', name: 'Winter bingo', size: 3, expectedUpdatedAt: 1_700_000_000_000 });
  expect(sent.tiles.slice(0, 2)).toEqual([
    { kind: 'task', title: 'Catch a shark', description: 'Any shark counts', points: 10 },
    { kind: 'task', title: 'Fire cape', description: 'Or the infernal cape', points: 10 },
  ]);
  expect(sent.tiles[3]).toEqual({ kind: 'xp', title: 'Slayer grind', metric: 'slayer', goal: 100_000, points: 10 });

  await userEvent.click(screen.getByRole('button', { name: 'Teams' }));
  const teams = screen.getByRole('dialog', { name: 'Teams of Winter bingo' });
  await userEvent.clear(within(teams).getByRole('textbox', { name: 'Name of team 1' }));
  await userEvent.type(within(teams).getByRole('textbox', { name: 'Name of team 1' }), 'Red');
  await userEvent.selectOptions(within(teams).getByRole('combobox', { name: 'Me' }), 'Red');
  await userEvent.selectOptions(within(teams).getByRole('combobox', { name: 'Bob' }), 'Team 2');
  await userEvent.click(within(teams).getByRole('button', { name: 'Save teams' }));
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(server.calls.find((c) => c.path === '/api/runescape/setBingoTeams')?.body).toEqual({
    groupID: 'g1',
    bingoID: 'b1',
    teams: [
      { name: 'Red', userIDs: ['me'] },
      { name: 'Team 2', userIDs: ['u3'] },
    ],
    expectedUpdatedAt: 1_700_000_000_000,
  });
});
