import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CommentDto, GameDto } from '@smm/shared/civilization/games-schemas';
import { fakeGameServer, gameLoaded, member, panel, renderGame, rowOf } from './civ-game-fixtures';
import { winnerCandidate } from './game-state';

const server = fakeGameServer();

describe('the game page: Game Details', () => {
  it('shows the game with its tabs, a Back link to main and the facts of the game', async () => {
    renderGame();
    expect(await gameLoaded()).toBeInTheDocument();
    expect(screen.getByTestId('game-state')).toHaveTextContent('Active');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Game Details', 'Game Settings', 'Game Notes', 'History']);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/civGroup/main?groupID=g1');
    expect(screen.getByRole('link', { name: 'https://lobby.example.com/join/42' })).toHaveAttribute(
      'href',
      'https://lobby.example.com/join/42',
    );
    expect(screen.getByText('Gandhi (India)')).toBeInTheDocument();
    expect(within(rowOf('Olga')).getByText('Host')).toBeInTheDocument();
  });

  it("shows 'Hidden until the game is finished' for choices anonymous mode withholds, and the viewer's own", async () => {
    server.game.anonymousMode = true;
    server.game.members = [
      member('owner', 'Olga', { civChoices: [], civChoicesHidden: true }),
      member('me', 'Me'),
      member('bo', 'Bo', { civChoices: [], civChoicesHidden: true }),
    ];
    renderGame();
    await gameLoaded();
    expect(within(rowOf('Olga')).getByText('Hidden until the game is finished')).toBeInTheDocument();
    expect(within(rowOf('Bo')).getByText('Hidden until the game is finished')).toBeInTheDocument();
    expect(within(rowOf('Me')).getByText('Leader of Me (Nation of Me)')).toBeInTheDocument();
    expect(within(rowOf('Me')).queryByText('Hidden until the game is finished')).toBeNull();
  });

  it('keeps Declare Winner disabled, saying why, until one active member remains', async () => {
    const user = userEvent.setup();
    renderGame();
    const declare = await screen.findByRole('button', { name: 'Declare Winner' });
    expect(declare).toBeDisabled();
    expect(declare).toHaveAccessibleDescription('A winner can be declared when only one active member remains; 3 are still active.');

    await user.click(screen.getByRole('button', { name: 'Eliminate Olga' }));
    expect(await within(rowOf('Olga')).findByText('Eliminated')).toBeInTheDocument();
    expect(server.posted.at(-1)).toEqual({
      path: '/api/civilization/updateGame',
      body: { gameID: 'game1', members: [{ userID: 'owner', isActive: false }], expectedResultVersion: 3 },
    });
    expect(screen.getByRole('button', { name: 'Declare Winner' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reactivate Olga' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Eliminate Bo' }));
    expect(await within(rowOf('Bo')).findByText('Eliminated')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Declare Winner' })).toBeEnabled();
    // The last one standing cannot be eliminated too.
    expect(screen.getByRole('button', { name: 'Eliminate Me' })).toBeDisabled();
  });

  it('declares the remaining member the winner with exactly the spec’s victory types, and shows the game finished', async () => {
    const user = userEvent.setup();
    server.game.members = [member('owner', 'Olga', { isActive: false }), member('me', 'Me'), member('bo', 'Bo', { isActive: false })];
    renderGame();
    await user.click(await screen.findByRole('button', { name: 'Declare Winner' }));
    const dialog = screen.getByRole('dialog', { name: 'Declare Winner' });
    expect(within(dialog).getByLabelText('Winner')).toHaveDisplayValue('Me');
    const victoryType = within(dialog).getByLabelText('Victory Type');
    expect(
      within(victoryType)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Science', 'Culture', 'Domination', 'Religion', 'Diplomatic', 'Territorial', 'Score']);
    // Nothing is recorded until a victory type is picked.
    await user.click(within(dialog).getByRole('button', { name: 'Declare Winner' }));
    expect(within(dialog).getByText('Choose the victory type of the win')).toBeInTheDocument();
    expect(server.posted).toEqual([]);

    await user.selectOptions(victoryType, 'Science');
    await user.click(within(dialog).getByRole('button', { name: 'Declare Winner' }));
    expect(await screen.findByText('Me won a Science victory')).toBeInTheDocument();
    expect(server.posted).toEqual([
      { path: '/api/civilization/updateGame', body: { gameID: 'game1', winner: 'me', victoryType: 'Science', expectedResultVersion: 3 } },
    ]);
    expect(screen.getByTestId('game-state')).toHaveTextContent('Finished Winner: Me · Science victory');
    expect(screen.queryByRole('button', { name: 'Declare Winner' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Eliminate|^Reactivate/ })).toBeNull();
  });

  it("shows the server's 409 in the dialog when the game changed meanwhile", async () => {
    const user = userEvent.setup();
    server.game.members = [member('owner', 'Olga', { isActive: false }), member('me', 'Me'), member('bo', 'Bo', { isActive: false })];
    server.routes['POST /api/civilization/updateGame'] = () => ({
      status: 409,
      body: { message: 'A winner can be declared only when one active member, or one team, remains' },
    });
    renderGame();
    await user.click(await screen.findByRole('button', { name: 'Declare Winner' }));
    const dialog = screen.getByRole('dialog', { name: 'Declare Winner' });
    await user.selectOptions(within(dialog).getByLabelText('Victory Type'), 'Culture');
    await user.click(within(dialog).getByRole('button', { name: 'Declare Winner' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A winner can be declared only when one active member, or one team, remains',
    );
  });

  it('asks before deleting, naming what goes with the game, then goes back to main', async () => {
    const user = userEvent.setup();
    server.routes['POST /api/civilization/deleteGame'] = () => ({ status: 200, body: { message: 'Game deleted' } });
    renderGame();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Game' });
    expect(dialog).toHaveTextContent('Are you sure you wish to delete this game?');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'It leaves the game lists and the rankings at once.',
      'Its comments, notes and history are kept with it.',
      'An Administrator can restore it within 30 days.',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Active Games')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/civGroup/main?groupID=g1');
    expect(server.posted).toEqual([{ path: '/api/civilization/deleteGame?gameID=game1', body: {} }]);
  });
});

describe('the game page: Comments', () => {
  it('lists comments newest first, with who wrote them and when', async () => {
    renderGame();
    const list = await screen.findByRole('list', { name: 'Comments, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.civ-comment-text')?.textContent)).toEqual(['GG all', 'Ready?', 'First!']);
    expect(within(items[0]!).getByText('Bo')).toBeInTheDocument();
    expect(items[0]!.querySelector('time')).toHaveAttribute('datetime', '2031-03-02T09:00:00.000Z');
  });

  it("posts a comment and shows it on top; the server's field error shows under the field", async () => {
    const user = userEvent.setup();
    renderGame();
    const field = await screen.findByRole('textbox', { name: 'Comment' });
    server.routes['POST /api/comments/postComment'] = () => ({
      status: 400,
      body: { message: 'Invalid input', fields: { comment: 'Comment field is required' } },
    });
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Comment field is required')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('Comment field is required');

    server.routes['POST /api/comments/postComment'] = (body) => {
      const saved = { ...(body as CommentDto), _id: 'c9', date: '2031-03-04T10:00:00.000Z' };
      server.comments = [...server.comments, saved];
      return { status: 200, body: saved };
    };
    await user.type(field, 'Rematch next week?');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    const list = screen.getByRole('list', { name: 'Comments, newest first' });
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Rematch next week?'));
    expect(field).toHaveValue('');
    expect(server.posted.at(-1)?.body).toMatchObject({
      comment: 'Rematch next week?',
      userID: 'me',
      username: 'Me',
      groupID: 'g1',
      gameID: 'game1',
    });
  });
});

describe('the game page: editing and deleting comments', () => {
  it('the author edits their own comment in place; others show no Edit and a member no Delete', async () => {
    const user = userEvent.setup();
    server.routes['POST /api/comments/updateComment'] = (body) => {
      const { commentID, comment } = body as { commentID: string; comment: string };
      server.comments = server.comments.map((c) => (c._id === commentID ? { ...c, comment, editedAt: '2031-03-03T10:00:00.000Z' } : c));
      return { status: 200, body: server.comments.find((c) => c._id === commentID) };
    };
    renderGame();
    const list = await screen.findByRole('list', { name: 'Comments, newest first' });
    const [bo, mine, olga] = within(list).getAllByRole('listitem');
    expect(within(bo!).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    expect(within(olga!).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    await user.click(within(mine!).getByRole('button', { name: /^Edit your comment/ }));
    const field = within(mine!).getByRole('textbox', { name: 'Edit comment' });
    await user.clear(field);
    await user.type(field, 'Ready? See https://example.com/rules.');
    await user.click(within(mine!).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(within(mine!).getByText('(edited)')).toBeInTheDocument());
    expect(server.posted.at(-1)).toEqual({
      path: '/api/comments/updateComment',
      body: { commentID: 'c2', groupID: 'g1', comment: 'Ready? See https://example.com/rules.' },
    });
    // Its address is a link that opens in a new tab; the full stop stays text.
    const link = within(mine!).getByRole('link', { name: 'https://example.com/rules' });
    expect(link).toHaveAttribute('href', 'https://example.com/rules');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('deletes after a confirmation that quotes the comment, then offers Undo', async () => {
    const user = userEvent.setup();
    server.routes['POST /api/comments/deleteComment'] = (body) => {
      server.comments = server.comments.filter((c) => c._id !== (body as { commentID: string }).commentID);
      return { status: 200, body: { message: 'Comment deleted' } };
    };
    const kept = server.comments.find((c) => c._id === 'c2')!;
    server.routes['POST /api/comments/restoreComment'] = () => {
      server.comments = [...server.comments, kept];
      return { status: 200, body: kept };
    };
    renderGame();
    const list = await screen.findByRole('list', { name: 'Comments, newest first' });
    await user.click(within(list).getByRole('button', { name: /^Delete your comment/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete comment' });
    expect(within(dialog).getByText('Ready?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(within(list).queryByText('Ready?')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await vi.waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Comments, newest first' })).getByText('Ready?')).toBeInTheDocument(),
    );
    expect(server.posted.map((p) => p.path)).toEqual(['/api/comments/deleteComment', '/api/comments/restoreComment']);
  });
});

describe('the game page: Game Settings and Game Notes', () => {
  it('groups the settings as title → value tables', async () => {
    const user = userEvent.setup();
    renderGame();
    await user.click(await screen.findByRole('tab', { name: 'Game Settings' }));
    const settings = panel('Game Settings');
    expect(
      within(settings)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Game Settings', 'Game Modes', 'Victory Types']);
    const table = within(settings).getByRole('table', { name: 'Game Settings' });
    expect(within(table).getByRole('rowheader', { name: 'Disaster Intensity' }).closest('tr')).toHaveTextContent('Disaster Intensity2');
  });

  it('shows the notes read-only, toggles to edit with Edit, and back to view after Save', async () => {
    const user = userEvent.setup();
    renderGame();
    await user.click(await screen.findByRole('tab', { name: 'Game Notes' }));
    expect(await screen.findByTestId('game-notes-text')).toHaveTextContent('Watch Olga’s border');
    expect(screen.queryByRole('textbox', { name: 'Notes' })).toBeNull();

    await user.click(within(panel('Game Notes')).getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Notes' });
    expect(box).toHaveValue('Watch Olga’s border');
    expect(screen.queryByTestId('game-notes-text')).toBeNull();
    await user.clear(box);
    await user.type(box, 'Olga goes for science.{Enter}Bo rushes.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByTestId('game-notes-text')).toHaveTextContent('Olga goes for science. Bo rushes.');
    expect(screen.queryByRole('textbox', { name: 'Notes' })).toBeNull();
    expect(screen.getByText('Saved your notes')).toBeInTheDocument();
    expect(server.posted).toEqual([
      {
        path: '/api/notes/postUserNotes/',
        body: { userID: 'me', gameID: 'game1', groupID: 'g1', notes: 'Olga goes for science.\nBo rushes.', expectedUpdatedAt: 1000 },
      },
    ]);
  });

  it('offers a relationship per other player and saves a pick at once', async () => {
    const user = userEvent.setup();
    server.notes.playerRelationships = [{ userID: 'bo', username: 'Bo', relationship: 'Allies' }];
    renderGame('/civGroup/civGame?groupID=g1&gameID=game1&tab=notes');
    const olga = await screen.findByRole('combobox', { name: 'Olga' });
    expect(screen.getByRole('combobox', { name: 'Bo' })).toHaveValue('Allies');
    expect(screen.queryByRole('combobox', { name: 'Me' })).toBeNull();
    expect(
      within(olga)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not set', 'Friends Forever', 'Allies', 'Friendly', 'Neutral', 'Suspicious', 'Seeking Revenge', 'Mortal Enemies']);
    await user.selectOptions(olga, 'Seeking Revenge');
    expect(await screen.findByText('Saved your relationship with Olga: Seeking Revenge')).toBeInTheDocument();
    expect(server.posted).toEqual([
      {
        path: '/api/notes/postPlayerRelationship/me/g1/game1',
        body: { userID: 'owner', username: 'Olga', relationship: 'Seeking Revenge' },
      },
    ]);
    expect(screen.getByRole('combobox', { name: 'Olga' })).toHaveValue('Seeking Revenge');
  });
});

describe('winnerCandidate (spec 4)', () => {
  const base = (): GameDto => ({ ...server.game, gameType: 'team' });
  it.each([
    ['ffa, one active', 'ffa', [true, false, false], [null, null, null], { ok: true, winner: 'owner' }],
    ['ffa, two active', 'ffa', [true, true, false], [null, null, null], { ok: false }],
    ['ffa, none active', 'ffa', [false, false, false], [null, null, null], { ok: false }],
    ['team, one team left with two players', 'team', [true, true, false], [2, 2, 1], { ok: true, winner: 2 }],
    ['team, two teams left', 'team', [true, false, true], [1, 2, 2], { ok: false }],
  ] as const)('%s', (_label, gameType, active, teams, expected) => {
    const g = base();
    g.gameType = gameType;
    g.members = g.members.map((m, i) => ({ ...m, isActive: active[i]!, team: teams[i]! }));
    expect(winnerCandidate(g)).toMatchObject(expected);
  });
});
