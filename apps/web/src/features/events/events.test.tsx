import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventDto } from '@smm/shared/events/schemas';
import { ToastProvider } from '../../lib/ui/toasts';
import { AttendButton } from './components/AttendButton';
import { EventDetailModal } from './components/EventDetailModal';
import { EventFormModal } from './components/EventFormModal';
import { NextEventPanel } from './components/NextEventPanel';

type Reply = { status: number; body: unknown };
let reply: Reply;
let posted: { path: string; body: unknown }[];

// Only the network is replaced: the dialog, its mutation and the real api client all run.
beforeEach(() => {
  posted = [];
  reply = { status: 200, body: {} };
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (init?.method === 'POST') posted.push({ path: url.pathname + url.search, body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
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
  maxNumberOfMembers: 2,
  attendingMembers: [{ userID: 'someone', username: 'Someone' }],
  isDrafted: false,
  draftGameID: null,
};

async function fillForm(user: ReturnType<typeof userEvent.setup>, start: string, end: string) {
  await user.type(screen.getByLabelText('Event Name'), 'Raid night');
  await user.type(screen.getByLabelText('Start Time'), start);
  await user.keyboard('{Tab}');
  const endInput = screen.getByLabelText('End Time');
  await user.clear(endInput);
  await user.type(endInput, end);
  await user.keyboard('{Tab}');
}

// Typing into the date pickers key by key takes seconds in happy-dom on a busy machine.
describe('EventFormModal', { timeout: 30_000 }, () => {
  it("shows 'Start Date must be before End Date' for 5 s and saves nothing", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onHide = vi.fn();
    render(wrap(<EventFormModal groupID="g1" userID="me" event={null} timeZone="America/New_York" onHide={onHide} />));
    await fillForm(user, 'Jan 15, 2031 1:00 PM', 'Jan 15, 2031 12:00 PM');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('Start Date must be before End Date');
    expect(posted).toEqual([]);
    act(() => void vi.advanceTimersByTime(4900));
    expect(screen.queryByText('Start Date must be before End Date')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.queryByText('Start Date must be before End Date')).not.toBeInTheDocument();
    expect(onHide).not.toHaveBeenCalled();
  });

  it('keeps the times error beside End Time and Submit until the times are fixed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(wrap(<EventFormModal groupID="g1" userID="me" event={null} timeZone="UTC" onHide={() => {}} />));
    await fillForm(user, 'Jan 15, 2031 1:00 PM', 'Jan 15, 2031 12:00 PM');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    act(() => void vi.advanceTimersByTime(6000));
    // The spec's 5 s alert is gone; the field and the footer still say what is wrong.
    expect(screen.queryByText('Start Date must be before End Date')).not.toBeInTheDocument();
    expect(screen.getByLabelText('End Time')).toHaveAccessibleDescription(expect.stringContaining('End Time must be after Start Time'));
    expect(screen.getByTestId('form-problem')).toHaveTextContent('Fix the marked field: End Time must be after Start Time');
    const endInput = screen.getByLabelText('End Time');
    await user.clear(endInput);
    await user.type(endInput, 'Jan 15, 2031 3:00 PM');
    await user.keyboard('{Tab}');
    expect(screen.queryByText('End Time must be after Start Time')).not.toBeInTheDocument();
    expect(screen.getByTestId('form-problem')).toBeEmptyDOMElement();
    expect(posted).toEqual([]);
  });

  it("posts the picked wall-clock times of the viewer's zone as UTC instants, 12 players by default", async () => {
    const user = userEvent.setup();
    const onHide = vi.fn();
    reply = { status: 200, body: event };
    render(wrap(<EventFormModal groupID="g1" userID="me" event={null} timeZone="America/New_York" onHide={onHide} />));
    expect(screen.getByLabelText('Max Players')).toHaveValue('12');
    expect(screen.getAllByText('Time zone: America/New_York')).toHaveLength(2);
    await fillForm(user, 'Jan 15, 2031 1:00 PM', 'Jan 15, 2031 3:30 PM');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(posted).toEqual([
      {
        path: '/api/events/postEvent',
        body: {
          groupID: 'g1',
          userID: 'me',
          eventName: 'Raid night',
          startDate: '2031-01-15T18:00:00.000Z',
          endDate: '2031-01-15T20:30:00.000Z',
          maxNumberOfMembers: 12,
        },
      },
    ]);
  });

  it("shows 'Unexpected error trying to create an event' when the create fails, with the server's field errors", async () => {
    const user = userEvent.setup();
    reply = { status: 400, body: { message: 'Invalid input', fields: { eventName: 'Event Name must be at most 100 characters' } } };
    render(wrap(<EventFormModal groupID="g1" userID="me" event={null} timeZone="UTC" onHide={() => {}} />));
    await fillForm(user, 'Jan 15, 2031 1:00 PM', 'Jan 15, 2031 3:00 PM');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Unexpected error trying to create an event')).toBeInTheDocument();
    expect(screen.getByText('Event Name must be at most 100 characters')).toBeInTheDocument();
  });

  it('edits through updateEvent?eventID= with the event filled in, and asks for the missing fields', async () => {
    const user = userEvent.setup();
    const onHide = vi.fn();
    reply = { status: 200, body: event };
    render(wrap(<EventFormModal groupID="g1" userID="creator" event={event} timeZone="UTC" onHide={onHide} />));
    expect(screen.getByRole('dialog', { name: 'Edit Event' })).toBeInTheDocument();
    expect(screen.getByLabelText('Start Time')).toHaveValue('Jan 15, 2031 6:00 PM');
    await user.clear(screen.getByLabelText('Event Name'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Event Name is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Event Name'), 'Raid 2');
    await user.selectOptions(screen.getByLabelText('Max Players'), '5');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(posted[0]).toEqual({
      path: '/api/events/updateEvent?eventID=e1',
      body: {
        eventID: 'e1',
        groupID: 'g1',
        userID: 'creator',
        eventName: 'Raid 2',
        startDate: event.startDate,
        endDate: event.endDate,
        maxNumberOfMembers: 5,
      },
    });
  });
});

describe('EventDetailModal', () => {
  const props = {
    event,
    timeZone: 'Europe/Berlin',
    now: Date.UTC(2030, 0, 1),
    attendPending: false,
    onAttendance() {},
    onEdit() {},
    onDelete() {},
    onHide() {},
    viewerRole: 'member' as const,
  };

  it('shows Edit and Delete to the creator only', () => {
    render(wrap(<EventDetailModal {...props} userID="creator" />));
    const dialog = screen.getByRole('dialog', { name: 'Raid' });
    expect(within(dialog).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    cleanup();
    render(wrap(<EventDetailModal {...props} userID="someone-else" />));
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  const departed: EventDto = { ...event, creatorIsMember: false };
  const buttons = () => ({
    edit: screen.queryByRole('button', { name: 'Edit' }) !== null,
    delete: screen.queryByRole('button', { name: 'Delete' }) !== null,
  });

  it.each([
    // the event, the viewer, their place in the group -> which of Edit and Delete they see
    ['creator still a member', 'creator', 'member', { edit: true, delete: true }],
    ['creator still a member', 'owner-id', 'owner', { edit: false, delete: false }],
    ['creator still a member', 'admin-id', 'administrator', { edit: false, delete: false }],
    ['creator still a member', 'someone', 'member', { edit: false, delete: false }],
    ['creator has left', 'owner-id', 'owner', { edit: false, delete: true }],
    ['creator has left', 'admin-id', 'administrator', { edit: false, delete: true }],
    ['creator has left', 'someone', 'member', { edit: false, delete: false }],
  ] as const)('%s: %s as %s sees %j', (label, userID, viewerRole, expected) => {
    const e = label === 'creator has left' ? departed : event;
    render(wrap(<EventDetailModal {...props} event={e} userID={userID} viewerRole={viewerRole} />));
    expect(buttons()).toEqual(expected);
  });

  it('tells everyone when the creator has left, and Delete asks the page to confirm', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(wrap(<EventDetailModal {...props} event={departed} userID="owner-id" viewerRole="owner" onDelete={onDelete} />));
    expect(screen.getByText('The creator of this event has left the group.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledOnce();
    cleanup();
    render(wrap(<EventDetailModal {...props} userID="someone" />));
    expect(screen.queryByText('The creator of this event has left the group.')).not.toBeInTheDocument();
  });

  it("shows start, end and attendees in the viewer's zone, named", () => {
    render(wrap(<EventDetailModal {...props} userID="creator" />));
    expect(screen.getByText('Wed, Jan 15, 2031, 7:00 PM GMT+1')).toBeInTheDocument();
    expect(screen.getByText('Wed, Jan 15, 2031, 9:00 PM GMT+1')).toBeInTheDocument();
    expect(screen.getByText('Attendees (1/2)')).toBeInTheDocument();
    expect(screen.getByText('Someone')).toBeInTheDocument();
  });
});

describe('AttendButton (spec 5)', () => {
  const show = (e: EventDto, userID: string, now = Date.UTC(2030, 0, 1)) =>
    render(<AttendButton event={e} userID={userID} now={now} pending={false} onChange={() => {}} />);

  it.each([
    ['room and not attending', event, 'me', 'Attend'],
    ['attending', event, 'someone', 'Unattend'],
    ['full', { ...event, maxNumberOfMembers: 1 }, 'me', 'Full'],
    ['full but attending', { ...event, maxNumberOfMembers: 1 }, 'someone', 'Unattend'],
  ] as const)('%s: %s', (_label, e, userID, text) => {
    show(e, userID);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('offers nothing once the event has ended', () => {
    show(event, 'me', Date.UTC(2031, 0, 16));
    expect(screen.getByText('Ended')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('NextEventPanel', () => {
  it('offers Attend for the next event where members look first', async () => {
    const onChange = vi.fn();
    render(
      <NextEventPanel
        event={event}
        timeZone="UTC"
        onAdd={() => {}}
        onOpen={() => {}}
        attend={<AttendButton event={event} userID="me" now={Date.UTC(2030, 0, 1)} pending={false} onChange={onChange} />}
      />,
    );
    const panel = screen.getByRole('region', { name: 'Next Event' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Attend Raid' }));
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
