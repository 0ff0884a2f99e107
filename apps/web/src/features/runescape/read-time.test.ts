import { expect, it } from 'vitest';
import { formatReadTime } from './read-time';

it('says when the hiscores were read in the reader’s own time zone, naming it', () => {
  const iso = '2026-11-28T13:05:00.000Z';
  const zone = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((part) => part.type === 'timeZoneName')?.value;
  const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
  expect(zone).toBeTruthy();
  expect(formatReadTime(iso)).toContain(time);
  expect(formatReadTime(iso).endsWith(` ${zone}`)).toBe(true);
});
