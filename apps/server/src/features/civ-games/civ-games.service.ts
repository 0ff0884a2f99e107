import { findCivCatalogue } from '@smm/shared/civilization/catalogue';
import { SETTING_TYPES, type CivGameCatalogue } from '@smm/shared/civilization/catalogue-types';
import { checkDraft } from '@smm/shared/civilization/draft-check';
import { mapCandidates } from '@smm/shared/civilization/draft';
import type { CreateGameBody, GameDto, GamesListQuery, GamesPageDto, UpdateGameBody } from '@smm/shared/civilization/games-schemas';
import type { DeletedGameDto } from '@smm/shared/civilization/ladder-schemas';
import { RESTORE_WINDOW_MS, gamePermissions, type GamePermissions } from '@smm/shared/civilization/game-policy';
import type { GroupSettings } from '@smm/shared/groups/settings';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { conflict, forbidden, invalid, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import * as events from '../events/events.repo';
import { accessFrom, assertCan, loadAccess, type GroupAccess } from '../groups/group-access';
import * as members from '../groups/group-members.repo';
import { parseSettings } from '../groups/groups.mapper';
import { catalogueOf } from '../civilization/civ-access';
import * as preferences from '../civilization/preferences.repo';
import type { GroupChanges } from '../live/group-changes';
import { gameFromDraft, markDraftUsed, type DraftedGame } from '../civ-drafts/drafted-game';
import { assertPlayersAreMembers } from '../civ-drafts/drafts.service';
import * as games from './civ-games.repo';
import { lockGameWithMembership } from './game-lock.repo';
import { toIso } from '../../lib/iso-time';
import { choicesVisible, toGameDto, type GameSettings } from './civ-games.mapper';
import { addFinishedGame, recomputeStandings } from './civ-games.standings';
import { recordAudit } from './game-audit';
import { assertPlayable, assertResultUnchanged, planChange, type GameState, type PlannedChange } from './game-results';
import * as records from './ladder-records.repo';

export const GAME_NOT_FOUND_MESSAGE = 'Game not found';
export const PROPOSE_INSTEAD_MESSAGE =
  'Only the host, the game creator or an Administrator can change the result; propose the change instead';
export const READ_ONLY_MESSAGE = 'Only players of this game can change it';
export const REDRAFT_NOT_YOURS_MESSAGE =
  "Only the earlier game's host, its creator or an Administrator can replace it with a redraft. Add the new game beside it instead.";
export const REDRAFT_REFUSED_MESSAGE =
  "This event's game has already started recording results (eliminations, a winner, a leader played, a proposed change, comments or notes), so a redraft cannot replace it. Add the new game beside it instead.";

export const HIDDEN_LEADER_MESSAGE =
  'In anonymous mode only a player and their teammates can say which leader they played, until the game is finished';

const isAdministrator = (access: GroupAccess) => access.viewer === 'administrator' || access.viewer === 'owner';

/** Deleting or restoring a finished game changes what the ladder counts, so it raises the result version. */
const versionAfterDeleteOrRestore = (game: games.GameRow) => game.result_version + (game.finished_at === null ? 0 : 1);

interface Deps {
  db: Db;
  clock: Clock;
  changes?: GroupChanges;
}

/**
 * Anonymous mode: the leader played by someone whose choices are hidden from the caller is not the
 * caller's to set or clear, whatever the value. Checked before the value is, so that no answer says
 * whether a guess at a hidden hand was right.
 */
function assertHiddenLeadersUntouched(state: GameState, actorId: string, changes: UpdateGameBody['members']): void {
  const viewer = state.members.find((m) => m.user_id === actorId);
  for (const change of changes ?? []) {
    if (change.civPlayed === undefined) continue;
    const member = state.members.find((m) => m.user_id === change.userID);
    if (member && !choicesVisible(state.game, member, viewer)) throw forbidden(HIDDEN_LEADER_MESSAGE);
  }
}

/** Each member's bans within the group's max, first made first, and their union in first-seen order. */
async function bansOf(tx: Db, access: GroupAccess, userIds: readonly string[]) {
  const max = parseSettings(access.group.settings, access.group.game_name).maxNumberOfLeaderBans;
  const rows = await preferences.listBans(tx, access.group.id, userIds);
  const perPlayer: Record<string, number> = {};
  const union: string[] = [];
  for (const row of rows) {
    const count = perPlayer[row.user_id] ?? 0;
    if (count >= max) continue;
    perPlayer[row.user_id] = count + 1;
    if (!union.includes(row.civ_id)) union.push(row.civ_id);
  }
  return { perPlayer, union };
}

/**
 * The game's settings: every entry the group locked takes its locked value (a different value sent
 * is a forged draft); enabled entries take the value sent if it is one of the options, else the group's.
 */
function gameSettingsFrom(catalogue: CivGameCatalogue, group: GroupSettings, sent: CreateGameBody['settings']): GameSettings {
  const result = {} as GameSettings;
  for (const type of SETTING_TYPES) {
    const chosen = new Map((sent?.[type] ?? []).map((s) => [s.title, s.value]));
    for (const title of chosen.keys()) {
      if (!catalogue.settings.some((d) => d.settingType === type && d.title === title))
        throw invalid({ settings: `Unknown ${type} setting: ${title}` });
    }
    result[type] = group[type].map((entry) => {
      const definition = catalogue.settings.find((d) => d.settingType === type && d.title === entry.title);
      const value = chosen.get(entry.title);
      const option = definition?.options.find((o) => o === value || String(o) === String(value));
      if (!entry.isEnabled) {
        if (value !== undefined && String(value) !== String(entry.lockedValue)) {
          throw invalid({ settings: `${entry.title} is locked by the group to ${String(entry.lockedValue)}` });
        }
        return { title: entry.title, value: entry.lockedValue as string | number };
      }
      if (value !== undefined && option === undefined)
        throw invalid({ settings: `${entry.title} must be one of: ${definition?.options.join(', ')}` });
      return { title: entry.title, value: (option ?? entry.value) as string | number };
    });
  }
  return result;
}

/**
 * A game added without Draft Mode: the members and teams sent, the map chosen (if any) and the players'
 * stored bans. Civ choices sent by hand are held to the draft rules; none is dealt here.
 */
async function gameWithoutDraft(tx: Db, access: GroupAccess, body: CreateGameBody): Promise<DraftedGame> {
  const catalogue = catalogueOf(access.group);
  const userIds = body.members.map((m) => m.userID);
  const memberRows = await members.listByGroup(tx, access.group.id);
  await assertPlayersAreMembers(tx, memberRows, userIds);
  if (new Set(userIds).size !== userIds.length) throw invalid({ members: 'A member can play only once in a game' });
  const map = body.map
    ? (catalogue.maps.find((m) => m.name === body.map) ?? { name: body.map, minPlayers: Number.MAX_SAFE_INTEGER })
    : null;
  if (map && map.minPlayers > userIds.length) throw invalid({ map: `${body.map} is not a map this game can be played on` });
  const bans = await bansOf(tx, access, userIds);
  const teamOf = (m: CreateGameBody['members'][number]) => (body.gameType === 'team' ? (m.team ?? null) : null);
  if (body.members.some((m) => m.civChoices.length)) {
    const leaders = new Map(catalogue.leaders.map((l) => [l.civID, l]));
    const names = new Map(memberRows.map((m) => [m.user_id, m.username]));
    const candidates = mapCandidates(catalogue.maps, userIds.length);
    const submitted = {
      map: candidates.length ? (map ?? candidates[0]!) : null,
      bannedLeaders: bans.union.flatMap((id) => (leaders.has(id) ? [leaders.get(id)!] : [])),
      players: body.members.map((m) => ({
        userID: m.userID,
        username: names.get(m.userID) ?? m.userID,
        team: teamOf(m),
        civChoices: m.civChoices.map((id) => leaders.get(id) ?? { civID: id, leader: id, nation: '' }),
      })),
    };
    const problems = checkDraft(submitted, {
      memberIDs: memberRows.map((m) => m.user_id),
      leaders: catalogue.leaders,
      maps: catalogue.maps,
      bans: bans.union,
      numCiv: body.numCiv,
      freeBans: body.freeBans,
      bansRemovePicks: body.bansRemovePicks,
      playerBans: bans.perPlayer,
      gameType: body.gameType,
    });
    if (Object.keys(problems).length) throw invalid(problems, 'These civ choices break the draft rules');
  } else if (body.gameType === 'team' && body.members.some((m) => !m.team)) {
    throw invalid({ members: 'Every player of a team game needs a team from 1 to 12' });
  }
  return {
    gameType: body.gameType,
    players: body.members.map((m) => ({ userID: m.userID, team: teamOf(m), civChoices: m.civChoices })),
    map: map?.name ?? null,
    bannedLeaders: bans.union,
    settings: gameSettingsFrom(catalogue, parseSettings(access.group.settings, access.group.game_name), body.settings),
    numCiv: body.numCiv,
    anonymousMode: body.anonymousMode,
    eventID: null,
  };
}

/** Civilization games: create from the server's draft or by hand, read, edit, finish and delete; lists page by page. */
export function createCivGamesService({ db, clock, changes }: Deps) {
  /**
   * The game as its reader may reach it: outside the group it does not exist; a deleted game exists
   * only for Administrators (to restore it), and only when `deleted` allows it.
   */
  async function loadGame(tx: Db, gameID: string, actor: UserDto, options: { lock?: boolean; deleted?: boolean } = {}) {
    let game: games.GameRow | undefined;
    let access: GroupAccess;
    if (options.lock) {
      // The game under its lock, its group and the caller's membership in one statement.
      const locked = await lockGameWithMembership(tx, gameID, actor.id);
      if (!locked) throw notFound(GAME_NOT_FOUND_MESSAGE);
      game = locked.row;
      access = accessFrom(locked.group, locked.membership, actor.id);
    } else {
      game = await games.findAnyById(tx, gameID);
      if (!game) throw notFound(GAME_NOT_FOUND_MESSAGE);
      access = await loadAccess(tx, game.group_id, actor);
    }
    // To someone outside the group the game does not exist.
    if (access.viewer === 'nonMember' || access.viewer === 'anonymous') throw notFound(GAME_NOT_FOUND_MESSAGE);
    assertCan(access, 'viewGames');
    if (game.deleted_at !== null && !(options.deleted && isAdministrator(access))) throw notFound(GAME_NOT_FOUND_MESSAGE);
    return { game, access };
  }

  /** The game as its reader sees it; `members` when the caller has just written them and holds them as stored. */
  async function read(
    tx: Db,
    game: games.GameRow,
    access: GroupAccess,
    actorId: string,
    members?: games.GameMemberRow[],
  ): Promise<GameDto> {
    const [gameMembers, ratingChanges, pendingProposals] = await Promise.all([
      members ?? games.listMembers(tx, [game.id]),
      // Only a finished game has counted: an unfinished one shows no rating changes.
      game.finished_at === null ? [] : records.listRatingChanges(tx, [game.id]),
      records.countPending(tx, [game.id]),
    ]);
    return toGameDto(game, gameMembers, findCivCatalogue(access.group.game_name), actorId, {
      ratingChanges,
      pendingProposals,
      viewer: access.viewer,
    });
  }

  const permissionsOf = (state: GameState, access: GroupAccess, actorId: string): GamePermissions =>
    gamePermissions(access.viewer, actorId, {
      host: state.game.chosen_host,
      createdBy: state.game.created_by,
      playerIDs: state.members.map((m) => m.user_id),
    });

  /**
   * Writes a planned change, its audit row, and what it does to the standings, in the caller's
   * transaction; answers the game's row as it now stands.
   */
  async function applyPlan(
    tx: Db,
    before: GameState,
    plan: PlannedChange,
    actor: UserDto,
    audit: { action?: 'accepted'; note?: string | null } = {},
  ): Promise<games.GameRow> {
    const { game } = before;
    const after = plan.after.game;
    const now = clock.now();
    const written: games.GameResultColumns = {
      game_name: after.game_name,
      lobby_link: after.lobby_link,
      game_type: after.game_type,
      host: after.host,
      chosen_host: after.chosen_host,
      winner: after.winner,
      victory_type: after.victory_type,
      finished_at: after.finished_at,
      elimination_steps: after.elimination_steps,
      // Only a manager can finish a game, so finishing lifts anonymous mode for good.
      revealed_at: game.revealed_at ?? (after.finished_at !== null ? now : null),
      result_version: after.result_version,
    };
    await games.saveGameResult(tx, game.id, written);
    for (const m of plan.after.members) {
      const was = before.members.find((r) => r.user_id === m.user_id)!;
      const changed = (['is_active', 'team', 'won', 'placement', 'eliminated_step', 'civ_played'] as const).filter((k) => was[k] !== m[k]);
      if (changed.length) await games.updateMember(tx, game.id, m.user_id, Object.fromEntries(changed.map((k) => [k, m[k]])));
    }
    if (plan.lines.length || audit.action) {
      const action = audit.action ?? (plan.justFinished ? 'finished' : plan.reopened ? 'reopened' : 'edited');
      await recordAudit(tx, { game, actorId: actor.id, action, lines: plan.lines, note: audit.note ?? null, now });
    }
    if (plan.justFinished && game.game_type === after.game_type) {
      await addFinishedGame(tx, game.group_id, {
        gameID: game.id,
        gameType: after.game_type,
        victoryType: after.victory_type,
        finishedAt: after.finished_at!,
        members: plan.after.members.map((m) => ({ userID: m.user_id, team: m.team, placement: m.placement })),
      });
    } else if (plan.resultChanged) {
      await recomputeStandings(tx, game.group_id, [game.game_type, after.game_type]);
    }
    return { ...game, ...written };
  }

  const leaderIdsOf = (access: GroupAccess) => new Set(catalogueOf(access.group).leaders.map((l) => l.civID));

  return {
    /** One game; members of its group only, with civ choices withheld as anonymous mode says. Administrators also open deleted ones. */
    async getGame(actor: UserDto, gameID: string): Promise<GameDto> {
      const { game, access } = await loadGame(db, gameID, actor, { deleted: true });
      return read(db, game, access, actor.id);
    },

    /**
     * Creates a game. A drafted game (draftMode) is made from the server's draft named by draftID, which
     * it uses up; without Draft Mode the members, teams and any civ choices sent are checked against the
     * group, its stored bans and the draft rules. From an event, the event is marked drafted; a redraft
     * deletes the event's earlier game first, in the same transaction.
     */
    async createGame(actor: UserDto, body: CreateGameBody): Promise<GameDto> {
      const created = await db.transaction().execute(async (tx) => {
        const access = await loadAccess(tx, body.groupID, actor, { lock: true });
        assertCan(access, 'editGames');
        const now = clock.now();
        const planned = body.draftMode
          ? await gameFromDraft(tx, access.group.id, body, now, actor.id)
          : await gameWithoutDraft(tx, access, body);
        const userIds = planned.players.map((p) => p.userID);
        // A player who left the group since the deal plays in none of its games.
        if (body.draftMode) await assertPlayersAreMembers(tx, await members.listByGroup(tx, access.group.id), userIds);
        const host = body.host ?? userIds[0]!;
        if (!userIds.includes(host)) throw invalid({ host: 'The host must be one of the players' });
        assertPlayable(
          planned.gameType,
          planned.players.map((p) => ({ team: planned.gameType === 'team' ? p.team : 0 })),
        );

        const eventID = body.eventID ?? planned.eventID;
        if (eventID) {
          const event = await events.lockById(tx, eventID);
          if (!event || event.group_id !== access.group.id) throw invalid({ eventID: 'The event is not an event of this group' });
          const earlier = event.draft_game_id ? await games.lockById(tx, event.draft_game_id) : undefined;
          // A redraft replaces the earlier game only while nothing has been recorded in it; results are history.
          if (earlier && earlier.deleted_at === null && !body.keepEarlier) {
            // Replacing deletes the earlier game, so it takes the right to delete it.
            const players = (await games.listMembers(tx, [earlier.id])).map((m) => m.user_id);
            const facts = { host: earlier.chosen_host, createdBy: earlier.created_by, playerIDs: players };
            if (!gamePermissions(access.viewer, actor.id, facts).deleteGame) {
              throw conflict(REDRAFT_NOT_YOURS_MESSAGE, { keepEarlier: 'Add the new game beside the earlier one' });
            }
            if (await games.recordingStarted(tx, earlier.id)) {
              throw conflict(REDRAFT_REFUSED_MESSAGE, { keepEarlier: 'Add the new game beside the earlier one' });
            }
            await games.softDelete(tx, earlier.id, actor.id, now, versionAfterDeleteOrRestore(earlier));
            await recordAudit(tx, { game: earlier, actorId: actor.id, action: 'replaced', lines: [], note: 'Replaced by a redraft', now });
          }
        }
        const game: games.GameRow = {
          id: newId(),
          group_id: access.group.id,
          game_name: body.gameName,
          host,
          chosen_host: host,
          lobby_link: body.lobbyLink,
          game_type: planned.gameType,
          winner: null,
          victory_type: null,
          map: planned.map,
          banned_leaders: JSON.stringify(planned.bannedLeaders),
          settings: JSON.stringify(planned.settings),
          anonymous_mode: planned.anonymousMode ? 1 : 0,
          draft_mode: body.draftMode ? 1 : 0,
          num_civ: planned.numCiv,
          event_id: eventID ?? null,
          created_by: actor.id,
          created_at: now,
          finished_at: null,
          deleted_at: null,
          deleted_by: null,
          revealed_at: null,
          elimination_steps: 0,
          result_version: 0,
        };
        await games.insert(
          tx,
          game,
          planned.players.map((p, position) => ({
            game_id: game.id,
            user_id: p.userID,
            position,
            team: p.team,
            is_active: 1,
            civ_choices: JSON.stringify(p.civChoices),
            won: 0,
            placement: null,
            eliminated_step: null,
            initial_team: p.team,
            // A hand of one leader is the leader played.
            civ_played: p.civChoices.length === 1 ? p.civChoices[0]! : null,
          })),
        );
        if (body.draftMode) await markDraftUsed(tx, body.draftID!, game.id);
        if (eventID) await games.markEventDrafted(tx, eventID, game.id);
        await recordAudit(tx, { game, actorId: actor.id, action: 'created', lines: [], note: planned.creationNote ?? null, now });
        return read(tx, game, access, actor.id);
      });
      // The draft's open pages turn to the game made from it; the group's game lists show it.
      if (body.draftMode && body.draftID) {
        changes?.publish({ groupId: body.groupID, topic: 'drafts', action: 'changed', draftId: body.draftID });
      }
      changes?.publish({ groupId: body.groupID, topic: 'games', action: 'created', gameId: created._id });
      return created;
    },

    /**
     * Edits a game. Managers (host, creator, Administrators) change the result: members'
     * Active/Eliminated and teams, host, type, winner with its victory type, placements; players of
     * the game change its name, lobby link and the leader they played, and propose result changes
     * instead; other members only read. Every change is audited; the standings follow.
     */
    async updateGame(actor: UserDto, body: UpdateGameBody): Promise<GameDto> {
      let edited: { groupId: string; finished: boolean } | null = null;
      const result = await db.transaction().execute(async (tx) => {
        const { game, access } = await loadGame(tx, body.gameID, actor, { lock: true });
        const before: GameState = { game, members: await games.listMembers(tx, [game.id]) };
        const may = permissionsOf(before, access, actor.id);
        if (!may.editDetails && !may.changeResult) throw forbidden(READ_ONLY_MESSAGE);
        const { gameID: _gameID, expectedResultVersion, ...edits } = body;
        assertResultUnchanged(game, expectedResultVersion);
        assertHiddenLeadersUntouched(before, actor.id, edits.members);
        const plan = planChange(before, edits, { now: clock.now(), leaderIds: leaderIdsOf(access) });
        if (!may.changeResult) {
          const others = plan.lines.filter((l) => l.kind === 'result' || (l.kind === 'civPlayed' && l.userID !== actor.id));
          if (others.length) throw forbidden(PROPOSE_INSTEAD_MESSAGE);
        }
        // The game and its members as the plan wrote them: the rows read under the lock with its changes.
        const updated = await applyPlan(tx, before, plan, actor);
        edited = { groupId: game.group_id, finished: plan.justFinished };
        return read(tx, updated, access, actor.id, plan.after.members);
      });
      // Heard of once committed: the game's open pages refetch it; a game just finished ('updated')
      // also goes to the group's Discord channel.
      const done = edited as { groupId: string; finished: boolean } | null;
      if (done)
        changes?.publish({ groupId: done.groupId, topic: 'games', action: done.finished ? 'updated' : 'changed', gameId: body.gameID });
      return result;
    },

    /** Deletes a game (its creator, its host or an Administrator): a soft delete, restorable for 30 days. */
    async deleteGame(actor: UserDto, gameID: string): Promise<{ message: string }> {
      let groupId = '';
      const deleted = await db.transaction().execute(async (tx) => {
        const { game, access } = await loadGame(tx, gameID, actor, { lock: true });
        const members = await games.listMembers(tx, [game.id]);
        if (!permissionsOf({ game, members }, access, actor.id).deleteGame) {
          throw forbidden('Only the game creator, its host or an Administrator can delete a game');
        }
        const now = clock.now();
        await games.clearEventDraft(tx, game.id);
        await games.softDelete(tx, game.id, actor.id, now, versionAfterDeleteOrRestore(game));
        await recordAudit(tx, { game, actorId: actor.id, action: 'deleted', lines: [], note: null, now });
        if (game.finished_at !== null) await recomputeStandings(tx, game.group_id, [game.game_type]);
        groupId = game.group_id;
        return { message: 'Game deleted' };
      });
      changes?.publish({ groupId, topic: 'games', action: 'deleted', gameId: gameID });
      return deleted;
    },

    /** An Administrator restores a deleted game within 30 days; it counts again at once. */
    async restoreGame(actor: UserDto, gameID: string): Promise<GameDto> {
      let groupId = '';
      const restored = await db.transaction().execute(async (tx) => {
        const { game, access } = await loadGame(tx, gameID, actor, { lock: true, deleted: true });
        if (!isAdministrator(access)) throw forbidden('Only Administrators can restore a game');
        if (game.deleted_at === null) throw conflict('This game is not deleted');
        const now = clock.now();
        if (now - game.deleted_at > RESTORE_WINDOW_MS)
          throw conflict('This game was deleted more than 30 days ago and can no longer be restored');
        const resultVersion = versionAfterDeleteOrRestore(game);
        await games.restore(tx, game.id, resultVersion);
        if (game.event_id) await games.relinkEventDraft(tx, game.event_id, game.id);
        await recordAudit(tx, { game, actorId: actor.id, action: 'restored', lines: [], note: null, now });
        if (game.finished_at !== null) await recomputeStandings(tx, game.group_id, [game.game_type]);
        groupId = game.group_id;
        return read(tx, { ...game, deleted_at: null, deleted_by: null, result_version: resultVersion }, access, actor.id);
      });
      changes?.publish({ groupId, topic: 'games', action: 'restored', gameId: gameID });
      return restored;
    },

    /** The group's games deleted in the last 30 days, for Administrators. */
    async listDeletedGames(actor: UserDto, groupID: string): Promise<DeletedGameDto[]> {
      const access = await loadAccess(db, groupID, actor);
      assertCan(access, 'viewGames');
      if (!isAdministrator(access)) throw forbidden('Only Administrators can see deleted games');
      const rows = await games.listDeleted(db, groupID, clock.now() - RESTORE_WINDOW_MS);
      return rows.map((r) => ({
        _id: r.id,
        gameName: r.game_name,
        gameType: r.game_type as DeletedGameDto['gameType'],
        isFinished: r.finished_at !== null,
        deletedByName: r.deleted_by_name ?? 'A former member',
        dateDeleted: toIso(Number(r.deleted_at)),
        restorableUntil: toIso(Number(r.deleted_at) + RESTORE_WINDOW_MS),
        comments: Number(r.comments ?? 0),
      }));
    },

    /** The planning and writing of result changes, for proposals accepted by a manager. */
    internals: { loadGame, read, applyPlan, permissionsOf, leaderIdsOf },

    /** Active games of a group (getActiveGames) or finished ones of a type (getFinishedGames): a page, newest first. */
    async listGames(actor: UserDto, query: GamesListQuery, finished: boolean): Promise<GamesPageDto> {
      const access = await loadAccess(db, query.groupID, actor);
      assertCan(access, 'viewGames');
      if (finished && !query.gameType) throw invalid({ gameType: 'gameType must be one of ffa, team' });
      const filter =
        query.filterField && query.filterValue ? { field: query.filterField, type: query.filterType, value: query.filterValue } : undefined;
      const { rows, total, pendingProposals } = await games.listPage(db, {
        groupId: query.groupID,
        finished,
        gameType: query.gameType,
        filter,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      const ids = rows.map((r) => r.id);
      const [memberRows, ratingChanges] = await Promise.all([
        games.listMembers(db, ids),
        finished ? records.listRatingChanges(db, ids) : Promise.resolve([]),
      ]);
      const catalogue = findCivCatalogue(access.group.game_name);
      const extras = { ratingChanges, pendingProposals, viewer: access.viewer };
      return {
        games: rows.map((r) => toGameDto(r, memberRows, catalogue, actor.id, extras)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}
export type CivGamesService = ReturnType<typeof createCivGamesService>;
