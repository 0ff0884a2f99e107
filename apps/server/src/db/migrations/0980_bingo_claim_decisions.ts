import { sql, type Kysely } from 'kysely';
import { versionEveryTable } from '../table-versions';

/**
 * A bingo claim's decisions, one row each (held, accepted or declined), so a claim held and later
 * decided still says who held it and when. A claim decided before this gets one row from its own
 * status, decider and time: the history of a decided claim is never empty. Times epoch ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('runescape_bingo_claim_decisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The history goes with its claim (and the claim with its bingo).
    .addColumn('claim_id', 'text', (c) => c.notNull().references('runescape_bingo_claims.id').onDelete('cascade'))
    .addColumn('bingo_id', 'text', (c) => c.notNull().references('runescape_bingos.id').onDelete('cascade'))
    // 'held', 'accepted' or 'declined'.
    .addColumn('decision', 'text', (c) => c.notNull())
    // The decline reason (empty otherwise).
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    // Like runescape_bingo_claims.decided_by: a deleted account leaves the record, naming nobody.
    .addColumn('decided_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'bigint', (c) => c.notNull())
    .execute();
  // One claim's history, oldest first.
  await db.schema
    .createIndex('runescape_bingo_claim_decisions_claim_idx')
    .on('runescape_bingo_claim_decisions')
    .columns(['claim_id', 'decided_at'])
    .execute();
  // A bingo's claims' histories read with its claim list, and a deleted bingo's rows.
  await db.schema
    .createIndex('runescape_bingo_claim_decisions_bingo_idx')
    .on('runescape_bingo_claim_decisions')
    .columns(['bingo_id', 'claim_id', 'decided_at'])
    .execute();
  // A deleted account's rows.
  await db.schema
    .createIndex('runescape_bingo_claim_decisions_decided_by_idx')
    .on('runescape_bingo_claim_decisions')
    .columns(['decided_by'])
    .execute();
  // The claim's id serves as its one backfilled decision's id: unique, and no other decision can take it.
  await sql`
    insert into runescape_bingo_claim_decisions (id, claim_id, bingo_id, decision, reason, decided_by, decided_at)
    select id, id, bingo_id, status, reason, decided_by, decided_at
    from runescape_bingo_claims
    where status in ('held', 'accepted', 'declined') and decided_at is not null`.execute(db);
  await versionEveryTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('runescape_bingo_claim_decisions').execute();
}
