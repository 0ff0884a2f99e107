import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../lib/ui/toasts';
import { NotificationsCard } from './components/user/NotificationsCard';

let saved: boolean;
let answerSave: ((status: number) => void) | undefined;

async function answerTheSave(status: number) {
  await vi.waitFor(() => expect(answerSave).toBeDefined());
  await act(async () => answerSave!(status));
}

// Only the network is replaced; the save is answered when the test says so.
beforeEach(() => {
  saved = true;
  answerSave = undefined;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const reply = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const me = () => ({
      userID: 'me',
      username: 'Me',
      role: 'Member',
      isActive: true,
      team: null,
      notifications: { receiveEventNotifications: saved },
    });
    if (url.pathname === '/api/groups/getFullGroup') return reply(200, { _id: 'g1', members: [me()] });
    if (url.pathname.startsWith('/api/members/postMemberNotifications/')) {
      const wanted = (JSON.parse(String(init?.body)) as { receiveEventNotifications: boolean }).receiveEventNotifications;
      const status = await new Promise<number>((resolve) => (answerSave = resolve));
      if (status !== 200) return reply(status, { message: 'The group could not be saved just now' });
      saved = wanted;
      return reply(200, me());
    }
    return reply(404, { message: `No fake for ${url.pathname}` });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <NotificationsCard groupID="g1" userID="me" />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

it('shows the new choice in the click’s own render, holds it while saving, and keeps it once saved', async () => {
  renderCard();
  const box = await screen.findByLabelText('Event Notifications');
  expect(box).toBeChecked();
  fireEvent.click(box);
  // No waiting: a controlled checkbox that waited for the save's state would still read checked here.
  expect(box).not.toBeChecked();
  expect(box).toBeDisabled();
  await answerTheSave(200);
  expect(await screen.findByText('Event notifications are off')).toBeInTheDocument();
  expect(screen.getByLabelText('Event Notifications')).not.toBeChecked();
  expect(screen.getByLabelText('Event Notifications')).toBeEnabled();
});

it('puts the saved choice back when the save fails, and says why', async () => {
  renderCard();
  const box = await screen.findByLabelText('Event Notifications');
  fireEvent.click(box);
  expect(box).not.toBeChecked();
  await answerTheSave(503);
  expect(await screen.findByText('The group could not be saved just now')).toBeInTheDocument();
  expect(screen.getByLabelText('Event Notifications')).toBeChecked();
  expect(screen.getByLabelText('Event Notifications')).toBeEnabled();
});
