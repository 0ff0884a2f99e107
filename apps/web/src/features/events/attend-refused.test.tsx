import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { EventDto } from '@smm/shared/events/schemas';
import type { GroupDto } from '@smm/shared/groups/schemas';
import EventsPage from './pages/EventsPage';
import { renderGroupPages } from '../../test/app-providers';

const group: GroupDto = {
  _id: 'g1',
  groupName: 'Iron Wolves',
  gameName: 'Old School RuneScape',
  linkURL: 'runeScapeClan',
  isPrivate: false,
  groupOwner: 'owner',
  admins: ['owner'],
  members: [
    { userID: 'owner', username: 'Olga', role: 'Administrator', isActive: true, team: null },
    { userID: 'me', username: 'Me', role: 'Member', isActive: true, team: null },
  ],
};

const raid: EventDto = {
  _id: 'e1',
  groupID: 'g1',
  userID: 'owner',
  eventName: 'Raid',
  startDate: '2031-01-15T18:00:00.000Z',
  endDate: '2031-01-15T20:00:00.000Z',
  maxNumberOfMembers: 1,
  attendingMembers: [],
  isDrafted: false,
  draftGameID: null,
};

let events: EventDto[];
let refusal: { status: number; message: string };
let posted: string[];

// Only the network is replaced: the page, its queries and mutations and the real api client all run.
beforeEach(() => {
  const payload = btoa(JSON.stringify({ id: 'me', username: 'Me', email: 'me@example.com', steamID: null, exp: Date.now() / 1000 + 3600 }));
  localStorage.setItem('jwtToken', `Bearer e30.${payload}.sig`);
  events = [raid];
  posted = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const reply = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (init?.method === 'POST') {
      posted.push(url.pathname);
      // Someone else took the last seat a moment earlier.
      events = [{ ...raid, attendingMembers: [{ userID: 'owner', username: 'Olga' }] }];
      return reply(refusal.status, { message: refusal.message });
    }
    if (url.pathname === '/api/groups/getGroup' || url.pathname === '/api/groups/getFullGroup') return reply(200, group);
    if (url.pathname === '/api/events/getEvents') return reply(200, events);
    if (url.pathname === '/api/users/getTimeZone') return reply(200, { timeZone: 'UTC' });
    return reply(404, { message: `No fake for ${url.pathname}` });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderEvents() {
  renderGroupPages('/runeScapeClan/events?groupID=g1', { events: <EventsPage /> });
}

it("a refused sign-up says why in the server's words, not just turning into 'Full'", async () => {
  refusal = { status: 409, message: 'This event is full' };
  renderEvents();
  await userEvent.click((await screen.findAllByRole('button', { name: 'Attend Raid' }))[0]!);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Error!');
  expect(within(alert).getByText('This event is full')).toBeInTheDocument();
  expect(posted).toEqual(['/api/events/attendEvent']);
  // The list reloads and shows the event as it now is: full, with its waitlist offered.
  expect(await screen.findAllByRole('button', { name: 'Join waitlist of Raid' })).toHaveLength(2);
});

it('a server failure that is not a refusal is reported too', async () => {
  refusal = { status: 503, message: 'The service is starting; try again in a moment' };
  renderEvents();
  await userEvent.click((await screen.findAllByRole('button', { name: 'Attend Raid' }))[0]!);
  expect(await screen.findByRole('alert')).toHaveTextContent('The service is starting; try again in a moment');
});
