import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/test-app';
import type { Db } from './schema';
import { statementBatch } from './statement-batch';

let database: Awaited<ReturnType<typeof testDatabase>>;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

/** A batch whose statement answers each key's square, leaving out negative keys, and notes every list it got. */
function squares() {
  const lists: number[][] = [];
  let failNext = false;
  const batch = statementBatch<number, number>(async (_db, keys) => {
    lists.push(keys);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (failNext) {
      failNext = false;
      throw new Error('connection lost');
    }
    return keys.flatMap((key, index) => (key < 0 ? [] : [{ index, row: key * key }]));
  });
  return { batch, lists, failNext: () => (failNext = true) };
}

describe('statementBatch', () => {
  it('answers the keys asked for together with one read, each its own row or none', async () => {
    const { batch, lists } = squares();
    const answers = await Promise.all([3, -1, 4, 3].map((key) => batch.load(database.db, key)));
    expect(answers).toEqual([9, undefined, 16, 9]);
    expect(lists).toEqual([[3, -1, 4, 3]]);
  });

  it('keys asked while a read is out wait for it, then go together in the next', async () => {
    const { batch, lists } = squares();
    const first = batch.load(database.db, 1);
    await new Promise((resolve) => setImmediate(resolve)); // the first read is now out
    const later = [2, 5].map((key) => batch.load(database.db, key));
    expect(await Promise.all([first, ...later])).toEqual([1, 4, 25]);
    expect(lists).toEqual([[1], [2, 5]]);
  });

  it('splits a burst longer than a statement takes', async () => {
    const { batch, lists } = squares();
    const keys = Array.from({ length: 250 }, (_, i) => i);
    expect(await Promise.all(keys.map((key) => batch.load(database.db, key)))).toEqual(keys.map((key) => key * key));
    expect(lists.map((list) => list.length)).toEqual([100, 100, 50]);
  });

  it('a failed read fails every key it carried, and the next read goes on', async () => {
    const { batch, failNext } = squares();
    failNext();
    const failed = await Promise.allSettled([1, 2].map((key) => batch.load(database.db, key)));
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await batch.load(database.db, 6)).toBe(36);
  });

  it('inside a transaction each key is read at once, on the transaction', async () => {
    const { batch, lists } = squares();
    let seenOn: Db | undefined;
    const inTransaction = statementBatch<number, boolean>(async (db, keys) => {
      seenOn = db;
      return keys.map((_, index) => ({ index, row: db.isTransaction }));
    });
    const answer = await database.db.transaction().execute(async (trx) => [await inTransaction.load(trx, 1), await batch.load(trx, 7)]);
    expect(answer).toEqual([true, 49]);
    expect(seenOn?.isTransaction).toBe(true);
    expect(lists).toEqual([[7]]);
  });
});
