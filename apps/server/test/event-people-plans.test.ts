import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attend, createEvent } from './events-fixtures';
import { call, createCast, groupWithCast } from './groups-fixtures';
import { createTestApp, type TestApp } from './test-app';

// An event's people (seats, places in line, seatless answers, a departed creator) are read by
// every event list and every sign-up. On SQLite each branch of that statement must search its table
// by the events asked for: left to itself the planner may instead scan a whole table (the statement
// without its ORDER BY scanned the waitlist and the answers), cheap on a new install and ruinous on
// a group with years of events. PostgreSQL's plans are held by query-plans.test.ts.

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const captured: CompiledQuery[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ onQuery: (query) => captured.push(query) });
  const cast = await createCast(t.app);
  const group = await groupWithCast(t.app, cast, true);
  const first = await createEvent(t.app, cast.owner, group._id, t.clock.now(), { maxNumberOfMembers: 1 });
  await createEvent(t.app, cast.owner, group._id, t.clock.now(), { startIn: 48 * 3_600_000 });
  await attend(t.app, cast.member, first._id);
  // Full: the next to attend goes in line, and an answer of Maybe takes no seat.
  await attend(t.app, cast.admin, first._id);
  await call(t.app, '/api/events/respondToEvent', { method: 'POST', as: cast.owner, payload: { eventID: first._id, response: 'maybe' } });
  await call(t.app, `/api/events/getEvents?groupID=${group._id}`, { as: cast.member });
}, 60_000);
afterAll(() => t?.close());

const peopleStatements = () => [...new Map(captured.filter((q) => /with "?wanted"? as/i.test(q.sql)).map((q) => [q.sql, q])).values()];

describe('an event list’s people', () => {
  it('were read for one event and for a list of them', () => {
    const counts = peopleStatements().map((q) => q.parameters.length);
    expect(counts).toContain(1);
    expect(counts).toContain(2);
  });

  it.skipIf(postgres)('SQLite: every branch searches its table by the events asked for, none scans one whole', async () => {
    const found: string[] = [];
    for (const query of peopleStatements()) {
      const { rows } = await t.database.db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` });
      // `e` is the events asked for, found once (the materialized list); any other scan reads a whole table.
      for (const { detail } of rows) if (/^SCAN (?!e$|\()/.test(detail)) found.push(detail);
      const searched = rows.map((row) => row.detail).filter((detail) => /^SEARCH (a|w|r) USING/.test(detail));
      expect(searched.length).toBe(3);
    }
    expect(found).toEqual([]);
  });
});
