import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RESULT_CHANGED_MESSAGE } from '@smm/shared/civilization/games-schemas';
import { fakeGameServer, gameLoaded, member, proposal, renderGame, rowOf } from './civ-game-fixtures';

const server = fakeGameServer();

/** Another manager records a change of the result while the viewer's dialog is open. */
const changedElsewhere = (change: Partial<typeof server.game>) => {
  server.game = { ...server.game, ...change, resultVersion: (server.game.resultVersion ?? 0) + 1 };
};

describe('a result saved over a result someone changed since the dialog opened', () => {
  it('Declare Winner says so in the dialog, saves nothing, and after Reload shows the newer result and saves', async () => {
    const user = userEvent.setup();
    server.game.members = [member('owner', 'Olga', { isActive: false }), member('me', 'Me'), member('bo', 'Bo', { isActive: false })];
    renderGame();
    await user.click(await screen.findByRole('button', { name: 'Declare Winner' }));
    const dialog = screen.getByRole('dialog', { name: 'Declare Winner' });
    changedElsewhere({ winner: 'me', victoryType: 'Culture', isFinished: true, dateFinished: '2031-03-03T00:00:00.000Z' });

    await user.selectOptions(within(dialog).getByLabelText('Victory Type'), 'Science');
    await user.click(within(dialog).getByRole('button', { name: 'Declare Winner' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(RESULT_CHANGED_MESSAGE);
    expect(server.posted.at(-1)?.body).toEqual({ gameID: 'game1', winner: 'me', victoryType: 'Science', expectedResultVersion: 3 });
    expect(server.game).toMatchObject({ victoryType: 'Culture', resultVersion: 4 });
    // The page stays, behind the dialog, and reads the game again.
    expect(screen.getByRole('heading', { level: 2, name: 'Saturday Pangaea' })).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByTestId('game-state')).toHaveTextContent('Culture victory'));

    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() => expect(within(dialog).getByLabelText('Victory Type')).toHaveDisplayValue('Culture'));
    expect(within(dialog).queryByText(RESULT_CHANGED_MESSAGE)).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Victory Type'), 'Science');
    await user.click(within(dialog).getByRole('button', { name: 'Declare Winner' }));
    expect(await screen.findByText('Me won a Science victory')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Declare Winner' })).toBeNull();
    expect(server.posted.at(-1)?.body).toEqual({ gameID: 'game1', winner: 'me', victoryType: 'Science', expectedResultVersion: 4 });
    await vi.waitFor(() => expect(screen.getByTestId('game-state')).toHaveTextContent('Science victory'));
  });

  it('Edit placements is refused the same way, and Reload refills the places with the newer ones', async () => {
    const user = userEvent.setup();
    server.game = {
      ...server.game,
      isFinished: true,
      winner: 'me',
      victoryType: 'Science',
      dateFinished: '2031-03-03T00:00:00.000Z',
      members: [
        member('owner', 'Olga', { isActive: false, placement: 2, eliminationStep: 2 }),
        member('me', 'Me', { placement: 1 }),
        member('bo', 'Bo', { isActive: false, placement: 2, eliminationStep: 2 }),
      ],
    };
    renderGame();
    await user.click(await screen.findByRole('button', { name: 'Edit placements' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit placements' });
    changedElsewhere({ members: server.game.members.map((m) => (m.userID === 'bo' ? { ...m, placement: 3 } : m)) });

    const place = (name: string) => within(dialog).getByRole('spinbutton', { name });
    await user.clear(place('Olga'));
    await user.type(place('Olga'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(RESULT_CHANGED_MESSAGE);
    expect(server.game.members.map((m) => m.placement)).toEqual([2, 1, 3]);

    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() => expect(place('Bo')).toHaveValue(3));
    expect(place('Olga')).toHaveValue(2);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved the placements')).toBeInTheDocument();
    expect(server.posted.at(-1)?.body).toMatchObject({ expectedResultVersion: 4 });
  });

  it('an acceptance of a proposal is refused the same way, then accepted after Reload', async () => {
    const user = userEvent.setup();
    server.history.proposals = [proposal()];
    let accepted = 0;
    server.routes['POST /api/civilization/decideGameProposal'] = (body) => {
      if ((body as { expectedResultVersion?: number }).expectedResultVersion !== server.game.resultVersion)
        return { status: 409, body: { message: RESULT_CHANGED_MESSAGE } };
      accepted += 1;
      return { status: 200, body: proposal({ status: 'accepted' }) };
    };
    renderGame();
    const pending = await screen.findByRole('list', { name: 'Pending proposals' });
    await user.click(within(pending).getByRole('button', { name: 'Accept' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept the correction' });
    changedElsewhere({ members: server.game.members.map((m) => (m.userID === 'bo' ? { ...m, isActive: false, eliminationStep: 1 } : m)) });

    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(RESULT_CHANGED_MESSAGE);
    expect(accepted).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Accepted the correction')).toBeInTheDocument();
    expect(accepted).toBe(1);
    expect(server.posted.map((p) => p.body)).toEqual([
      { proposalID: 'p1', decision: 'accept', expectedResultVersion: 3 },
      { proposalID: 'p1', decision: 'accept', expectedResultVersion: 4 },
    ]);
  });

  it('an elimination from a page showing an older result says so above the players, with Reload', async () => {
    const user = userEvent.setup();
    renderGame();
    await gameLoaded();
    changedElsewhere({ members: server.game.members.map((m) => (m.userID === 'bo' ? { ...m, isActive: false, eliminationStep: 1 } : m)) });
    await user.click(screen.getByRole('button', { name: 'Eliminate Olga' }));
    const alert = await screen.findByText(RESULT_CHANGED_MESSAGE);
    expect(server.game.members.find((m) => m.userID === 'owner')!.isActive).toBe(true);
    await user.click(within(alert.closest('.alert') as HTMLElement).getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() => expect(screen.queryByText(RESULT_CHANGED_MESSAGE)).toBeNull());
    expect(within(rowOf('Bo')).getByText('Eliminated')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Eliminate Olga' }));
    expect(await within(rowOf('Olga')).findByText('Eliminated')).toBeInTheDocument();
    expect(server.posted.at(-1)?.body).toMatchObject({ expectedResultVersion: 4 });
  });

  it('Edit Game sends the version only when it names who records the results: a new name is saved over any result', async () => {
    const user = userEvent.setup();
    renderGame();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Game' });
    changedElsewhere({ winner: null });
    await user.selectOptions(within(dialog).getByLabelText('Records the results'), 'Bo');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(RESULT_CHANGED_MESSAGE);
    expect(server.game.chosenHost).toBe('owner');

    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() => expect(within(dialog).getByLabelText('Records the results')).toHaveValue('owner'));
    const name = within(dialog).getByLabelText('Game Name');
    await user.clear(name);
    await user.type(name, 'Sunday Pangaea');
    changedElsewhere({ winner: null });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved the game')).toBeInTheDocument();
    expect(server.posted.at(-1)?.body).toEqual({
      gameID: 'game1',
      gameName: 'Sunday Pangaea',
      lobbyLink: 'https://lobby.example.com/join/42',
    });
  });
});
