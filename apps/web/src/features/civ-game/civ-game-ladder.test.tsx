import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { choice, fakeGameServer, gameLoaded, member, panel, proposal, renderGame, rowOf } from './civ-game-fixtures';

const server = fakeGameServer();

const asPlayer = () => {
  server.game.createdBy = 'owner';
};
const asReader = () => {
  server.game.createdBy = 'owner';
  server.game.members = [member('owner', 'Olga'), member('bo', 'Bo'), member('al', 'Al')];
};
const finished = () => {
  server.game = {
    ...server.game,
    isFinished: true,
    winner: 'me',
    victoryType: 'Science',
    dateFinished: '2031-03-03T00:00:00.000Z',
    members: [
      member('owner', 'Olga', {
        isActive: false,
        placement: 2,
        eliminationStep: 2,
        ratingChange: { before: 3, after: 2.38, delta: -0.62 },
      }),
      member('me', 'Me', { placement: 1, ratingChange: { before: 1, after: 2.8, delta: 1.8 } }),
      member('bo', 'Bo', { isActive: false, placement: 2, eliminationStep: 2, ratingChange: { before: 2, after: 1.4, delta: -0.6 } }),
    ],
  };
};
const button = (name: string) => screen.queryByRole('button', { name });

describe('the game page offers only what the viewer may do', () => {
  it('a manager edits, eliminates, declares the winner and deletes; no proposal', async () => {
    renderGame();
    await gameLoaded();
    for (const name of ['Edit', 'Declare Winner', 'Delete', 'Eliminate Olga']) expect(button(name)).toBeInTheDocument();
    expect(button('Propose a correction')).toBeNull();
    // Managers set anyone's leader.
    expect(button('Set leader played by Bo')).toBeInTheDocument();
  });

  it('a player sees Propose a correction instead of Edit, Declare Winner and Delete, and sets only their own leader', async () => {
    asPlayer();
    renderGame();
    await gameLoaded();
    expect(button('Propose a correction')).toBeInTheDocument();
    expect(button('Edit name and link')).toBeInTheDocument();
    for (const name of ['Edit', 'Declare Winner', 'Delete', 'Eliminate Olga', 'Set leader played by Bo']) expect(button(name)).toBeNull();
    expect(button('Set leader played by Me')).toBeInTheDocument();
  });

  it('a member who did not play reads: no edit controls at all, comments still open', async () => {
    asReader();
    renderGame();
    await gameLoaded();
    const details = panel('Game Details');
    const buttons = within(details)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons).toEqual(['Post']);
    expect(within(details).getByRole('textbox', { name: 'Comment' })).toBeInTheDocument();
  });

  it('a player edits only the name and the lobby link: no host field', async () => {
    const user = userEvent.setup();
    asPlayer();
    renderGame();
    await user.click(await screen.findByRole('button', { name: 'Edit name and link' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Game' });
    expect(within(dialog).queryByLabelText('Host')).toBeNull();
    expect(within(dialog).queryByLabelText('Records the results')).toBeNull();
    await user.clear(within(dialog).getByLabelText('Game Name'));
    await user.type(within(dialog).getByLabelText('Game Name'), 'Sunday Pangaea');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved the game')).toBeInTheDocument();
    expect(server.posted).toEqual([
      {
        path: '/api/civilization/updateGame',
        body: { gameID: 'game1', gameName: 'Sunday Pangaea', lobbyLink: 'https://lobby.example.com/join/42' },
      },
    ]);
  });

  it('a player records the leader they played from their civ choices', async () => {
    const user = userEvent.setup();
    asPlayer();
    server.game.members[1] = member('me', 'Me', {
      civChoices: [choice('me-1', 'Hammurabi', 'Babylon'), choice('me-2', 'Tomyris', 'Scythia')],
    });
    renderGame();
    await user.click(await screen.findByRole('button', { name: 'Set leader played by Me' }));
    const dialog = screen.getByRole('dialog', { name: 'Leader played by Me' });
    const select = within(dialog).getByLabelText('Leader');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not recorded', 'Hammurabi (Babylon)', 'Tomyris (Scythia)']);
    await user.selectOptions(select, 'Tomyris (Scythia)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Me played Tomyris (Scythia)')).toBeInTheDocument();
    expect(server.posted).toEqual([
      { path: '/api/civilization/updateGame', body: { gameID: 'game1', members: [{ userID: 'me', civPlayed: 'me-2' }] } },
    ]);
    await vi.waitFor(() => expect(within(rowOf('Me')).getByText('Played')).toBeInTheDocument());
    expect(within(rowOf('Me')).getByText('Played').closest('li')).toHaveTextContent('Tomyris (Scythia)');
  });

  it('a player without civ choices picks from the game’s whole list of leaders', async () => {
    const user = userEvent.setup();
    asPlayer();
    server.game.members[1] = member('me', 'Me', { civChoices: [] });
    renderGame();
    await user.click(await screen.findByRole('button', { name: 'Set leader played by Me' }));
    const options = within(screen.getByLabelText('Leader')).getAllByRole('option');
    expect(options.length).toBeGreaterThan(40);
    expect(options.map((o) => o.textContent)).toContain('Hammurabi (Babylon)');
  });
});

/** What the Details card says for one of its terms. */
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('who records the results', () => {
  /** Olga, the host the viewer (the game's creator) chose, is out: the lobby passed to Bo; Olga still records. */
  const recorderEliminated = () => {
    server.game.members = [member('owner', 'Olga', { isActive: false, eliminationStep: 1 }), member('bo', 'Bo'), member('me', 'Me')];
    server.game.host = 'bo';
    server.game.chosenHost = 'owner';
  };

  it('the details show who holds the lobby and who records the results', async () => {
    recorderEliminated();
    renderGame();
    await gameLoaded();
    expect(fact('Host')).toHaveTextContent('Bo');
    expect(fact('Records the results')).toHaveTextContent('Olga');
  });

  it('a manager hands the right to record to the player who now holds the lobby', async () => {
    const user = userEvent.setup();
    recorderEliminated();
    renderGame();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Game' });
    const recorder = within(dialog).getByLabelText('Records the results');
    expect(recorder).toHaveValue('owner');
    expect(
      within(recorder)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Olga (eliminated)', 'Bo (hosts the lobby)', 'Me']);
    await user.selectOptions(recorder, 'Bo (hosts the lobby)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved the game')).toBeInTheDocument();
    expect(server.posted).toEqual([
      {
        path: '/api/civilization/updateGame',
        body: {
          gameID: 'game1',
          gameName: 'Saturday Pangaea',
          lobbyLink: 'https://lobby.example.com/join/42',
          host: 'bo',
          expectedResultVersion: 3,
        },
      },
    ]);
    await vi.waitFor(() => expect(fact('Records the results')).toHaveTextContent('Bo'));
    expect(fact('Host')).toHaveTextContent('Bo');
  });

  it('an edit that leaves the recorder as it was sends no host, whoever holds the lobby', async () => {
    const user = userEvent.setup();
    recorderEliminated();
    renderGame();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Game' });
    await user.clear(within(dialog).getByLabelText('Lobby Link'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved the game')).toBeInTheDocument();
    expect(server.posted).toEqual([
      { path: '/api/civilization/updateGame', body: { gameID: 'game1', gameName: 'Saturday Pangaea', lobbyLink: '' } },
    ]);
    expect(fact('Records the results')).toHaveTextContent('Olga');
  });
});

describe('proposing a correction', () => {
  /** The player's Propose a correction dialog, open, with the server accepting the proposal. */
  async function openProposal(user: ReturnType<typeof userEvent.setup>) {
    server.routes['POST /api/civilization/proposeGameChange'] = () => ({
      status: 200,
      body: proposal({ proposedBy: 'me', proposedByName: 'Me' }),
    });
    renderGame();
    await user.click(await screen.findByRole('button', { name: 'Propose a correction' }));
    return screen.getByRole('dialog', { name: 'Propose a correction' });
  }

  it('requires a reason and a change, then sends only what changes', async () => {
    const user = userEvent.setup();
    asPlayer();
    const dialog = await openProposal(user);
    await user.click(within(dialog).getByRole('button', { name: 'Propose' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription('Say why the result should change');
    expect(within(dialog).getByText('Change at least one thing to propose a correction')).toBeInTheDocument();
    expect(server.posted).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText('Olga'), 'Eliminated');
    await user.type(within(dialog).getByLabelText('Reason'), 'Olga left on turn 80');
    await user.click(within(dialog).getByRole('button', { name: 'Propose' }));
    expect(await screen.findByText('Proposed a correction: the host, the creator or an Administrator decides')).toBeInTheDocument();
    expect(server.posted).toEqual([
      {
        path: '/api/civilization/proposeGameChange',
        body: { gameID: 'game1', changes: { members: [{ userID: 'owner', isActive: false }] }, reason: 'Olga left on turn 80' },
      },
    ]);
  });

  it('choosing a winner marks the other players eliminated, and no change puts the statuses back', async () => {
    const user = userEvent.setup();
    finished();
    server.game.createdBy = 'owner';
    const dialog = await openProposal(user);
    const status = (name: string) => within(dialog).getByLabelText(name);
    expect(within(dialog).getByLabelText('Winner')).toHaveAccessibleDescription(
      'The winner is the one who remains: choosing one marks the other players eliminated above.',
    );
    await user.selectOptions(within(dialog).getByLabelText('Winner'), 'Bo');
    expect([status('Olga'), status('Me'), status('Bo')].map((select) => (select as HTMLSelectElement).value)).toEqual([
      'eliminated',
      'eliminated',
      'active',
    ]);
    await user.selectOptions(within(dialog).getByLabelText('Winner'), 'No change');
    expect([status('Olga'), status('Me'), status('Bo')].map((select) => (select as HTMLSelectElement).value)).toEqual([
      'eliminated',
      'active',
      'eliminated',
    ]);
    await user.selectOptions(within(dialog).getByLabelText('Winner'), 'Bo');
    await user.selectOptions(within(dialog).getByLabelText('Victory Type'), 'Culture');
    await user.type(within(dialog).getByLabelText('Reason'), 'Bo won by culture first');
    await user.click(within(dialog).getByRole('button', { name: 'Propose' }));
    await vi.waitFor(() => expect(server.posted).toHaveLength(1));
    expect(server.posted[0]?.body).toEqual({
      gameID: 'game1',
      changes: {
        members: [
          { userID: 'me', isActive: false },
          { userID: 'bo', isActive: true },
        ],
        winner: 'bo',
        victoryType: 'Culture',
      },
      reason: 'Bo won by culture first',
    });
  });

  it("shows the server's per-field message under its field", async () => {
    const user = userEvent.setup();
    asPlayer();
    server.routes['POST /api/civilization/proposeGameChange'] = () => ({
      status: 400,
      body: { message: 'Invalid input', fields: { reason: 'The reason must be at most 500 characters' } },
    });
    renderGame();
    await user.click(await screen.findByRole('button', { name: 'Propose a correction' }));
    const dialog = screen.getByRole('dialog', { name: 'Propose a correction' });
    await user.selectOptions(within(dialog).getByLabelText('Winner'), 'Me');
    await user.selectOptions(within(dialog).getByLabelText('Victory Type'), 'Culture');
    await user.type(within(dialog).getByLabelText('Reason'), 'I won');
    await user.click(within(dialog).getByRole('button', { name: 'Propose' }));
    await vi.waitFor(() =>
      expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription('The reason must be at most 500 characters'),
    );
    expect(server.posted.at(-1)?.body).toMatchObject({ changes: { winner: 'me', victoryType: 'Culture' } });
  });
});

describe('a manager correcting a finished result', () => {
  it('changes the winner and victory type at once, on the result as the page shows it, with no reason asked', async () => {
    const user = userEvent.setup();
    finished();
    renderGame();
    await user.click(await screen.findByRole('button', { name: 'Correct the result' }));
    const dialog = screen.getByRole('dialog', { name: 'Correct the result' });
    expect(within(dialog).queryByLabelText('Reason')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Correct' }));
    expect(within(dialog).getByText('Change at least one thing to correct the result')).toBeInTheDocument();
    expect(server.posted).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText('Winner'), 'Bo');
    await user.selectOptions(within(dialog).getByLabelText('Victory Type'), 'Culture');
    await user.click(within(dialog).getByRole('button', { name: 'Correct' }));
    expect(await screen.findByText('Corrected the result: the History tab records it')).toBeInTheDocument();
    expect(server.posted).toEqual([
      {
        path: '/api/civilization/updateGame',
        body: {
          gameID: 'game1',
          members: [
            { userID: 'me', isActive: false },
            { userID: 'bo', isActive: true },
          ],
          winner: 'bo',
          victoryType: 'Culture',
          expectedResultVersion: 3,
        },
      },
    ]);
  });

  it('reopens the game when the manager says it goes on; players are offered only a proposal', async () => {
    const user = userEvent.setup();
    finished();
    renderGame();
    await user.click(await screen.findByRole('button', { name: 'Correct the result' }));
    const dialog = screen.getByRole('dialog', { name: 'Correct the result' });
    await user.selectOptions(within(dialog).getByLabelText('Winner'), 'No winner: the game goes on');
    await user.click(within(dialog).getByRole('button', { name: 'Correct' }));
    await vi.waitFor(() => expect(server.posted).toHaveLength(1));
    expect(server.posted[0]?.body).toEqual({ gameID: 'game1', winner: null, expectedResultVersion: 3 });
  });

  it('is not offered to a player', async () => {
    finished();
    server.game.createdBy = 'owner';
    renderGame();
    await gameLoaded();
    expect(button('Propose a correction')).toBeInTheDocument();
    expect(button('Correct the result')).toBeNull();
  });
});

describe('pending proposals', () => {
  it('a manager sees who proposed what and why, and accepts it', async () => {
    const user = userEvent.setup();
    server.history.proposals = [
      proposal({
        votes: [
          { userID: 'owner', username: 'Olga', vote: 'contest', reason: 'I was only disconnected', date: '2031-03-02T11:00:00.000Z' },
        ],
      }),
    ];
    server.routes['POST /api/civilization/decideGameProposal'] = () => {
      server.history.proposals = [proposal({ status: 'accepted', decidedByName: 'Me', dateDecided: '2031-03-02T12:00:00.000Z' })];
      server.game.members[0] = member('owner', 'Olga', { isActive: false, eliminationStep: 1 });
      return { status: 200, body: { message: 'Accepted' } };
    };
    renderGame();
    const section = await screen.findByRole('region', { name: /Proposed corrections/ });
    const pending = within(section).getByRole('list', { name: 'Pending proposals' });
    expect(pending).toHaveTextContent('Bo proposed');
    expect(pending).toHaveTextContent('Olga: Eliminated');
    expect(pending).toHaveTextContent('Reason: Olga quit on turn 80');
    expect(within(pending).getByRole('list', { name: 'Votes' })).toHaveTextContent('ContestedOlga: I was only disconnected');
    expect(within(pending).getByRole('button', { name: 'Reject' })).toBeInTheDocument();

    await user.click(within(pending).getByRole('button', { name: 'Accept' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept the correction' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Accepted the correction')).toBeInTheDocument();
    expect(server.posted).toEqual([
      { path: '/api/civilization/decideGameProposal', body: { proposalID: 'p1', decision: 'accept', expectedResultVersion: 3 } },
    ]);
    // The page reads the game and the proposals again: Olga is out, the proposal is past.
    expect(await within(rowOf('Olga')).findByText('1st out')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('list', { name: 'Pending proposals' })).toBeNull());
    expect(screen.getByRole('list', { name: 'Earlier proposals' })).toHaveTextContent('Accepted by Me');
  });

  it('a proposal made before the result last changed says so, and offers only Reject, to managers and players alike', async () => {
    server.history.proposals = [proposal({ outOfDate: true })];
    renderGame();
    let pending = await screen.findByRole('list', { name: 'Pending proposals' });
    expect(pending).toHaveTextContent('The result changed after this was proposed, so it can no longer be accepted');
    expect(within(pending).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(within(pending).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    cleanup();

    asPlayer();
    renderGame();
    pending = await screen.findByRole('list', { name: 'Pending proposals' });
    expect(pending).toHaveTextContent('Propose it again if it still applies');
    expect(within(pending).queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(within(pending).queryByRole('button', { name: 'Contest' })).toBeNull();
  });

  it('another player confirms or contests with a reason, and cannot decide', async () => {
    const user = userEvent.setup();
    asPlayer();
    server.history.proposals = [proposal()];
    server.routes['POST /api/civilization/voteGameProposal'] = () => ({ status: 200, body: { message: 'Voted' } });
    renderGame();
    const pending = await screen.findByRole('list', { name: 'Pending proposals' });
    expect(within(pending).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(within(pending).queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(within(pending).getByRole('button', { name: 'Confirm' })).toBeInTheDocument();

    await user.click(within(pending).getByRole('button', { name: 'Contest' }));
    const dialog = screen.getByRole('dialog', { name: 'Contest the correction' });
    await user.click(within(dialog).getByRole('button', { name: 'Contest' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription('Say why');
    await user.type(within(dialog).getByLabelText('Reason'), 'She came back on turn 85');
    await user.click(within(dialog).getByRole('button', { name: 'Contest' }));
    expect(await screen.findByText('Contested the correction')).toBeInTheDocument();
    expect(server.posted).toEqual([
      { path: '/api/civilization/voteGameProposal', body: { proposalID: 'p1', vote: 'contest', reason: 'She came back on turn 85' } },
    ]);
  });

  it.each([
    ['the proposer', () => asPlayer(), 'me'],
    ['a member who did not play', () => asReader(), 'bo'],
  ])('%s only reads a pending proposal', async (_who, arrange, proposedBy) => {
    arrange();
    server.history.proposals = [proposal({ proposedBy })];
    renderGame();
    const pending = await screen.findByRole('list', { name: 'Pending proposals' });
    expect(within(pending).queryAllByRole('button')).toEqual([]);
  });
});

describe('placements and rating changes', () => {
  it('a finished game shows each player’s place (ties marked) and rating change', async () => {
    finished();
    renderGame();
    await gameLoaded();
    const table = screen.getByRole('table', { name: 'Members' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Place', 'Member', 'Civ Choices', 'Rating']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual(['1st', '=2nd', '=2nd']);
    expect(within(rowOf('Me')).getByText('+1.8')).toHaveClass('text-success');
    expect(within(rowOf('Olga')).getByText('−0.6')).toHaveClass('text-danger');
    expect(within(rowOf('Bo')).getByText('−0.6')).toHaveClass('text-danger');
  });

  it('an active game shows the elimination order', async () => {
    server.game.members = [member('owner', 'Olga', { isActive: false, eliminationStep: 1 }), member('me', 'Me'), member('bo', 'Bo')];
    renderGame();
    await gameLoaded();
    expect(within(rowOf('Olga')).getByText('1st out')).toBeInTheDocument();
    expect(within(rowOf('Bo')).queryByText(/out$/)).toBeNull();
  });

  it("a manager edits the placements; the server's refusal is shown, then a valid order is saved", async () => {
    const user = userEvent.setup();
    finished();
    const recordChange = server.routes['POST /api/civilization/updateGame']!;
    server.routes['POST /api/civilization/updateGame'] = () => ({
      status: 409,
      body: { message: 'A player (or team) eliminated later cannot be placed below one eliminated earlier' },
    });
    renderGame();
    await user.click(await screen.findByRole('button', { name: 'Edit placements' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit placements' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Me' })).toHaveValue(1);
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Bo' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Bo' }), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A player (or team) eliminated later cannot be placed below one eliminated earlier',
    );
    expect(server.posted.at(-1)?.body).toEqual({
      gameID: 'game1',
      placements: [
        { userID: 'me', placement: 1 },
        { userID: 'owner', placement: 2 },
        { userID: 'bo', placement: 3 },
      ],
      expectedResultVersion: 3,
    });

    server.routes['POST /api/civilization/updateGame'] = recordChange;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved the placements')).toBeInTheDocument();
    await vi.waitFor(() => expect(rowOf('Bo').querySelector('td')).toHaveTextContent('3rd'));
    expect(rowOf('Olga').querySelector('td')).toHaveTextContent('2nd');
  });

  it('only managers of a finished game get Edit placements', async () => {
    finished();
    asPlayer();
    renderGame();
    await gameLoaded();
    expect(button('Edit placements')).toBeNull();
    expect(button('Propose a correction')).toBeInTheDocument();
  });
});

describe('history, deleted games', () => {
  it('the History tab lists every change with who, when (in the viewer’s zone) and the values before and after', async () => {
    const user = userEvent.setup();
    server.history.audit = [
      {
        _id: 'a2',
        action: 'finished',
        userID: 'owner',
        username: 'Olga',
        date: '2031-03-03T00:00:00.000Z',
        changes: [{ field: 'Winner', before: '(none)', after: 'Me' }],
        note: null,
      },
      { _id: 'a1', action: 'created', userID: 'me', username: 'Me', date: '2031-03-01T18:00:00.000Z', changes: [], note: null },
    ];
    renderGame();
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const list = await within(panel('History')).findByRole('list', { name: 'Changes, newest first' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(items[0]).toHaveTextContent('Olga finished the game');
    expect(items[0]).toHaveTextContent('Winner: (none) → Me');
    expect(items[0]!.querySelector('time')).toHaveTextContent(/UTC$/);
    expect(items[1]).toHaveTextContent('Me created the game');
  });

  it('an Administrator opening a deleted game sees when it was deleted and restores it', async () => {
    const user = userEvent.setup();
    server.group.members = server.group.members.map((m) => (m.userID === 'me' ? { ...m, role: 'Administrator' } : m));
    server.game.createdBy = 'owner';
    server.game.dateDeleted = new Date(Date.now() - 86_400_000).toISOString();
    server.routes['POST /api/civilization/restoreGame'] = () => {
      server.game.dateDeleted = null;
      return { status: 200, body: { message: 'Restored' } };
    };
    renderGame();
    await gameLoaded();
    expect(screen.getByText(/^This game was deleted on/)).toBeInTheDocument();
    expect(button('Delete')).toBeNull();
    expect(button('Edit')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Restored Saturday Pangaea')).toBeInTheDocument();
    expect(server.posted).toEqual([{ path: '/api/civilization/restoreGame?gameID=game1', body: {} }]);
    await vi.waitFor(() => expect(screen.queryByText(/^This game was deleted on/)).toBeNull());
    expect(button('Delete')).toBeInTheDocument();
  });
});
