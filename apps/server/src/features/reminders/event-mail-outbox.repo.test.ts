import { afterAll, beforeAll, expect, it } from 'vitest';
import { testDatabase } from '../../../test/test-app';
import { insertMany, type OutboxRow } from './event-mail-outbox.repo';

let database: Awaited<ReturnType<typeof testDatabase>>;
const MEMBERS = 2500;

beforeAll(async () => {
  database = await testDatabase();
  // The recipients must exist; they are written straight to the tables, a few hundred at a time.
  const users = Array.from({ length: MEMBERS }, (_, i) => ({
    id: `user-${i}`,
    username: `member${i}`,
    username_key: `member${i}`,
    email: `user${i}@example.com`,
    password_hash: 'x',
    steam_id: null,
    created_at: 0,
    password_changed_at: null,
  }));
  for (let start = 0; start < users.length; start += 300) await database.db.insertInto('users').values(users.slice(start, start + 300)).execute();
  await database.db
    .insertInto('groups')
    .values({ id: 'group-1', group_name: 'Huge', game_name: 'Dota 2', link_url: 'dotaGroup', is_private: 1, group_owner: 'user-0', invite_link: 'code', settings: '{}', created_at: 0, time_zone: 'UTC', settings_updated_at: 0 })
    .execute();
  await database.db
    .insertInto('events')
    .values({ id: 'event-1', group_id: 'group-1', user_id: 'user-0', event_name: 'Big night', start_at: 0, end_at: 1, max_number_of_members: 12, is_drafted: 0, draft_game_id: null, created_at: 0, updated_at: 0 })
    .execute();
});
afterAll(() => database.destroy());

const row = (i: number): OutboxRow => ({
  id: `mail-${i}`,
  dedupe_key: `created:event-1:user-${i}`,
  kind: 'created',
  event_id: 'event-1',
  event_start_at: 0,
  user_id: `user-${i}`,
  to_email: `user${i}@example.com`,
  subject: 'New event',
  body: 'Body',
  due_at: 0,
  claimed_by: null,
  claimed_at: null,
  attempts: 0,
  sent_at: null,
  failed_at: null,
  last_error: null,
  created_at: 0,
});

it('queues the mails of a group far larger than one statement can carry, once each', async () => {
  // 2,500 rows x 17 values is past SQLite's 32,766 bound values per statement.
  const rows = Array.from({ length: MEMBERS }, (_, i) => row(i));
  expect(await insertMany(database.db, rows)).toBe(MEMBERS);
  expect(await insertMany(database.db, rows.slice(0, 600).map((r) => ({ ...r, id: `${r.id}-again` })))).toBe(0);
  const { count } = await database.db.selectFrom('event_mail_outbox').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  expect(Number(count)).toBe(MEMBERS);
});
