import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventDto } from '@smm/shared/events/schemas';
import { AttendeeList } from './components/AttendeeList';
import { rateText } from './components/AttendanceRatesCard';
import { RsvpControl } from './components/RsvpControl';
import { SeriesCard } from './components/SeriesCard';
import { SignupStatus } from './components/SignupStatus';
import { myResponse, otherAnswersText, responseLabel, rsvpCounts, waitingLate, waitlistNames } from './rsvp';
import { groupUpcoming, seriesSummary } from './series-summary';

afterEach(cleanup);

const HOUR = 60 * 60 * 1000;
const WEEK = 7 * 24 * HOUR;
// Friday 28 Nov 2031, 19:00 UTC: 20:00 in Berlin.
const start = Date.UTC(2031, 10, 28, 19);
const before = start - 48 * HOUR;
const event: EventDto = {
  _id: 'e1',
  groupID: 'g1',
  userID: 'creator',
  eventName: 'Raid',
  startDate: new Date(start).toISOString(),
  endDate: new Date(start + 2 * HOUR).toISOString(),
  maxNumberOfMembers: 3,
  attendingMembers: [
    { userID: 'a', username: 'Ann' },
    { userID: 'b', username: 'Ben', late: true },
    { userID: 'c', username: 'Cat' },
  ],
  isDrafted: false,
  draftGameID: null,
  waitlistMembers: [{ userID: 'w', username: 'Wes' }],
  responseMembers: [
    { userID: 'm1', username: 'May', response: 'maybe' },
    { userID: 'm2', username: 'Moe', response: 'maybe' },
    { userID: 's', username: 'Sub', response: 'can_sub' },
    { userID: 'n', username: 'Ned', response: 'not_coming' },
  ],
};

describe('answers', () => {
  it.each([
    ['a', 'attending'],
    ['b', 'late'],
    ['w', 'waitlist'],
    ['m1', 'maybe'],
    ['s', 'can_sub'],
    ['n', 'not_coming'],
    ['nobody', null],
  ] as const)('%s answered %s', (userID, expected) => {
    expect(myResponse(event, userID)).toBe(expected);
  });

  it('counts each state, Late apart from Attending, and says the others in words', () => {
    const counts = rsvpCounts(event);
    expect(counts).toEqual({ attending: 2, late: 1, maybe: 2, can_sub: 1, not_coming: 1, waitlist: 1 });
    expect(otherAnswersText(counts)).toBe('1 of them late · 2 maybe · 1 can sub · 1 not coming');
    expect(otherAnswersText(rsvpCounts({ attendingMembers: [{ userID: 'a', username: 'Ann' }] }))).toBe('');
  });

  it('names the waitlist in line order, those who answered Late marked so', () => {
    expect(
      waitlistNames({
        waitlistMembers: [
          { userID: 'w', username: 'Wes', late: true },
          { userID: 'x', username: 'Xia' },
        ],
      }),
    ).toEqual(['Wes (late)', 'Xia']);
    expect(waitlistNames({})).toEqual([]);
    const lateInLine = { waitlistMembers: [{ userID: 'w', username: 'Wes', late: true }] };
    expect(responseLabel(myResponse({ ...lateInLine, attendingMembers: [] }, 'w'), waitingLate(lateInLine, 'w'))).toBe(
      'On the waitlist, late',
    );
    expect(responseLabel('waitlist', waitingLate(event, 'w'))).toBe('On the waitlist');
  });

  it('the card and detail show the counts and the names per state', () => {
    render(<SignupStatus event={event} userID="a" timeZone="UTC" now={before} />);
    expect(screen.getByText('3/3 attending · 1 on the waitlist')).toBeInTheDocument();
    expect(screen.getByText('1 of them late · 2 maybe · 1 can sub · 1 not coming')).toBeInTheDocument();
    cleanup();
    render(<AttendeeList event={event} />);
    expect(within(screen.getByText('Ben').closest('li')!).getByText('Late')).toBeInTheDocument();
    expect(screen.getByText('Maybe (2):').parentElement).toHaveTextContent('Maybe (2): May, Moe');
    expect(screen.getByText('Can sub (1):').parentElement).toHaveTextContent('Can sub (1): Sub');
    expect(screen.getByText('Not coming (1):').parentElement).toHaveTextContent('Not coming (1): Ned');
  });
});

describe('RsvpControl', () => {
  it('offers the five answers with the current one pressed, and sends a new one', async () => {
    const onRespond = vi.fn();
    render(<RsvpControl event={event} userID="m1" now={before} pending={false} onRespond={onRespond} variant="buttons" />);
    const group = screen.getByRole('group', { name: 'Your answer' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['Attending', 'false'],
      ['Late', 'false'],
      ['Maybe', 'true'],
      ['Can sub', 'false'],
      ['Not coming', 'false'],
    ]);
    await userEvent.click(within(group).getByRole('button', { name: 'Maybe' }));
    expect(onRespond).not.toHaveBeenCalled();
    await userEvent.click(within(group).getByRole('button', { name: 'Late' }));
    expect(onRespond).toHaveBeenCalledWith('late');
  });

  it('after the cutoff offers no seat to someone without one, but still the other answers; nothing once ended', () => {
    const closing = { ...event, signupCutoffMinutes: 60, signupClosesAt: new Date(start - HOUR).toISOString() };
    render(<RsvpControl event={closing} userID="m1" now={start - 30 * 60_000} pending={false} onRespond={() => {}} variant="buttons" />);
    expect(screen.getByRole('button', { name: 'Attending' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Not coming' })).toBeEnabled();
    cleanup();
    render(<RsvpControl event={closing} userID="a" now={start - 30 * 60_000} pending={false} onRespond={() => {}} variant="buttons" />);
    expect(screen.getByRole('button', { name: 'Late' })).toBeEnabled();
    cleanup();
    const { container } = render(
      <RsvpControl event={event} userID="a" now={start + 3 * HOUR} pending={false} onRespond={() => {}} variant="buttons" />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('the card menu names the answer and lists the five', async () => {
    const onRespond = vi.fn();
    render(<RsvpControl event={event} userID="w" now={before} pending={false} onRespond={onRespond} variant="menu" />);
    await userEvent.click(screen.getByRole('button', { name: 'Your answer to Raid: On the waitlist' }));
    await userEvent.click(screen.getByRole('button', { name: 'Can sub' }));
    expect(onRespond).toHaveBeenCalledWith('can_sub');
  });
});

describe('weekly series as one card', () => {
  const occurrences: EventDto[] = [0, 1, 2].map((i) => ({
    ...event,
    _id: `s${i}`,
    eventName: 'League',
    seriesID: 'series-1',
    startDate: new Date(start + i * WEEK).toISOString(),
    endDate: new Date(start + i * WEEK + 2 * HOUR).toISOString(),
  }));

  it('says the rhythm and the next date in the viewer zone', () => {
    expect(seriesSummary(occurrences, 'Europe/Berlin')).toBe('every Friday 20:00 GMT+1, next 28 Nov');
    expect(seriesSummary(occurrences, 'America/New_York')).toBe('every Friday 14:00 EST, next 28 Nov');
  });

  it('says when the time shifts for the viewer: a London series seen from New York across the spring changes', () => {
    // 20:00 in London on Fridays 19 Mar to 9 Apr 2027: the US changes clocks on 14 Mar, the UK on 28 Mar.
    const london = ['2027-03-19T20:00:00.000Z', '2027-03-26T20:00:00.000Z', '2027-04-02T19:00:00.000Z'].map((startDate) => ({ startDate }));
    expect(seriesSummary(london, 'Europe/London')).toBe('every Friday 20:00 GMT, next 19 Mar');
    expect(seriesSummary(london, 'America/New_York')).toBe('next Friday 19 Mar 16:00 EDT (the time shifts with daylight saving)');
  });

  it('groups a series where its next occurrence falls; one-offs and a last occurrence stay as they are', () => {
    const oneOff = { ...event, _id: 'one', startDate: new Date(start + HOUR).toISOString() };
    const other = { ...occurrences[0]!, _id: 'last', seriesID: 'series-2' };
    const entries = groupUpcoming([occurrences[0]!, oneOff, other, occurrences[1]!, occurrences[2]!]);
    expect(entries.map((e) => (e.kind === 'event' ? e.event._id : e.occurrences.map((o) => o._id).join('+')))).toEqual([
      's0+s1+s2',
      'one',
      'last',
    ]);
  });

  it('expands to its occurrences, each openable', async () => {
    const onOpen = vi.fn();
    render(
      <SeriesCard
        occurrences={occurrences}
        userID="a"
        timeZone="Europe/Berlin"
        now={before}
        onOpen={onOpen}
        attendPending={false}
        onAttendance={() => {}}
      />,
    );
    expect(screen.getByText('every Friday 20:00 GMT+1, next 28 Nov')).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show all 3 occurrences' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide occurrences' })).toHaveAttribute('aria-expanded', 'true');
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[1]).toHaveTextContent('you: Attending');
    await userEvent.click(within(items[1]!).getByRole('button'));
    expect(onOpen).toHaveBeenCalledWith(occurrences[1]);
  });
});

it('an attendance rate reads as a percentage with its counts', () => {
  expect(rateText({ attended: 3, marked: 4 })).toBe('75% (3 of 4)');
  expect(rateText({ attended: 0, marked: 1 })).toBe('0% (0 of 1)');
});
