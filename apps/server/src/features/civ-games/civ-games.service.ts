import { findCivCatalogue } from '@smm/shared/civilization/catalogue';
import { SETTING_TYPES, type CivGameCatalogue } from '@smm/shared/civilization/catalogue-types';
import { checkDraft } from '@smm/shared/civilization/draft-check';
import { mapCandidates } from '@smm/shared/civilization/draft';
import type {
  CreateGameBody,
  GameDto,
  GamesListQuery,
  GamesPageDto,
  UpdateGameBody,
  VictoryType,
} from '@smm/shared/civilization/games-schemas';
import type { GroupSettings } from '@smm/shared/groups/settings';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { conflict, forbidden, invalid, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import * as events from '../events/events.repo';
import { assertCan, loadAccess, type GroupAccess } from '../groups/group-access';
import * as members from '../groups/group-members.repo';
import { parseSettings } from '../groups/groups.mapper';
import { catalogueOf } from '../civilization/civ-access';
import * as preferences from '../civilization/preferences.repo';
import * as games from './civ-games.repo';
import { toGameDto, type GameSettings } from './civ-games.mapper';
import { addFinishedGame, recomputeStandings } from './civ-games.standings';

export const GAME_NOT_FOUND_MESSAGE = 'Game not found';
export const WINNER_RULE_MESSAGE = 'A winner can be declared only when one active member, or one team, remains';

interface Deps {
  db: Db;
  clock: Clock;
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

/** Civilization games: create from a draft (re-checked here), read, edit, finish and delete; lists page by page. */
export function createCivGamesService({ db, clock }: Deps) {
  async function loadGame(tx: Db, gameID: string, actor: UserDto, lock = false) {
    const game = await (lock ? games.lockById(tx, gameID) : games.findById(tx, gameID));
    if (!game) throw notFound(GAME_NOT_FOUND_MESSAGE);
    const access = await loadAccess(tx, game.group_id, actor.id);
    // To someone outside the group the game does not exist.
    if (access.viewer === 'nonMember' || access.viewer === 'anonymous') throw notFound(GAME_NOT_FOUND_MESSAGE);
    assertCan(access, 'viewGames');
    return { game, access };
  }

  async function read(tx: Db, game: games.GameRow, access: GroupAccess, actorId: string): Promise<GameDto> {
    return toGameDto(game, await games.listMembers(tx, [game.id]), findCivCatalogue(access.group.game_name), actorId);
  }

  return {
    /** One game; members of its group only, with civ choices withheld as anonymous mode says. */
    async getGame(actor: UserDto, gameID: string): Promise<GameDto> {
      const { game, access } = await loadGame(db, gameID, actor);
      return read(db, game, access, actor.id);
    },

    /**
     * Creates a game from a draft. Everything is checked again here: the players belong to the group,
     * no banned (by the stored preferences) or duplicate leader, counts within the limits, an allowed map
     * and the group's locked settings. From an event, the event is marked drafted; a redraft deletes
     * the event's earlier game first, in the same transaction.
     */
    async createGame(actor: UserDto, body: CreateGameBody): Promise<GameDto> {
      return db.transaction().execute(async (tx) => {
        const access = await loadAccess(tx, body.groupID, actor.id, { lock: true });
        assertCan(access, 'editGames');
        const catalogue = catalogueOf(access.group);
        const userIds = body.members.map((m) => m.userID);
        if (new Set(userIds).size !== userIds.length) throw invalid({ members: 'A member can play only once in a game' });
        const groupMembers = new Set((await members.listByGroup(tx, access.group.id)).map((m) => m.user_id));
        const outsiders = userIds.filter((id) => !groupMembers.has(id));
        if (outsiders.length) throw invalid({ members: `Not members of this group: ${outsiders.join(', ')}` });
        const host = body.host ?? userIds[0]!;
        if (!userIds.includes(host)) throw invalid({ host: 'The host must be one of the players' });

        const bans = await bansOf(tx, access, userIds);
        const leaders = new Map(catalogue.leaders.map((l) => [l.civID, l]));
        const candidates = mapCandidates(catalogue.maps, userIds.length);
        const map = body.map
          ? (catalogue.maps.find((m) => m.name === body.map) ?? { name: body.map, minPlayers: Number.MAX_SAFE_INTEGER })
          : null;
        if (!body.draftMode && map && map.minPlayers > userIds.length)
          throw invalid({ map: `${body.map} is not a map this game can be played on` });
        const submitted = {
          map: body.draftMode ? map : candidates.length ? (map ?? candidates[0]!) : null,
          bannedLeaders: bans.union.flatMap((id) => (leaders.has(id) ? [leaders.get(id)!] : [])),
          players: body.members.map((m) => ({
            userID: m.userID,
            username: m.userID,
            team: body.gameType === 'team' ? (m.team ?? null) : null,
            civChoices: m.civChoices.map((id) => leaders.get(id) ?? { civID: id, leader: id, nation: '' }),
          })),
        };
        if (body.draftMode || body.members.some((m) => m.civChoices.length)) {
          const problems = checkDraft(submitted, {
            memberIDs: [...groupMembers],
            leaders: catalogue.leaders,
            maps: catalogue.maps,
            bans: bans.union,
            numCiv: body.numCiv,
            freeBans: body.freeBans,
            bansRemovePicks: body.bansRemovePicks,
            playerBans: bans.perPlayer,
            gameType: body.gameType,
          });
          if (Object.keys(problems).length) throw invalid(problems, 'This draft breaks the draft rules');
        } else if (body.gameType === 'team' && body.members.some((m) => !m.team)) {
          throw invalid({ members: 'Every player of a team game needs a team from 1 to 12' });
        }
        const settings = gameSettingsFrom(catalogue, parseSettings(access.group.settings, access.group.game_name), body.settings);

        if (body.eventID) {
          const event = await events.lockById(tx, body.eventID);
          if (!event || event.group_id !== access.group.id) throw invalid({ eventID: 'The event is not an event of this group' });
          if (event.draft_game_id) {
            const earlier = await games.findById(tx, event.draft_game_id);
            await games.deleteById(tx, event.draft_game_id);
            if (earlier?.finished_at) await recomputeStandings(tx, access.group.id, [earlier.game_type]);
          }
        }
        const now = clock.now();
        const game: games.GameRow = {
          id: newId(),
          group_id: access.group.id,
          game_name: body.gameName,
          host,
          lobby_link: body.lobbyLink,
          game_type: body.gameType,
          winner: null,
          victory_type: null,
          // Without a draft, the map is the one chosen, if any.
          map: body.draftMode ? (submitted.map?.name ?? null) : (map?.name ?? null),
          banned_leaders: JSON.stringify(bans.union),
          settings: JSON.stringify(settings),
          anonymous_mode: body.anonymousMode ? 1 : 0,
          draft_mode: body.draftMode ? 1 : 0,
          num_civ: body.numCiv,
          event_id: body.eventID ?? null,
          created_by: actor.id,
          created_at: now,
          finished_at: null,
        };
        await games.insert(
          tx,
          game,
          submitted.players.map((p, position) => ({
            game_id: game.id,
            user_id: p.userID,
            position,
            team: p.team,
            is_active: 1,
            civ_choices: JSON.stringify(p.civChoices.map((c) => c.civID)),
            won: 0,
          })),
        );
        if (body.eventID) await games.markEventDrafted(tx, body.eventID, game.id);
        return read(tx, game, access, actor.id);
      });
    },

    /**
     * Edits a game: name, lobby link, type, members' Active/Eliminated and teams, host, and the winner
     * with its victory type. The host is always an active member (a deactivated host passes to the
     * first active one); a winner only when one active member or team remains; a winner finishes the game.
     */
    async updateGame(actor: UserDto, body: UpdateGameBody): Promise<GameDto> {
      return db.transaction().execute(async (tx) => {
        const { game, access } = await loadGame(tx, body.gameID, actor, true);
        const rows = await games.listMembers(tx, [game.id]);
        const byId = new Map(rows.map((m) => [m.user_id, { ...m }]));
        const gameType = body.gameType ?? game.game_type;
        if (body.gameType && body.gameType !== game.game_type && game.finished_at !== null && body.winner === undefined) {
          throw conflict('Reopen the game (no winner) before changing its type');
        }
        for (const change of body.members ?? []) {
          const member = byId.get(change.userID);
          if (!member) throw invalid({ members: `Not a player of this game: ${change.userID}` });
          if (change.isActive !== undefined) member.is_active = change.isActive ? 1 : 0;
          if (change.team !== undefined) member.team = change.team;
        }
        const ordered = [...byId.values()].sort((a, b) => a.position - b.position);
        if (gameType === 'team' && ordered.some((m) => m.team === null))
          throw invalid({ members: 'Every player of a team game needs a team from 1 to 12' });
        const active = ordered.filter((m) => m.is_active === 1);

        let host = body.host === undefined ? game.host : body.host;
        if (body.host) {
          const chosen = byId.get(body.host);
          if (!chosen) throw invalid({ host: 'The host must be one of the players' });
          if (chosen.is_active !== 1) throw invalid({ host: 'The host must be an active member' });
        }
        if (!host || byId.get(host)?.is_active !== 1) host = active[0]?.user_id ?? null;

        const winner = body.winner === undefined ? game.winner : body.winner === null ? null : String(body.winner);
        let victoryType = body.victoryType === undefined ? game.victory_type : body.victoryType;
        if (body.winner === null) victoryType = null;
        if (winner !== null && body.winner !== undefined) {
          if (!victoryType) throw invalid({ victoryType: 'Choose the victory type of the win' });
          const remaining = gameType === 'team' ? [...new Set(active.map((m) => String(m.team)))] : active.map((m) => m.user_id);
          if (remaining.length !== 1) throw conflict(WINNER_RULE_MESSAGE);
          if (remaining[0] !== winner) {
            throw invalid({
              winner: gameType === 'team' ? 'The winner must be the team that remains' : 'The winner must be the member who remains',
            });
          }
        }
        if (winner === null && victoryType) throw invalid({ winner: 'Choose the winner' });
        const finishedAt = winner === null ? null : (game.finished_at ?? clock.now());

        await games.update(tx, game.id, {
          game_name: body.gameName ?? game.game_name,
          lobby_link: body.lobbyLink ?? game.lobby_link,
          game_type: gameType,
          host,
          winner,
          victory_type: victoryType,
          finished_at: finishedAt,
        });
        const wonBy = (m: { user_id: string; team: number | null }) =>
          winner !== null && (gameType === 'team' ? String(m.team) === winner : m.user_id === winner) ? 1 : 0;
        for (const m of ordered) {
          const won = wonBy(m);
          const before = rows.find((r) => r.user_id === m.user_id)!;
          if (before.is_active !== m.is_active || before.team !== m.team || before.won !== won) {
            await games.updateMember(tx, game.id, m.user_id, { is_active: m.is_active, team: m.team, won });
          }
        }
        const resultChanged =
          game.finished_at !== finishedAt ||
          game.winner !== winner ||
          game.game_type !== gameType ||
          (finishedAt !== null && body.members !== undefined);
        const justFinished = game.finished_at === null && finishedAt !== null;
        if (justFinished && game.game_type === gameType) {
          await addFinishedGame(
            tx,
            game.group_id,
            { gameType, members: ordered.map((m) => ({ ...m, won: wonBy(m) })) },
            victoryType as VictoryType,
          );
        } else if (resultChanged) {
          await recomputeStandings(tx, game.group_id, [...new Set([game.game_type, gameType])]);
        }
        const updated = await games.findById(tx, game.id);
        return read(tx, updated!, access, actor.id);
      });
    },

    /** Deletes a game: its creator, its host or an Administrator. An event drafted into it is no longer drafted. */
    async deleteGame(actor: UserDto, gameID: string): Promise<{ message: string }> {
      return db.transaction().execute(async (tx) => {
        const { game, access } = await loadGame(tx, gameID, actor, true);
        const isAdmin = access.viewer === 'administrator' || access.viewer === 'owner';
        if (!isAdmin && game.created_by !== actor.id && game.host !== actor.id) {
          throw forbidden('Only the game creator, its host or an Administrator can delete a game');
        }
        await games.clearEventDraft(tx, game.id);
        await games.deleteById(tx, game.id);
        if (game.finished_at !== null) await recomputeStandings(tx, game.group_id, [game.game_type]);
        return { message: 'Game deleted' };
      });
    },

    /** Active games of a group (getActiveGames) or finished ones of a type (getFinishedGames): a page, newest first. */
    async listGames(actor: UserDto, query: GamesListQuery, finished: boolean): Promise<GamesPageDto> {
      const access = await loadAccess(db, query.groupID, actor.id);
      assertCan(access, 'viewGames');
      if (finished && !query.gameType) throw invalid({ gameType: 'gameType must be one of ffa, team' });
      const filter =
        query.filterField && query.filterValue ? { field: query.filterField, type: query.filterType, value: query.filterValue } : undefined;
      const { rows, total } = await games.listPage(db, {
        groupId: query.groupID,
        finished,
        gameType: query.gameType,
        filter,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      const memberRows = await games.listMembers(
        db,
        rows.map((r) => r.id),
      );
      const catalogue = findCivCatalogue(access.group.game_name);
      return { games: rows.map((r) => toGameDto(r, memberRows, catalogue, actor.id)), total, page: query.page, pageSize: query.pageSize };
    },
  };
}
export type CivGamesService = ReturnType<typeof createCivGamesService>;
