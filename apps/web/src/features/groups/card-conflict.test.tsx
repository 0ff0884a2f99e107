import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_CHANGED_MESSAGE, type GroupCardDto } from '@smm/shared/components/schemas';
import { ToastProvider } from '../../lib/ui/toasts';
import { CardsPanel } from './components/cards/CardsPanel';

const card = (title: string, body: string, updatedAt: number, cardOrder = 0): GroupCardDto => ({
  _id: `card-${cardOrder}`,
  groupID: 'g1',
  title,
  body,
  footer: '',
  cardOrder,
  updatedAt,
});

/** What the server holds; getGroupCards answers it. */
let stored: GroupCardDto[];
/** The answer to postGroupCard. */
let answer: (body: Record<string, unknown>) => { status: number; body: unknown };
let posted: Record<string, unknown>[];

// Only the network is replaced: the panel, the dialog, the queries and the real api client run.
beforeEach(() => {
  stored = [card('Welcome', 'Hello', 100)];
  posted = [];
  answer = () => ({ status: 500, body: { message: 'not expected' } });
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posted.push(body);
      const { status, body: reply } = answer(body);
      return new Response(JSON.stringify(reply), { status, headers: { 'content-type': 'application/json' } });
    }
    if (url.pathname === '/api/components/getGroupCards') return new Response(JSON.stringify(stored), { status: 200 });
    return new Response(JSON.stringify({ message: `No route for ${url.pathname}` }), { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <CardsPanel groupID="g1" orderMode="inline" />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return client;
}

async function openEditor(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit card Welcome' }));
  return within(screen.getByRole('dialog', { name: 'Edit Card' }));
}

describe('Edit Card when another Administrator saved meanwhile', () => {
  it('sends the version it opened; a refusal is said beside Save with Reload, keeping the text until Reload refills it', async () => {
    const user = userEvent.setup();
    renderPanel();
    const dialog = await openEditor(user);
    await user.clear(dialog.getByLabelText('Body'));
    await user.type(dialog.getByLabelText('Body'), 'My version');

    // Someone else saved first.
    stored = [card('Welcome!', 'Their version', 250)];
    answer = () => ({ status: 409, body: { message: CARD_CHANGED_MESSAGE } });
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(posted).toEqual([{ groupID: 'g1', _id: 'card-0', title: 'Welcome', body: 'My version', footer: '', expectedUpdatedAt: 100 }]);
    const conflict = await dialog.findByTestId('edit-conflict');
    expect(conflict).toHaveTextContent(CARD_CHANGED_MESSAGE);
    // Beside the Save button, in the dialog's footer.
    expect(conflict.closest('.modal-footer')).toBe(dialog.getByRole('button', { name: 'Save' }).closest('.modal-footer'));
    // Nothing overwritten on either side: the typed text stays.
    expect(dialog.getByLabelText('Body')).toHaveValue('My version');

    await user.click(within(conflict).getByRole('button', { name: 'Reload' }));
    expect(await dialog.findByDisplayValue('Their version')).toBeVisible();
    expect(dialog.getByLabelText('Title')).toHaveValue('Welcome!');
    expect(dialog.queryByTestId('edit-conflict')).toBeNull();

    // Saved from the version reloaded.
    answer = (body) => ({ status: 200, body: { ...stored[0], ...body, updatedAt: 300 } });
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(posted[1]).toMatchObject({ expectedUpdatedAt: 250, body: 'Their version' });
    expect(await screen.findByText('Successfully saved card')).toBeVisible();
  });

  it('a change arriving live while editing is said, and the fields are not overwritten under the user', async () => {
    const user = userEvent.setup();
    const client = renderPanel();
    const dialog = await openEditor(user);
    await user.type(dialog.getByLabelText('Body'), ' and more');
    expect(dialog.queryByTestId('edit-conflict')).toBeNull();

    stored = [card('Welcome', 'Rewritten elsewhere', 180)];
    // What the live stream does on a 'cards' change.
    await act(() => client.invalidateQueries({ queryKey: ['groups', 'g1', 'cards'] }));
    const notice = await dialog.findByTestId('edit-conflict');
    expect(notice).toHaveTextContent(/Changed by someone else —\s*Reload/);
    expect(dialog.getByLabelText('Body')).toHaveValue('Hello and more');

    await user.click(within(notice).getByRole('button', { name: 'Reload' }));
    expect(await dialog.findByDisplayValue('Rewritten elsewhere')).toBeVisible();
    expect(dialog.queryByTestId('edit-conflict')).toBeNull();
  });

  it('a new card is saved with no version', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add Card' }));
    await user.type(dialog.getByLabelText('Title'), 'Rules');
    answer = (body) => ({ status: 200, body: { ...card('Rules', '', 400, 1), ...body } });
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(posted).toEqual([{ groupID: 'g1', title: 'Rules', body: '', footer: '' }]);
  });
});
