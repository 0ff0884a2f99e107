import { expect, it } from 'vitest';
import { endFollowingStart } from './end-follows-start';

const at = (hhmm: string, day = 28) => new Date(`2026-11-${day}T${hhmm}:00`);

it('gives a new event an hour', () => {
  expect(endFollowingStart(null, null, at('20:00'))).toEqual(at('21:00'));
});

it('moves the end with the start, keeping the length (picking a day, then a time)', () => {
  // Picking the day sets 00:00 and an end at 01:00; choosing 8:00 PM must not leave the end behind.
  const start = at('00:00');
  const end = endFollowingStart(null, null, start);
  expect(endFollowingStart(start, end, at('20:00'))).toEqual(at('21:00'));
  expect(endFollowingStart(at('18:00'), at('21:30'), at('19:00', 29))).toEqual(at('22:30', 29));
});

it('keeps an end picked first unless the start passes it', () => {
  expect(endFollowingStart(null, at('23:00'), at('20:00'))).toEqual(at('23:00'));
  expect(endFollowingStart(null, at('19:00'), at('20:00'))).toEqual(at('21:00'));
});

it('leaves the end alone when the start is cleared', () => {
  expect(endFollowingStart(at('20:00'), at('21:00'), null)).toEqual(at('21:00'));
});
