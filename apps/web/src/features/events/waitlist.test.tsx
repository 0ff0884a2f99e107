import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventDto } from '@smm/shared/events/schemas';
import { AttendButton } from './components/AttendButton';
import { SignupStatus } from './components/SignupStatus';

afterEach(cleanup);

const start = Date.UTC(2031, 0, 15, 18);
const full: EventDto = {
  _id: 'e1',
  groupID: 'g1',
  userID: 'creator',
  eventName: 'Raid',
  startDate: new Date(start).toISOString(),
  endDate: new Date(start + 2 * 60 * 60 * 1000).toISOString(),
  maxNumberOfMembers: 1,
  attendingMembers: [{ userID: 'winner', username: 'Winner' }],
  isDrafted: false,
  draftGameID: null,
};
const waiting: EventDto = {
  ...full,
  waitlistMembers: [
    { userID: 'a', username: 'A' },
    { userID: 'me', username: 'Me' },
  ],
  waitlistPosition: 2,
};
const withCutoff = (event: EventDto): EventDto => ({
  ...event,
  signupCutoffMinutes: 60,
  signupClosesAt: new Date(start - 60 * 60 * 1000).toISOString(),
});
const before = start - 2 * 60 * 60 * 1000;
const afterCutoff = start - 30 * 60 * 1000;

describe('AttendButton with a waitlist', () => {
  it.each([
    ['full, not waiting', full, before, 'Join waitlist', true],
    ['waiting', waiting, before, 'Leave waitlist', false],
    ['waiting after the cutoff', withCutoff(waiting), afterCutoff, 'Leave waitlist', false],
  ] as const)('%s: %s', async (_, event, now, label, join) => {
    const onWaitlist = vi.fn();
    render(<AttendButton event={event} userID="me" now={now} pending={false} onChange={() => {}} onWaitlist={onWaitlist} />);
    await userEvent.click(screen.getByRole('button', { name: `${label} of Raid` }));
    expect(onWaitlist).toHaveBeenCalledWith(join);
  });

  it('says sign-ups have closed after the cutoff, with room or without', () => {
    for (const event of [withCutoff(full), withCutoff({ ...full, attendingMembers: [] })]) {
      render(<AttendButton event={event} userID="me" now={afterCutoff} pending={false} onChange={() => {}} onWaitlist={() => {}} />);
      expect(screen.getByText('Sign-ups closed')).toBeInTheDocument();
      expect(screen.queryByRole('button')).toBeNull();
      cleanup();
    }
  });

  it('still says Full where the page offers no waitlist', () => {
    render(<AttendButton event={full} userID="me" now={before} pending={false} onChange={() => {}} />);
    expect(screen.getByText('Full')).toBeInTheDocument();
  });
});

describe('SignupStatus', () => {
  it("names the waitlist's length, the viewer's place and when sign-ups close", () => {
    render(<SignupStatus event={withCutoff(waiting)} userID="me" timeZone="Europe/Berlin" now={before} />);
    expect(screen.getByText('1/1 attending · 2 on the waitlist')).toBeInTheDocument();
    expect(screen.getByText('You are 2nd on the waitlist')).toBeInTheDocument();
    expect(screen.getByText('Sign-ups close Wed, Jan 15, 2031, 6:00 PM GMT+1')).toBeInTheDocument();
    cleanup();
    // Someone who attends has no place in the line, whatever the list says.
    render(<SignupStatus event={withCutoff(waiting)} userID="winner" timeZone="Europe/Berlin" now={afterCutoff} />);
    expect(screen.queryByText(/^You are/)).toBeNull();
    expect(screen.getByText('Sign-ups closed')).toBeInTheDocument();
  });
});
