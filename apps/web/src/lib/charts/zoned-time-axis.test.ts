import uPlot from 'uplot';
import { expect, it } from 'vitest';
import { zonedTimeAxis } from './zoned-time-axis';

const label = uPlot.fmtDate('{YYYY}-{MM}-{DD} {HH}:{mm}');
const seconds = Date.UTC(2026, 10, 28, 12, 7) / 1000;

it('labels the time axis on the given zone’s clock, whatever the browser’s', () => {
  expect(label(zonedTimeAxis('Asia/Tokyo')(seconds))).toBe('2026-11-28 21:07');
  expect(label(zonedTimeAxis('America/New_York')(seconds))).toBe('2026-11-28 07:07');
  expect(label(zonedTimeAxis('UTC')(seconds))).toBe('2026-11-28 12:07');
});
