import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventNudgeDto } from '@smm/shared/events/quorum';
import type { EventDto } from '@smm/shared/events/schemas';
import { ToastProvider } from '../../lib/ui/toasts';
import { AnswerNudge } from './components/AnswerNudge';
import { AttendButton } from './components/AttendButton';
import { EventFormModal } from './components/EventFormModal';
import { EventQuorumBadges } from './components/EventQuorumBadges';
import { RsvpControl } from './components/RsvpControl';

type Reply = { status: number; body: unknown };
let replies: Record<string, Reply>;
let calls: { method: string; path: string; body?: unknown }[];

// Only the network is replaced: the components, their queries and the real api client run.
beforeEach(() => {
  calls = [];
  replies = {};
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    calls.push({ method: init?.method ?? 'GET', path: url.pathname, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
    const reply = replies[url.pathname] ?? { status: 200, body: {} };
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wrap = (ui: React.ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <ToastProvider>{ui}</ToastProvider>
  </QueryClientProvider>
);

const event: EventDto = {
  _id: 'e1',
  groupID: 'g1',
  userID: 'creator',
  eventName: 'Raid',
  startDate: '2031-01-15T18:00:00.000Z',
  endDate: '2031-01-15T20:00:00.000Z',
  maxNumberOfMembers: 4,
  attendingMembers: [{ userID: 'someone', username: 'Someone' }],
  isDrafted: false,
  draftGameID: null,
};

describe('QuorumFields in the event form', () => {
  it('shows the saved minimum and sends a removed one as null, with the check and cancellation cleared', async () => {
    const user = userEvent.setup();
    const saved = { ...event, minPlayers: 3, quorumCheckMinutes: 360, autoCancel: true };
    replies['/api/events/updateEvent'] = { status: 200, body: saved };
    render(wrap(<EventFormModal groupID="g1" userID="creator" event={saved} timeZone="UTC" onHide={() => {}} />));
    expect(screen.getByLabelText('Minimum players')).toHaveValue('3');
    expect(screen.getByLabelText('Check the minimum')).toHaveValue('360');
    expect(screen.getByLabelText(/Cancel the event automatically/)).toBeChecked();

    await user.selectOptions(screen.getByLabelText('Minimum players'), 'No minimum');
    expect(screen.getByLabelText('Check the minimum')).toBeDisabled();
    expect(screen.getByLabelText(/Cancel the event automatically/)).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/events/updateEvent')).toBe(true));
    expect(calls.find((c) => c.path === '/api/events/updateEvent')!.body).toMatchObject({
      minPlayers: null,
      quorumCheckMinutes: null,
      autoCancel: false,
    });
  });

  it('offers minimums up to Max Players, sends the chosen check, and shows the server’s field error under its field', async () => {
    const user = userEvent.setup();
    replies['/api/events/updateEvent'] = {
      status: 400,
      body: {
        message: 'Minimum players cannot be more than Max players',
        fields: { minPlayers: 'Minimum players cannot be more than Max players' },
      },
    };
    render(wrap(<EventFormModal groupID="g1" userID="creator" event={event} timeZone="UTC" onHide={() => {}} />));
    const min = screen.getByLabelText('Minimum players');
    expect([...(min as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['No minimum', '1', '2', '3', '4']);
    expect(screen.getByLabelText('Check the minimum')).toBeDisabled();
    await user.selectOptions(min, '2');
    await user.selectOptions(screen.getByLabelText('Check the minimum'), '24 hours before the start');
    await user.click(screen.getByLabelText(/Cancel the event automatically/));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getAllByText('Minimum players cannot be more than Max players').length).toBeGreaterThan(0));
    expect(calls.find((c) => c.path === '/api/events/updateEvent')!.body).toMatchObject({
      minPlayers: 2,
      quorumCheckMinutes: 1440,
      autoCancel: true,
    });
    expect(screen.getByLabelText('Minimum players')).toHaveClass('is-invalid');
    expect(screen.getByLabelText('Minimum players')).toHaveAccessibleDescription(/Minimum players cannot be more than Max players/);
  });
});

describe('AnswerNudge', () => {
  const nudge: EventNudgeDto = {
    eventID: 'e1',
    answered: 5,
    members: 8,
    notAnswered: [
      { userID: 'a', username: 'Ann' },
      { userID: 'b', username: 'Bob' },
      { userID: 'c', username: 'Cy' },
    ],
    lastRemindedAt: null,
    nextReminderAt: null,
    canRemind: true,
  };

  it('shows the organiser "5 of 8 answered" and who has not; Remind sends once and says when it may go again', async () => {
    const user = userEvent.setup();
    replies['/api/events/getEventNudge'] = { status: 200, body: nudge };
    const after = { ...nudge, canRemind: false, lastRemindedAt: '2031-01-10T12:00:00.000Z', nextReminderAt: '2031-01-11T12:00:00.000Z' };
    replies['/api/events/remindEventMembers'] = { status: 200, body: { message: 'Reminder sent to 3 members', mailed: 3, nudge: after } };
    render(wrap(<AnswerNudge event={event} userID="creator" viewerRole="member" timeZone="UTC" />));
    expect(await screen.findByText('5 of 8 answered')).toBeInTheDocument();
    expect(screen.getByText('Not answered yet: Ann, Bob, Cy')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remind members who have not answered' }));
    expect(await screen.findByText(/Reminder sent to 3 members\./)).toBeInTheDocument();
    expect(screen.getByText(/Members can be reminded again from Sat, Jan 11, 2031, 12:00 PM UTC\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remind members who have not answered' })).toBeDisabled();
    expect(calls.filter((c) => c.path === '/api/events/remindEventMembers')).toEqual([
      { method: 'POST', path: '/api/events/remindEventMembers', body: { eventID: 'e1' } },
    ]);
  });

  it('once the organiser has sent their reminders of the day, offers no Remind and says from when, in their zone', async () => {
    const user = userEvent.setup();
    replies['/api/events/getEventNudge'] = {
      status: 200,
      body: { ...nudge, canRemind: false, dailyRemindersUsedUntil: '2031-01-11T12:00:00.000Z' },
    };
    render(wrap(<AnswerNudge event={event} userID="creator" viewerRole="member" timeZone="Europe/Berlin" />));
    expect(
      await screen.findByText(
        /You have sent your 5 reminders for the day: you can remind members again from Sat, Jan 11, 2031, 1:00 PM GMT\+1\./,
      ),
    ).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Remind members who have not answered' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/You have sent your 5 reminders for the day/);
    await user.click(button);
    expect(calls.some((c) => c.path === '/api/events/remindEventMembers')).toBe(false);
    // The event's own next reminder is not said when the organiser's day ends later.
    expect(screen.queryByText(/Members can be reminded again/)).toBeNull();
  });

  it('says both waits when the event’s next reminder comes after the organiser’s day ends', async () => {
    replies['/api/events/getEventNudge'] = {
      status: 200,
      body: {
        ...nudge,
        canRemind: false,
        lastRemindedAt: '2031-01-10T20:00:00.000Z',
        nextReminderAt: '2031-01-11T20:00:00.000Z',
        dailyRemindersUsedUntil: '2031-01-11T12:00:00.000Z',
      },
    };
    render(wrap(<AnswerNudge event={event} userID="creator" viewerRole="member" timeZone="UTC" />));
    const status = await screen.findByText(/You have sent your 5 reminders for the day/);
    expect(status).toHaveTextContent(
      'You have sent your 5 reminders for the day: you can remind members again from Sat, Jan 11, 2031, 12:00 PM UTC. Members can be reminded again from Sat, Jan 11, 2031, 8:00 PM UTC.',
    );
  });

  it('the day’s last reminder turns Remind off and says from when the organiser can remind again', async () => {
    const user = userEvent.setup();
    replies['/api/events/getEventNudge'] = { status: 200, body: nudge };
    const after = {
      ...nudge,
      canRemind: false,
      lastRemindedAt: '2031-01-10T12:00:00.000Z',
      nextReminderAt: '2031-01-11T12:00:00.000Z',
      dailyRemindersUsedUntil: '2031-01-11T09:00:00.000Z',
    };
    replies['/api/events/remindEventMembers'] = { status: 200, body: { message: 'Reminder sent to 3 members', mailed: 3, nudge: after } };
    render(wrap(<AnswerNudge event={event} userID="creator" viewerRole="member" timeZone="America/New_York" />));
    await user.click(await screen.findByRole('button', { name: 'Remind members who have not answered' }));
    expect(
      await screen.findByText(
        /you can remind members again from Sat, Jan 11, 2031, 4:00 AM EST\. Members can be reminded again from Sat, Jan 11, 2031, 7:00 AM EST\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remind members who have not answered' })).toBeDisabled();
  });

  it('says the server’s refusal', async () => {
    const user = userEvent.setup();
    replies['/api/events/getEventNudge'] = { status: 200, body: nudge };
    replies['/api/events/remindEventMembers'] = {
      status: 429,
      body: { message: 'Members of this event were already reminded in the last 24 hours: try again later' },
    };
    render(wrap(<AnswerNudge event={event} userID="admin" viewerRole="administrator" timeZone="UTC" />));
    await user.click(await screen.findByRole('button', { name: 'Remind members who have not answered' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('already reminded in the last 24 hours');
  });

  it('Call off event asks again in place, then cancels through cancelEvent; Keep it changes nothing', async () => {
    const user = userEvent.setup();
    replies['/api/events/getEventNudge'] = { status: 200, body: nudge };
    replies['/api/events/cancelEvent'] = { status: 200, body: { ...event, cancelledAt: '2031-01-10T12:00:00.000Z' } };
    render(wrap(<AnswerNudge event={event} userID="creator" viewerRole="member" timeZone="UTC" />));
    await user.click(await screen.findByRole('button', { name: 'Call off event' }));
    const ask = screen.getByRole('group', { name: 'Call off this event?' });
    expect(ask).toHaveTextContent('Call off Raid? It stays listed, marked Cancelled, with its sign-ups');
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(calls.some((c) => c.path === '/api/events/cancelEvent')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Call off event' }));
    await user.click(screen.getByRole('button', { name: 'Yes, call it off' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/events/cancelEvent')).toEqual([
        { method: 'POST', path: '/api/events/cancelEvent', body: { eventID: 'e1' } },
      ]),
    );
  });

  it('shows nothing to a member who is not its organiser, and asks nothing', () => {
    const { container } = render(wrap(<AnswerNudge event={event} userID="someone" viewerRole="member" timeZone="UTC" />));
    expect(container).toBeEmptyDOMElement();
    expect(calls).toEqual([]);
  });
});

describe('EventQuorumBadges', () => {
  it('says Cancelled, else Below minimum, else nothing', () => {
    render(<EventQuorumBadges event={{ cancelledAt: '2031-01-15T12:00:00.000Z', belowMinimum: true, minPlayers: 3 }} />);
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByText('Below minimum')).toBeNull();
    cleanup();
    render(<EventQuorumBadges event={{ belowMinimum: true, minPlayers: 3 }} />);
    expect(screen.getByText('Below minimum')).toBeInTheDocument();
    cleanup();
    const { container } = render(<EventQuorumBadges event={{ minPlayers: 3 }} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('a cancelled event', () => {
  it('offers no Attend and no answers (its badge says Cancelled)', () => {
    const cancelled = { ...event, attendingMembers: [], cancelledAt: '2031-01-10T12:00:00.000Z' };
    const now = Date.parse('2031-01-11T12:00:00.000Z');
    const attend = render(<AttendButton event={cancelled} userID="someone" now={now} pending={false} onChange={() => {}} />);
    expect(attend.container).toBeEmptyDOMElement();
    cleanup();
    const { container } = render(
      <RsvpControl event={cancelled} userID="someone" now={now} pending={false} onRespond={() => {}} variant="buttons" />,
    );
    expect(container).toBeEmptyDOMElement();
    cleanup();
    render(<AttendButton event={{ ...event, attendingMembers: [] }} userID="someone" now={now} pending={false} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Attend Raid' })).toBeInTheDocument();
  });
});
