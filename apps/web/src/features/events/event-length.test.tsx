import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventDto } from '@smm/shared/events/schemas';
import { ToastProvider } from '../../lib/ui/toasts';
import { EventFormModal } from './components/EventFormModal';
import { endPicked, formatLength, initialEventTimes, lengthChangeMessage, startPicked } from './event-length';

const at = (hhmm: string, day = 28) => new Date(`2031-11-${day}T${hhmm}:00`);

describe('event times', () => {
  it('gives a new event an hour, and the end follows while the day and then the time are picked', () => {
    const day = startPicked(initialEventTimes(null, null), at('00:00'));
    expect(day.end).toEqual(at('01:00'));
    expect(startPicked(day, at('20:00')).end).toEqual(at('21:00'));
  });

  it('keeps the length through clearing the start and typing it again, whatever was parsed on the way', () => {
    const saved = initialEventTimes(at('17:00', 29), at('20:00', 29));
    const cleared = startPicked(saved, null);
    expect(cleared.end).toEqual(at('20:00', 29));
    // Typing "Nov 29, 2031 5:00 PM" parses part-way dates before the whole one.
    const typing = startPicked(startPicked(cleared, at('05:00', 29)), at('00:00', 2));
    expect(startPicked(typing, at('17:00', 29)).end).toEqual(at('20:00', 29));
  });

  it('takes a new length only from an end the user picks', () => {
    const picked = endPicked(initialEventTimes(at('18:00'), at('21:30')), at('22:00'));
    expect(startPicked(picked, at('19:00', 29)).end).toEqual(at('23:00', 29));
  });

  it('keeps an end picked first unless the start passes it', () => {
    const endFirst = endPicked(initialEventTimes(null, null), at('23:00'));
    expect(startPicked(endFirst, at('20:00')).end).toEqual(at('23:00'));
    expect(startPicked(endFirst, at('23:30')).end).toEqual(at('00:30', 29));
  });

  it.each([
    [3 * 3_600_000, '3 h'],
    [25 * 3_600_000, '1 day 1 h'],
    [49 * 3_600_000 + 30 * 60_000, '2 days 1 h 30 min'],
    [45 * 60_000, '45 min'],
    [0, '0 min'],
  ])('writes %i ms as %s', (ms, text) => expect(formatLength(ms)).toBe(text));

  it('says when a save would change the length, and nothing when it would not', () => {
    const start = '2031-11-29T17:00:00.000Z';
    const end = '2031-11-29T20:00:00.000Z';
    expect(lengthChangeMessage(start, end, new Date(start), new Date(end))).toBeNull();
    expect(lengthChangeMessage(start, end, new Date(start), new Date('2031-11-30T18:00:00.000Z'))).toBe(
      "This will change the event's length from 3 h to 1 day 1 h.",
    );
  });
});

// Typing into the date pickers key by key takes a few seconds in happy-dom.
describe('Edit Event keeps the length', { timeout: 30_000 }, () => {
  let posted: unknown[];
  const event: EventDto = {
    _id: 'e1',
    groupID: 'g1',
    userID: 'creator',
    eventName: 'Raid',
    startDate: '2031-11-29T17:00:00.000Z',
    endDate: '2031-11-29T20:00:00.000Z',
    maxNumberOfMembers: 5,
    attendingMembers: [],
    isDrafted: false,
    draftGameID: null,
  };

  beforeEach(() => {
    posted = [];
    vi.stubGlobal('fetch', async (_input: string, init?: RequestInit) => {
      posted.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify(event), { status: 200 });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function renderDialog(onHide = vi.fn()) {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <EventFormModal groupID="g1" userID="creator" event={event} timeZone="UTC" onHide={onHide} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    return onHide;
  }

  it('clearing the Start Time and typing the same start again leaves the end and saves the same times', async () => {
    const user = userEvent.setup();
    const onHide = renderDialog();
    const startInput = screen.getByLabelText('Start Time');
    await user.clear(startInput);
    await user.type(startInput, 'Nov 29, 2031 5:00 PM');
    await user.keyboard('{Tab}');
    expect(screen.getByLabelText('End Time')).toHaveValue('Nov 29, 2031 8:00 PM');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(posted[0]).toMatchObject({ startDate: event.startDate, endDate: event.endDate });
  });

  it('moving the start moves the end with it', async () => {
    const user = userEvent.setup();
    renderDialog();
    const startInput = screen.getByLabelText('Start Time');
    await user.clear(startInput);
    await user.type(startInput, 'Dec 2, 2031 9:15 AM');
    await user.keyboard('{Tab}');
    expect(screen.getByLabelText('End Time')).toHaveValue('Dec 2, 2031 12:15 PM');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says, in a live region, when the picked end changes the length', async () => {
    const user = userEvent.setup();
    renderDialog();
    const endInput = screen.getByLabelText('End Time');
    await user.clear(endInput);
    await user.type(endInput, 'Nov 30, 2031 6:00 PM');
    await user.keyboard('{Tab}');
    expect(screen.getByRole('status')).toHaveTextContent("This will change the event's length from 3 h to 1 day 1 h.");
  });
});
