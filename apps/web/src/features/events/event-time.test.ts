import { expect, it } from 'vitest';
import { formatWithZone } from './event-time';

it('writes a time in the given time zone, naming it', () => {
  const iso = '2026-11-28T13:05:00.000Z';
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zone = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((part) => part.type === 'timeZoneName')?.value;
  const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
  expect(zone).toBeTruthy();
  expect(formatWithZone(iso, browserZone)).toContain(time);
  expect(formatWithZone(iso, browserZone).endsWith(` ${zone}`)).toBe(true);
});

it('writes the same instant in another zone with that zone’s name', () => {
  expect(formatWithZone('2026-11-28T13:05:00.000Z', 'America/New_York')).toBe('Sat, Nov 28, 2026, 8:05 AM EST');
});
