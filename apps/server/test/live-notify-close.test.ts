import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { GroupChange } from '../src/features/live/group-changes';
import pg from 'pg';
import { createPostgresGroupChanges, GROUP_CHANGES_CHANNEL } from '../src/features/live/postgres-group-changes';
import { testDatabase } from './test-app';

// An instance shutting down right after a burst of changes: its NOTIFYs still reach the other
// instances, since closing waits for them before the pool is closed after it.

const pgUrl = process.env.TEST_DATABASE_URL;

describe.runIf(pgUrl)('closing the live updates on PostgreSQL', () => {
  it('sends every change published before it closes, and the database closing after cuts none off', async () => {
    const leaving = await testDatabase();
    const staying = await testDatabase();
    const warnings: string[] = [];
    const log = { info: () => undefined, error: () => undefined, warn: (...args: unknown[]) => void warnings.push(String(args.at(-1))) };
    const sender = await createPostgresGroupChanges({ db: leaving.db, url: pgUrl!, log });
    const receiver = await createPostgresGroupChanges({ db: staying.db, url: pgUrl!, log });
    try {
      const groupId = randomUUID();
      const heard: GroupChange[] = [];
      receiver.subscribe(groupId, (change) => heard.push(change));
      const sent = Array.from({ length: 40 }, (_, i): GroupChange => ({ groupId, topic: 'events', action: 'updated', eventId: `e${i}` }));
      for (const change of sent) sender.publish(change);
      await sender.close();
      await leaving.destroy();
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(sent.length);
      expect(heard.map((change) => change.eventId).sort()).toEqual(sent.map((change) => change.eventId).sort());
      expect(warnings).toEqual([]);
    } finally {
      await receiver.close();
      await staying.destroy();
    }
  });

  it('sends a burst of changes as a few NOTIFYs, each with many, and every subscriber hears each change once', async () => {
    const database = await testDatabase();
    const log = { info: () => undefined, error: () => undefined, warn: () => undefined };
    const changes = await createPostgresGroupChanges({ db: database.db, url: pgUrl!, log });
    const listener = new pg.Client({ connectionString: pgUrl });
    await listener.connect();
    const payloads: string[] = [];
    listener.on('notification', (message) => payloads.push(message.payload ?? ''));
    await listener.query(`LISTEN ${GROUP_CHANGES_CHANNEL}`);
    try {
      const groupId = randomUUID();
      const heard: GroupChange[] = [];
      changes.subscribe(groupId, (change) => heard.push(change));
      const sent = Array.from({ length: 60 }, (_, i): GroupChange => ({ groupId, topic: 'attendance', action: 'attended', eventId: `e${i}` }));
      for (const change of sent) changes.publish(change);
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(sent.length);
      const ofGroup = () => payloads.filter((payload) => payload.includes(groupId));
      await expect.poll(() => ofGroup().flatMap((payload) => JSON.parse(payload) as GroupChange[]).length, { timeout: 5_000 }).toBe(sent.length);
      const ours = ofGroup();
      expect(ours.length).toBeLessThan(5);
      expect(ours.flatMap((payload) => JSON.parse(payload) as GroupChange[]).map((change) => change.eventId)).toEqual(sent.map((change) => change.eventId));
      expect(heard.map((change) => change.eventId)).toEqual(sent.map((change) => change.eventId));
    } finally {
      await listener.end();
      await changes.close();
      await database.destroy();
    }
  });
});
