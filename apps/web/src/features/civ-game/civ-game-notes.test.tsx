import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NOTES_CHANGED_MESSAGE } from '@smm/shared/civilization/games-schemas';
import { fakeGameServer, panel, renderGame } from './civ-game-fixtures';
import { notesDraftKey } from './components/NotesCard';

const server = fakeGameServer();
const notesTab = '/civGroup/civGame?groupID=g1&gameID=game1&tab=notes';
const draftKey = notesDraftKey({ userID: 'me', groupID: 'g1', gameID: 'game1' });

async function openEditor() {
  renderGame(notesTab);
  await userEvent.click(await within(await screen.findByRole('tabpanel', { name: 'Game Notes' })).findByRole('button', { name: 'Edit' }));
  return screen.getByRole('textbox', { name: 'Notes' });
}

describe('unsaved game notes', () => {
  it('survive a reload: the editor comes back with the text, says so, and Discard drops it', async () => {
    const box = await openEditor();
    await userEvent.type(box, ' and the coast');
    // A reload: the page goes away with the notes unsaved.
    cleanup();

    renderGame(notesTab);
    const restored = await screen.findByRole('textbox', { name: 'Notes' });
    expect(restored).toHaveValue('Watch Olga’s border and the coast');
    expect(within(panel('Game Notes')).getByText('Restored your unsaved notes.')).toBeVisible();
    await userEvent.click(within(panel('Game Notes')).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('textbox', { name: 'Notes' })).toBeNull();
    expect(screen.getByTestId('game-notes-text')).toHaveTextContent('Watch Olga’s border');
    expect(sessionStorage.getItem(draftKey)).toBeNull();
  });

  it('a restored draft saves over the version it was started from, and saving forgets it', async () => {
    const box = await openEditor();
    await userEvent.type(box, '!');
    cleanup();
    renderGame(notesTab);
    await screen.findByRole('textbox', { name: 'Notes' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('game-notes-text')).toHaveTextContent('Watch Olga’s border!');
    expect(server.posted.at(-1)?.body).toMatchObject({ notes: 'Watch Olga’s border!', expectedUpdatedAt: 1000 });
    expect(sessionStorage.getItem(draftKey)).toBeNull();
  });

  it('warn before the page is left while they are unsaved', async () => {
    const box = await openEditor();
    const untouched = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(untouched);
    expect(untouched.defaultPrevented).toBe(false);
    await userEvent.type(box, '?');
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
  });
});

describe('notes saved meanwhile in another tab', () => {
  it('are not overwritten: Save says so beside the button, and Reload refills the editor with the newer notes', async () => {
    const box = await openEditor();
    // Another tab saves first.
    server.notes = { ...server.notes, notes: 'Saved from the other tab', updatedAt: 5000 };
    await userEvent.clear(box);
    await userEvent.type(box, 'Mine');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await within(panel('Game Notes')).findByRole('alert');
    expect(alert).toHaveTextContent(NOTES_CHANGED_MESSAGE);
    expect(server.notes.notes).toBe('Saved from the other tab');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Mine');

    await userEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(await screen.findByDisplayValue('Saved from the other tab')).toBeVisible();
    expect(within(panel('Game Notes')).queryByRole('alert')).toBeNull();

    await userEvent.type(screen.getByRole('textbox', { name: 'Notes' }), ', then mine');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('game-notes-text')).toHaveTextContent('Saved from the other tab, then mine');
    expect(server.posted.at(-1)?.body).toMatchObject({ expectedUpdatedAt: 5000 });
  });
});
