import { describe, expect, it } from 'vitest';
import type { GroupChange } from '../src/features/live/group-changes';
import { toPayloads } from '../src/features/live/postgres-group-changes';

const change = (i: number, name = ''): GroupChange => ({
  groupId: 'g',
  topic: 'events',
  action: 'cancelled',
  eventId: `e${i}`,
  ...(name ? { event: { name, startAt: 0, endAt: 1 } } : {}),
});

describe('NOTIFY payloads of waiting changes', () => {
  it('keeps every change once, in order, in JSON arrays under the 8000-byte limit', () => {
    const changes = Array.from({ length: 500 }, (_, i) => change(i, i % 7 === 0 ? 'ä'.repeat(200) : ''));
    const payloads = toPayloads(changes);
    expect(payloads.length).toBeGreaterThan(1);
    for (const { payload } of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    expect(payloads.flatMap(({ payload }) => JSON.parse(payload) as GroupChange[])).toEqual(changes);
    expect(payloads.flatMap((batch) => batch.changes)).toEqual(changes);
  });

  it('sends one change as an array of one, and a change too long on its own alone', () => {
    expect(toPayloads([change(1)]).map(({ payload }) => JSON.parse(payload))).toEqual([[change(1)]]);
    const long = change(2, 'x'.repeat(9000));
    const payloads = toPayloads([change(1), long, change(3)]);
    expect(payloads.map((batch) => batch.changes)).toEqual([[change(1)], [long], [change(3)]]);
  });

  it('sends nothing for nothing', () => {
    expect(toPayloads([])).toEqual([]);
  });
});
