import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../lib/ui/toasts';
import { saveBrowserTimeZoneIfUnset } from '../auth/save-browser-time-zone';
import { browserTimeZone } from '../events/api/time-zone';
import { TimeZoneCard } from './TimeZoneCard';
import { allTimeZones, matchTimeZone } from './time-zones';

let saved: string | null;
let posted: unknown[];

beforeEach(() => {
  posted = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/users/postTimeZone') {
      const body = JSON.parse(String(init?.body)) as { timeZone: string | null };
      posted.push(body);
      saved = body.timeZone;
    }
    return new Response(JSON.stringify({ timeZone: saved }), { status: 200 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('matchTimeZone', () => {
  const zones = allTimeZones();
  it.each([
    ['Europe/Berlin', 'Europe/Berlin'],
    ['europe/berlin', 'Europe/Berlin'],
    ['  Tokyo ', 'Asia/Tokyo'],
    ['new york', 'America/New_York'],
    ['UTC', 'UTC'],
    // Current IANA names, as the server stores them, whatever this runtime's ICU calls the zone.
    ['kolkata', 'Asia/Kolkata'],
    ['Asia/Calcutta', 'Asia/Kolkata'],
    ['Europe/Kyiv', 'Europe/Kyiv'],
    ['America', null],
    ['Atlantis', null],
    ['', null],
  ])('%j names %j', (text, zone) => expect(matchTimeZone(text, zones)).toBe(zone));
});

describe('saveBrowserTimeZoneIfUnset', () => {
  it("saves the browser's zone for an account with none", async () => {
    saved = null;
    await saveBrowserTimeZoneIfUnset();
    expect(posted).toEqual([{ timeZone: browserTimeZone() }]);
  });

  it('keeps a zone the member chose', async () => {
    saved = 'Pacific/Auckland';
    await saveBrowserTimeZoneIfUnset();
    expect(posted).toEqual([]);
  });
});

describe('TimeZoneCard', () => {
  function renderCard() {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <TimeZoneCard userID="me" />
        </ToastProvider>
      </QueryClientProvider>,
    );
  }

  it('is a labelled combobox over the IANA zones that saves what the typed text names', async () => {
    saved = 'Europe/Berlin';
    renderCard();
    const picker = screen.getByRole('combobox', { name: 'Time Zone' });
    expect(await screen.findByDisplayValue('Europe/Berlin')).toBe(picker);
    expect(document.querySelectorAll(`#${picker.getAttribute('list')} option`).length).toBeGreaterThan(300);

    await userEvent.clear(picker);
    await userEvent.paste('Atlantis');
    await userEvent.keyboard('{Enter}');
    expect(picker).toHaveAccessibleDescription(/Choose a time zone from the list/);
    expect(posted).toEqual([]);

    await userEvent.clear(picker);
    await userEvent.paste('tokyo');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(posted).toEqual([{ timeZone: 'Asia/Tokyo' }]));
    await waitFor(() => expect(picker).toHaveValue('Asia/Tokyo'));
    expect(picker).not.toHaveAccessibleDescription(/Choose a time zone/);
  });

  it('says that mails use UTC while no zone is saved, and offers the browser zone', async () => {
    saved = null;
    renderCard();
    expect(await screen.findByText(/None is saved yet, so mails use UTC\./)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: `Use this browser's time zone (${browserTimeZone()})` }));
    expect(posted).toEqual([{ timeZone: browserTimeZone() }]);
  });
});
