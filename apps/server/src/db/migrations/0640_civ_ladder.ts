import { sql, type Kysely } from 'kysely';
import { historyOrder, recount, type LadderGame } from '@smm/shared/civilization/ladder';

/**
 * The ladder: finishing placements and elimination order, the leader each player played, soft
 * deletes, the anonymous-mode reveal, rating changes per game (derived), proposals with votes, the
 * audit trail of every change to a game, and seasons.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Soft delete: a deleted game keeps its members, comments and notes, restorable for 30 days.
  await db.schema.alterTable('civ_games').addColumn('deleted_at', 'bigint').execute();
  await db.schema.alterTable('civ_games').addColumn('deleted_by', 'text').execute();
  // Anonymous mode lifts once the game is finished by someone allowed to; reopening does not hide it again.
  await db.schema.alterTable('civ_games').addColumn('revealed_at', 'bigint').execute();
  // Counts each recorded elimination change, so players eliminated together share a step.
  await db.schema
    .alterTable('civ_games')
    .addColumn('elimination_steps', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('civ_games_deleted_idx').on('civ_games').columns(['group_id', 'deleted_at']).execute();

  await db.schema.alterTable('civ_game_members').addColumn('placement', 'integer').execute();
  await db.schema.alterTable('civ_game_members').addColumn('eliminated_step', 'integer').execute();
  // The team a player had when the game was created: what anonymous mode lets them see.
  await db.schema.alterTable('civ_game_members').addColumn('initial_team', 'integer').execute();
  await db.schema.alterTable('civ_game_members').addColumn('civ_played', 'text').execute();
  await sql`update civ_game_members set initial_team = team`.execute(db);
  await sql`update civ_games set revealed_at = finished_at where finished_at is not null`.execute(db);
  await sql`update civ_game_members set placement = case when won = 1 then 1 else 2 end
    where game_id in (select id from civ_games where finished_at is not null)`.execute(db);

  // Derived from history like civ_ratings: what each counted game did to each player's rating.
  await db.schema
    .createTable('civ_rating_changes')
    .addColumn('game_id', 'text', (c) => c.notNull().references('civ_games.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('game_type', 'text', (c) => c.notNull())
    .addColumn('mu_before', 'double precision', (c) => c.notNull())
    .addColumn('sigma_before', 'double precision', (c) => c.notNull())
    .addColumn('mu_after', 'double precision', (c) => c.notNull())
    .addColumn('sigma_after', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('civ_rating_changes_pk', ['game_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('civ_rating_changes_group_idx')
    .on('civ_rating_changes')
    .columns(['group_id', 'game_type', 'user_id'])
    .execute();
  await db.schema.createIndex('civ_rating_changes_user_idx').on('civ_rating_changes').column('user_id').execute();

  await db.schema
    .createTable('civ_game_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('game_id', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.notNull())
    // No foreign key: the trail outlives the accounts and games it names.
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('civ_game_audit_game_idx').on('civ_game_audit').columns(['game_id', 'created_at']).execute();
  await db.schema.createIndex('civ_game_audit_group_idx').on('civ_game_audit').column('group_id').execute();

  await db.schema
    .createTable('civ_game_proposals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('game_id', 'text', (c) => c.notNull().references('civ_games.id').onDelete('cascade'))
    .addColumn('proposed_by', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'bigint')
    .addColumn('decision_reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('civ_game_proposals_game_idx')
    .on('civ_game_proposals')
    .columns(['game_id', 'status', 'created_at'])
    .execute();

  await db.schema
    .createTable('civ_game_proposal_votes')
    .addColumn('proposal_id', 'text', (c) => c.notNull().references('civ_game_proposals.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('vote', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('civ_game_proposal_votes_pk', ['proposal_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('civ_seasons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('min_games', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('civ_seasons_group_idx').on('civ_seasons').columns(['group_id', 'started_at']).execute();

  await backfillRatingChanges(db);
}

/** The rating changes of the games finished so far, recounted from history as the server does. */
async function backfillRatingChanges(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{
    id: string;
    group_id: string;
    game_type: string;
    victory_type: string | null;
    finished_at: number | string;
    user_id: string;
    team: number | null;
    placement: number | null;
  }>`select g.id, g.group_id, g.game_type, g.victory_type, g.finished_at, gm.user_id, gm.team, gm.placement
     from civ_games g join civ_game_members gm on gm.game_id = g.id
     where g.finished_at is not null order by g.finished_at, g.id, gm.position`.execute(db);
  const histories = new Map<string, Map<string, LadderGame & { members: LadderGame['members'][number][] }>>();
  for (const row of rows) {
    const key = `${row.group_id}\u0000${row.game_type}`;
    const games = histories.get(key) ?? new Map();
    histories.set(key, games);
    const game = games.get(row.id) ?? {
      gameID: row.id,
      gameType: row.game_type,
      victoryType: row.victory_type,
      finishedAt: Number(row.finished_at),
      members: [],
    };
    game.members.push({ userID: row.user_id, team: row.team, placement: row.placement });
    games.set(row.id, game);
  }
  for (const [key, games] of histories) {
    const [groupId, gameType] = key.split('\u0000') as [string, string];
    const { changes } = recount([...games.values()].sort(historyOrder));
    for (let i = 0; i < changes.length; i += 200) {
      const values = changes.slice(i, i + 200).map((c) => ({
        game_id: c.gameID,
        user_id: c.userID,
        group_id: groupId,
        game_type: gameType,
        mu_before: c.before.mu,
        sigma_before: c.before.sigma,
        mu_after: c.after.mu,
        sigma_after: c.after.sigma,
      }));
      await (db as Kysely<{ civ_rating_changes: (typeof values)[number] }>).insertInto('civ_rating_changes').values(values).execute();
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['civ_seasons', 'civ_game_proposal_votes', 'civ_game_proposals', 'civ_game_audit', 'civ_rating_changes']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('civ_games_deleted_idx').execute();
  for (const column of ['civ_played', 'initial_team', 'eliminated_step', 'placement'])
    await db.schema.alterTable('civ_game_members').dropColumn(column).execute();
  for (const column of ['elimination_steps', 'revealed_at', 'deleted_by', 'deleted_at'])
    await db.schema.alterTable('civ_games').dropColumn(column).execute();
}
