import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useNavigate } from 'react-router';
import { ToastProvider } from '../../lib/ui/toasts';
import { AppStateProvider } from '../auth/app-state';
import { NewGameModal } from './components/NewGameModal';
import { newGameDraftKey } from './new-game-draft-key';

const members = [
  { userID: 'me', username: 'Me' },
  { userID: 'ann', username: 'Ann' },
];

let goBack: () => void = () => {};
function BackButton() {
  const navigate = useNavigate();
  goBack = () => navigate(-1);
  return null;
}

beforeEach(() => {
  const payload = btoa(JSON.stringify({ id: 'me', username: 'Me', email: 'me@example.com', steamID: null, exp: Date.now() / 1000 + 3600 }));
  localStorage.setItem('jwtToken', `Bearer e30.${payload}.sig`);
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify([]), { status: 200, headers: { 'content-type': 'application/json' } }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderForm(viewerID = 'me') {
  const onHide = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/civGroup/main?groupID=g1']}>
        <AppStateProvider>
          <ToastProvider>
            <BackButton />
            <NewGameModal groupID="g1" groupGameName="Civilization 6" members={members} viewerID={viewerID} onHide={onHide} />
          </ToastProvider>
        </AppStateProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onHide, dialog: screen.getByRole('dialog', { name: 'New Game' }) };
}

async function fill(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByLabelText('Game Name'), 'Friday game');
  await userEvent.click(within(dialog).getByLabelText('Ann'));
}

describe('a half-filled New Game form', () => {
  it('survives a reload: restored with a line saying so, and Discard empties it', async () => {
    const first = renderForm();
    await fill(first.dialog);
    // A reload: the page goes away without closing the form.
    cleanup();

    const { dialog } = renderForm();
    expect(within(dialog).getByText('Restored your unsaved new game.')).toBeVisible();
    expect(within(dialog).getByLabelText('Game Name')).toHaveValue('Friday game');
    expect(within(dialog).getByLabelText('Ann')).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(within(dialog).getByLabelText('Game Name')).toHaveValue('');
    expect(within(dialog).queryByText('Restored your unsaved new game.')).toBeNull();
    expect(sessionStorage.getItem(newGameDraftKey('me', 'g1'))).toBeNull();
  });

  it('is kept per user: another account on the same browser starts empty', async () => {
    const first = renderForm('me');
    await fill(first.dialog);
    cleanup();
    const { dialog } = renderForm('someone-else');
    expect(within(dialog).getByLabelText('Game Name')).toHaveValue('');
    expect(within(dialog).queryByText('Restored your unsaved new game.')).toBeNull();
  });

  it('browser Back asks before discarding it; Cancel keeps the form as it was, Discard closes and forgets it', async () => {
    const { dialog, onHide } = renderForm();
    await fill(dialog);
    act(() => goBack());
    const confirm = await screen.findByRole('dialog', { name: 'Discard the new game?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Discard the new game?' })).toBeNull();
    expect(onHide).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText('Game Name')).toHaveValue('Friday game');

    // Back again still asks (the dialog's history entry came back with Cancel).
    act(() => goBack());
    const again = await screen.findByRole('dialog', { name: 'Discard the new game?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Discard' }));
    expect(onHide).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(newGameDraftKey('me', 'g1'))).toBeNull();
  });

  it('Back with nothing typed just closes it; the form’s Cancel forgets what was typed', async () => {
    const empty = renderForm();
    act(() => goBack());
    expect(empty.onHide).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Discard the new game?' })).toBeNull();
    cleanup();

    const { dialog, onHide } = renderForm();
    await fill(dialog);
    expect(sessionStorage.getItem(newGameDraftKey('me', 'g1'))).not.toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onHide).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(newGameDraftKey('me', 'g1'))).toBeNull();
  });
});
