import { PostgresAdapter, sql, type Expression } from 'kysely';
import { DRAFT_TTL_MS } from '@smm/shared/civilization/draft-schemas';
import type { Db } from '../../db/schema';
import type { CivDraftsTable } from '../civilization/civilization.tables';
import '../civilization/civilization.tables';
import '../users/users.tables';
import { lockedRow } from '../../db/row-locks';

export type DraftRow = CivDraftsTable;

/** A deal an earlier draft made for the same table before this one replaced it, with who dealt it. */
export interface EarlierDealRow {
  position: number;
  deal_id: string;
  dealt_by: string;
  /** Null once the dealer's account is gone. */
  dealer: string | null;
  dealt_at: number;
}

/** A draft as read for its players: the row and the deals it replaced, first dealt first. */
export type DraftWithEarlierDeals = DraftRow & { earlier_deals: EarlierDealRow[] };

/**
 * The deals before a draft, with their dealers' usernames, as one JSON column of the statement that reads the
 * draft (civ_draft_deals_pk): no statement per earlier deal.
 */
function earlierDealsOf(db: Db, draftId: Expression<string>, dealNumber: Expression<number>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Aggregated straight from the index, with no derived table to scan; the reader puts them in order.
  const deal = sql.join([
    sql.lit('position'),
    sql.ref('e.position'),
    sql.lit('deal_id'),
    sql.ref('e.deal_id'),
    sql.lit('dealt_by'),
    sql.ref('e.dealt_by'),
    sql.lit('dealer'),
    sql.ref('eu.username'),
    sql.lit('dealt_at'),
    sql.ref('e.dealt_at'),
  ]);
  const list = postgres
    ? sql<string>`coalesce(json_agg(json_build_object(${deal})), '[]'::json)`
    : sql<string>`coalesce(json_group_array(json_object(${deal})), '[]')`;
  return db
    .selectFrom('civ_draft_deals as e')
    .leftJoin('users as eu', 'eu.id', 'e.dealt_by')
    .select(list.as('deals'))
    .where('e.draft_id', '=', draftId)
    .where('e.position', '<', dealNumber);
}

/** SQLite hands the JSON column back as text, PostgreSQL parsed; the list in position order either way. */
function parseEarlierDeals(value: unknown): EarlierDealRow[] {
  const deals = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as EarlierDealRow[];
  return deals.map((d) => ({ ...d, position: Number(d.position), dealt_at: Number(d.dealt_at) })).sort((a, b) => a.position - b.position);
}

const withEarlierDeals = <R extends { earlier_deals: unknown }>(row: R | undefined) =>
  row && { ...row, earlier_deals: parseEarlierDeals(row.earlier_deals) };

/**
 * Stores a draft and the deals at its table: the ones it replaced, then its own. Two statements, however
 * many deals came before.
 */
export async function insert(db: Db, row: DraftRow, earlierDeals: readonly EarlierDealRow[]): Promise<void> {
  await db.insertInto('civ_drafts').values(row).execute();
  const deals = [...earlierDeals, { position: row.deal_number, deal_id: row.id, dealt_by: row.created_by, dealt_at: row.created_at }];
  await db
    .insertInto('civ_draft_deals')
    .values(deals.map((d) => ({ draft_id: row.id, position: d.position, deal_id: d.deal_id, dealt_by: d.dealt_by, dealt_at: d.dealt_at })))
    .execute();
}

const selectDraft = (db: Db, id: string) =>
  db
    .selectFrom('civ_drafts as d')
    .selectAll('d')
    .select((eb) => earlierDealsOf(db, eb.ref('d.id'), eb.ref('d.deal_number')).as('earlier_deals'))
    .where('d.id', '=', id);

export const findById = async (db: Db, id: string): Promise<DraftWithEarlierDeals | undefined> =>
  withEarlierDeals(await selectDraft(db, id).executeTakeFirst());

/** The draft with its row locked until the transaction ends, so two games cannot both take it. */
export const lockById = async (db: Db, id: string): Promise<DraftWithEarlierDeals | undefined> =>
  withEarlierDeals(await lockedRow(db, selectDraft(db, id)).executeTakeFirst());

/**
 * Holds the group's row until the transaction ends, so the group's deals are judged and written one at a
 * time on PostgreSQL (SQLite runs one transaction at a time already).
 */
export async function lockGroupDeals(db: Db, groupId: string): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await lockedRow(db, db.selectFrom('groups').select('id').where('id', '=', groupId)).execute();
}

/**
 * The group's drafts dealt since `since`, with who dealt them, the game made from them and the deals they
 * replaced in turn (civ_drafts_group_idx): what a new deal may replace, read in one statement.
 */
export async function listRecent(db: Db, groupId: string, since: number) {
  const rows = await db
    .selectFrom('civ_drafts as d')
    .leftJoin('users as u', 'u.id', 'd.created_by')
    .select([
      'd.id',
      'd.created_by',
      'u.username as dealer',
      'd.state',
      'd.result',
      'd.game_type',
      'd.anonymous_mode',
      'd.created_at',
      'd.game_id',
      'd.options',
    ])
    .select((eb) => earlierDealsOf(db, eb.ref('d.id'), eb.ref('d.deal_number')).as('earlier_deals'))
    .where('d.group_id', '=', groupId)
    .where('d.created_at', '>=', since)
    .execute();
  return rows.map((row) => withEarlierDeals(row)!);
}

/**
 * The group's drafts dealt after this one while it was open (within a day; ids are time-ordered within one
 * instant), used or not, with who dealt them (civ_drafts_group_idx).
 */
export const listNewer = (db: Db, groupId: string, draft: Pick<DraftRow, 'id' | 'created_at'>) =>
  db
    .selectFrom('civ_drafts as d')
    .leftJoin('users as u', 'u.id', 'd.created_by')
    .select(['d.id', 'd.created_by', 'u.username as dealer', 'd.state', 'd.result', 'd.game_type', 'd.anonymous_mode', 'd.created_at'])
    .where('d.group_id', '=', groupId)
    .where('d.created_at', '<=', Number(draft.created_at) + DRAFT_TTL_MS)
    .where((eb) =>
      eb.or([eb('d.created_at', '>', draft.created_at), eb.and([eb('d.created_at', '=', draft.created_at), eb('d.id', '>', draft.id)])]),
    )
    .execute();

/** Records the game made from the draft; false when another game took it first. */
export async function markUsed(db: Db, id: string, gameId: string): Promise<boolean> {
  const result = await db
    .updateTable('civ_drafts')
    .set({ game_id: gameId })
    .where('id', '=', id)
    .where('game_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Usernames of these users, members of the group or not (for errors naming who is not a member). */
export const listUsernames = (db: Db, userIds: readonly string[]) =>
  db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', userIds.length ? [...userIds] : [''])
    .execute();

/** Writes a draft's new state (and what follows from it) in the caller's transaction. */
export async function saveState(db: Db, id: string, columns: Pick<DraftRow, 'state' | 'result' | 'deadline'>): Promise<void> {
  await db.updateTable('civ_drafts').set(columns).where('id', '=', id).execute();
}

/** Drafts whose next timer is due, soonest first (civ_drafts_deadline_idx). */
export const listDue = (db: Db, now: number, limit: number) =>
  db.selectFrom('civ_drafts').select('id').where('deadline', '<=', now).orderBy('deadline').limit(limit).execute();
