import { SETTING_TYPES } from '@smm/shared/civilization/catalogue-types';
import { DRAFT_LIMITS, DraftError, draft, type DraftInput, type DraftPlayer, type DraftResult } from '@smm/shared/civilization/draft';
import { DRAFT_NOT_FOUND_MESSAGE, type DraftDto, type DraftGameBody } from '@smm/shared/civilization/draft-schemas';
import { balancedTeams } from '@smm/shared/civilization/balanced-teams';
import { initialSkill, skillOrdinal } from '@smm/shared/civilization/ladder';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { invalid, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import * as games from '../civ-games/civ-games.repo';
import { catalogueOf } from '../civilization/civ-access';
import { toCivPreferencesDtos } from '../civilization/civilization.mapper';
import { listOwnedPacks } from '../civilization/owned-packs.repo';
import * as preferences from '../civilization/preferences.repo';
import * as events from '../events/events.repo';
import { assertCan, loadAccess } from '../groups/group-access';
import * as members from '../groups/group-members.repo';
import { parseSettings } from '../groups/groups.mapper';
import type { Limit, Throttle } from '../throttle/throttle.service';
import { toDraftDto, type DraftOptions } from './drafts.mapper';
import * as drafts from './drafts.repo';
import { serverRandom } from './server-random';

export const DRAFT_LIMIT_MESSAGE = 'Too many drafts in a short time; please wait a few minutes before drafting again';
/** Generous for a game night's redrafts, tight enough that nobody mines the random source for a hand they like. */
export const defaultDraftLimit: Limit = { max: 30, windowMs: 10 * 60_000 };

/**
 * Refuses players who are not members of the group, naming them by username, or by the id sent when it is
 * nobody's at all (one query, only when there is someone to name).
 */
export async function assertPlayersAreMembers(
  db: Db,
  memberRows: readonly { user_id: string }[],
  userIds: readonly string[],
  field = 'members',
): Promise<void> {
  const memberIds = new Set(memberRows.map((m) => m.user_id));
  const outsiders = [...new Set(userIds.filter((id) => !memberIds.has(id)))];
  if (!outsiders.length) return;
  const names = new Map((await drafts.listUsernames(db, outsiders)).map((u) => [u.id, u.username]));
  const message = `Not members of this group: ${outsiders.map((id) => names.get(id) ?? id).join(', ')}`;
  throw invalid({ [field]: message }, message);
}

interface Deps {
  db: Db;
  clock: Clock;
  throttle: Throttle;
  draftLimit?: Limit;
}

/** Drafts the server deals from what it has stored, and hands out as each reader may see them. */
export function createDraftsService({ db, clock, throttle, draftLimit = defaultDraftLimit }: Deps) {
  return {
    /**
     * Deals a draft for members of the group from their stored bans (within the group's limit, first made
     * first), map and setting preferences and owned packs, the group's settings and the server's random
     * source; stores it and returns it as the caller may see it. Members only, a limited number per user.
     */
    async draftGame(actor: UserDto, body: DraftGameBody): Promise<DraftDto> {
      const access = await loadAccess(db, body.groupID, actor.id);
      assertCan(access, 'editGames');
      await throttle.consume(`civ-draft:${actor.id}`, draftLimit, DRAFT_LIMIT_MESSAGE);
      const { group } = access;
      const catalogue = catalogueOf(group);
      const groupSettings = parseSettings(group.settings, group.game_name);
      const userIds = body.members.map((m) => m.userID);
      const balanced = body.gameType === 'team' && body.teamSplit === 'balanced';

      const [memberRows, bans, maps, settings, ownedPacks, standings, event] = await Promise.all([
        members.listByGroup(db, group.id),
        preferences.listBans(db, group.id, userIds),
        preferences.listMaps(db, group.id, userIds),
        preferences.listSettingPreferences(db, group.id, userIds),
        listOwnedPacks(db, group.game_name, userIds),
        balanced ? games.listStandings(db, group.id, 'team', userIds) : Promise.resolve([]),
        body.eventID ? events.findById(db, body.eventID) : Promise.resolve(undefined),
      ]);
      await assertPlayersAreMembers(db, memberRows, userIds);
      const memberById = new Map(memberRows.map((m) => [m.user_id, m]));
      const players = userIds.map((id) => memberById.get(id)!);
      const repeated = players.find((p, i) => userIds.indexOf(p.user_id) !== i);
      if (repeated) throw invalid({ members: `${repeated.username} is chosen more than once` });
      if (body.eventID && event?.group_id !== group.id) throw invalid({ eventID: 'The event is not an event of this group' });

      const rows = { agendas: [], bans, maps, settings, ownedPacks };
      const prefs = toCivPreferencesDtos(group.id, players, catalogue, rows, groupSettings.maxNumberOfLeaderBans);
      let result: DraftResult;
      try {
        const teams = teamsFor(body, players, standings);
        const input: DraftInput = {
          players: prefs.map((p, i): DraftPlayer => ({
            userID: p.userID,
            username: p.username,
            team: teams.manual?.[i] ?? null,
            leaderBans: p.leaderBans.map((b) => b.civID),
            maps: p.maps.map((m) => m.name),
            settings: Object.fromEntries(SETTING_TYPES.map((type) => [type, p[type]])),
            ownedPacks: ownedPacks.get(p.userID) ?? null,
          })),
          leaders: catalogue.leaders,
          maps: catalogue.maps,
          groupSettings,
          numCiv: body.numCiv,
          freeBans: body.freeBans,
          bansRemovePicks: body.bansRemovePicks,
          gameType: body.gameType,
          randomTeams: teams.random,
          teamCount: body.teamCount,
          allowDuplicateCivs: groupSettings.allowDuplicateCivs === true,
        };
        result = draft(input, serverRandom);
      } catch (error) {
        // The draft's own refusals are meant for the person who asked, and name players by username.
        if (error instanceof DraftError) throw invalid({ members: error.message }, error.message);
        throw error;
      }

      const options: DraftOptions = {
        numCiv: body.numCiv,
        freeBans: body.freeBans,
        bansRemovePicks: body.bansRemovePicks,
        teamSplit: body.gameType === 'team' ? body.teamSplit : 'none',
        teamCount: body.teamCount,
        eventID: body.eventID ?? null,
      };
      const row: drafts.DraftRow = {
        id: newId(),
        group_id: group.id,
        created_by: actor.id,
        created_at: clock.now(),
        game_type: body.gameType,
        anonymous_mode: body.anonymousMode ? 1 : 0,
        options: JSON.stringify(options),
        result: JSON.stringify(result),
        game_id: null,
      };
      await drafts.insert(db, row);
      return toDraftDto(row, actor.id);
    },

    /** A stored draft as the reader may see it; to anyone outside its group it does not exist. */
    async getDraft(actor: UserDto, draftID: string): Promise<DraftDto> {
      const row = await drafts.findById(db, draftID);
      if (!row) throw notFound(DRAFT_NOT_FOUND_MESSAGE);
      const access = await loadAccess(db, row.group_id, actor.id);
      if (access.viewer === 'nonMember' || access.viewer === 'anonymous') throw notFound(DRAFT_NOT_FOUND_MESSAGE);
      assertCan(access, 'viewGames');
      return toDraftDto(row, actor.id);
    },
  };
}
export type DraftsService = ReturnType<typeof createDraftsService>;

/**
 * How the teams are made: none in a free-for-all; manual teams as sent; random ones by draft() itself;
 * balanced ones here, from the players' team-game ratings (a player without one counts as a new player).
 */
function teamsFor(
  body: DraftGameBody,
  players: readonly { user_id: string; username: string }[],
  standings: readonly { user_id: string; mu: number; sigma: number }[],
): { manual?: (number | null)[]; random: boolean } {
  if (body.gameType === 'ffa') return { random: false };
  if (body.teamSplit === 'manual') {
    return {
      manual: players.map((p, i) => {
        const team = body.members[i]?.team;
        if (team === undefined || team === null) {
          throw invalid({ members: `${p.username} needs a team from ${DRAFT_LIMITS.teamMin} to ${DRAFT_LIMITS.teamMax}` });
        }
        return team;
      }),
      random: false,
    };
  }
  if (body.teamCount > players.length) throw invalid({ teamCount: `Teams must be from 2 to ${players.length}, the number of players` });
  if (body.teamSplit === 'random') return { random: true };
  const ratings = new Map(standings.map((s) => [s.user_id, skillOrdinal({ mu: Number(s.mu), sigma: Number(s.sigma) })]));
  // Among equally balanced splits the first met in input order wins, so the players go in shuffled.
  const shuffled = [...players];
  for (let i = shuffled.length - 1; i > 0; i -= 1) {
    const j = Math.min(i, Math.floor(serverRandom() * (i + 1)));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  const { teams } = balancedTeams(
    shuffled.map((p) => ({ userID: p.user_id, rating: ratings.get(p.user_id) ?? null })),
    body.teamCount,
    skillOrdinal(initialSkill()),
  );
  const teamOf = new Map(teams.flatMap((members, index) => members.map((userID) => [userID, index + 1] as const)));
  return { manual: players.map((p) => teamOf.get(p.user_id) ?? null), random: false };
}
