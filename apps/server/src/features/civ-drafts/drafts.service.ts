import { SETTING_TYPES } from '@smm/shared/civilization/catalogue-types';
import { DRAFT_LIMITS, DraftError } from '@smm/shared/civilization/draft';
import { startDraft } from '@smm/shared/civilization/draft-machine';
import {
  draftModeConfig,
  type DraftMachineContext,
  type DraftMachineState,
  type DraftModeConfig,
} from '@smm/shared/civilization/draft-machine-schemas';
import {
  CAPTAINS_NOT_ANONYMOUS_MESSAGE,
  DRAFT_NOT_FOUND_MESSAGE,
  DRAFT_PRESET_NOT_FOUND_MESSAGE,
  DRAFT_TTL_MS,
  OPEN_DRAFTS_MEMBERS_MESSAGE,
  type DraftDto,
  type DraftGameBody,
  type OpenDraftDto,
} from '@smm/shared/civilization/draft-schemas';
import { initialSkill, skillOrdinal } from '@smm/shared/civilization/ladder';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { AppError, conflict, forbidden, invalid, notFound } from '../../errors';
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
import type { GroupChanges } from '../live/group-changes';
import type { Limit, Throttle } from '../throttle/throttle.service';
import { parseState, stateColumns, toDraftDto, toOpenDraftDto, type DraftOptions } from './drafts.mapper';
import * as drafts from './drafts.repo';
import { replacingDeal } from './drafted-game';
import { dealRefusal, earlierDealsFor, openDrafts, replacedDrafts } from './replaced-deals';
import * as presets from './presets.repo';
import { serverRandom } from './server-random';

export const DRAFT_LIMIT_MESSAGE = 'Too many drafts in a short time; please wait a few minutes before drafting again';
/** Generous for a game night's redrafts, tight enough that nobody mines the random source for a hand they like. */
export const defaultDraftLimit: Limit = { max: 30, windowMs: 10 * 60_000 };
/** Deals refused for what was asked (a shortfall, a bad captain) count apart, against a larger allowance. */
const REFUSED_DEALS: Limit = { max: 120, windowMs: 10 * 60_000 };

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
  changes?: GroupChanges;
}

/** Drafts the server deals from what it has stored, and hands out as each reader may see them. */
export function createDraftsService({ db, clock, throttle, draftLimit = defaultDraftLimit, changes }: Deps) {
  return {
    /**
     * Deals a draft for members of the group from their stored bans (within the group's limit, first made
     * first), map and setting preferences and owned packs, the group's settings and the server's random
     * source; stores it and returns it as the caller may see it. Members only, a limited number per user.
     */
    async draftGame(actor: UserDto, body: DraftGameBody): Promise<DraftDto> {
      const access = await loadAccess(db, body.groupID, actor);
      assertCan(access, 'editGames');
      const allowance = `civ-draft:${actor.id}`;
      const refusals = `civ-draft-refused:${actor.id}`;
      await throttle.assertUnder(refusals, REFUSED_DEALS, DRAFT_LIMIT_MESSAGE);
      await throttle.consume(allowance, draftLimit, DRAFT_LIMIT_MESSAGE);
      try {
        const { group } = access;
        const catalogue = catalogueOf(group);
        const groupSettings = parseSettings(group.settings, group.game_name);
        const userIds = body.members.map((m) => m.userID);
        const config = await modeConfigOf(db, group.id, body);
        // Captains ban and pick in turns in front of each other: there is nothing anonymous mode could hide.
        if (config.mode === 'captains' && config.anonymousMode) throw invalid({ anonymousMode: CAPTAINS_NOT_ANONYMOUS_MESSAGE });
        const rated =
          config.gameType === 'team' &&
          (config.teamSplit === 'balanced' || (config.mode === 'captains' && config.captainSelection === 'topRated'));

        const [memberRows, bans, maps, settings, ownedPacks, standings, event] = await Promise.all([
          members.listByGroup(db, group.id),
          preferences.listBans(db, group.id, userIds),
          preferences.listMaps(db, group.id, userIds),
          preferences.listSettingPreferences(db, group.id, userIds),
          listOwnedPacks(db, group.game_name, userIds),
          rated ? games.listStandings(db, group.id, 'team', userIds) : Promise.resolve([]),
          body.eventID ? events.findById(db, body.eventID) : Promise.resolve(undefined),
        ]);
        await assertPlayersAreMembers(db, memberRows, userIds);
        const memberById = new Map(memberRows.map((m) => [m.user_id, m]));
        const players = userIds.map((id) => memberById.get(id)!);
        const repeated = players.find((p, i) => userIds.indexOf(p.user_id) !== i);
        if (repeated) throw invalid({ members: `${repeated.username} is chosen more than once` });
        if (body.eventID && event?.group_id !== group.id) throw invalid({ eventID: 'The event is not an event of this group' });
        if (body.host && !userIds.includes(body.host)) throw invalid({ host: 'The host must be one of the players' });

        const rows = { agendas: [], bans, maps, settings, ownedPacks };
        const prefs = toCivPreferencesDtos(group.id, players, catalogue, rows, groupSettings.maxNumberOfLeaderBans);
        const manualTeams = config.gameType === 'team' && config.teamSplit === 'manual' ? manualTeamsOf(body, players) : null;
        if (config.gameType === 'team' && !manualTeams && config.teamCount > players.length) {
          throw invalid({ teamCount: `Teams must be from 2 to ${players.length}, the number of players` });
        }
        const context: DraftMachineContext = {
          players: prefs.map((p, i) => ({
            userID: p.userID,
            username: p.username,
            team: manualTeams?.[i] ?? null,
            leaderBans: p.leaderBans.map((b) => b.civID),
            maps: p.maps.map((m) => m.name),
            settings: Object.fromEntries(SETTING_TYPES.map((type) => [type, p[type]])),
            ownedPacks: ownedPacks.get(p.userID) ?? null,
          })),
          leaders: catalogue.leaders,
          maps: catalogue.maps,
          groupSettings,
          ratings: Object.fromEntries(standings.map((s) => [s.user_id, skillOrdinal({ mu: Number(s.mu), sigma: Number(s.sigma) })])),
          newPlayerRating: skillOrdinal(initialSkill()),
        };
        let state: DraftMachineState;
        try {
          state = startDraft(config, context, { now: clock.now() }, serverRandom);
        } catch (error) {
          // The draft's own refusals are meant for the person who asked, and name players by username.
          if (error instanceof DraftError) throw invalid({ members: error.message }, error.message);
          throw error;
        }

        const options: DraftOptions = {
          numCiv: config.numCiv,
          freeBans: config.freeBans,
          bansRemovePicks: config.bansRemovePicks,
          teamSplit: config.gameType === 'team' ? config.teamSplit : 'none',
          teamCount: config.teamCount,
          eventID: body.eventID ?? null,
          gameName: body.gameName || null,
          hostID: body.host ?? null,
        };
        // The group's deals are read, judged and written one at a time, so two members dealing for the same
        // players at once cannot both pass the refusal: the second sees the first's draft.
        const now = clock.now();
        const dealt = { dealtBy: actor.id, playerIds: players.map((p) => p.user_id) };
        const { row, earlierDeals, replaced } = await db.transaction().execute(async (tx) => {
          await drafts.lockGroupDeals(tx, group.id);
          // Only the dealer replaces an open draft of theirs, and not while its players are in the middle of it.
          const recent = await recentDrafts(tx, group.id, now - DRAFT_TTL_MS);
          const replaced = replacedDrafts(dealt, recent);
          const refusal = dealRefusal(actor.id, replaced, recent);
          if (refusal) throw conflict(refusal, { members: refusal });
          // A deal that replaces earlier ones for this table says so to every player, with who dealt them and when.
          const earlierDeals = earlierDealsFor(replaced);
          const row: drafts.DraftRow = {
            id: newId(),
            group_id: group.id,
            created_by: actor.id,
            created_at: now,
            game_type: config.gameType,
            anonymous_mode: config.anonymousMode ? 1 : 0,
            options: JSON.stringify(options),
            game_id: null,
            ...stateColumns(state),
            deal_number: earlierDeals.length + 1,
          };
          await drafts.insert(tx, row, earlierDeals);
          return { row, earlierDeals, replaced };
        });
        changes?.publish({ groupId: group.id, topic: 'drafts', action: 'changed', draftId: row.id });
        // The pages of the drafts it replaced read them again, and learn they were replaced.
        for (const earlier of replaced) changes?.publish({ groupId: group.id, topic: 'drafts', action: 'changed', draftId: earlier.id });
        return toDraftDto({ ...row, earlier_deals: earlierDeals }, actor.id);
      } catch (error) {
        // A deal refused for what was asked dealt no hand: it counts against the refusals' allowance instead.
        if (error instanceof AppError && (error.statusCode === 400 || error.statusCode === 409)) {
          await throttle.refund(allowance);
          await throttle.hit(refusals, REFUSED_DEALS);
        }
        throw error;
      }
    },

    /** A stored draft as the reader may see it; to anyone outside its group it does not exist. */
    async getDraft(actor: UserDto, draftID: string): Promise<DraftDto> {
      const row = await drafts.findById(db, draftID);
      if (!row) throw notFound(DRAFT_NOT_FOUND_MESSAGE);
      const access = await loadAccess(db, row.group_id, actor);
      if (access.viewer === 'nonMember' || access.viewer === 'anonymous') throw notFound(DRAFT_NOT_FOUND_MESSAGE);
      assertCan(access, 'viewGames');
      const replacedBy = row.game_id === null ? ((await replacingDeal(db, row))?.id ?? null) : null;
      return toDraftDto(row, actor.id, replacedBy);
    },

    /**
     * The group's open drafts (not expired, no game made, not replaced by a newer deal), those still being
     * played and those dealt and waiting for their game, newest first, so members find a draft they were dealt
     * into: players, mode, status and timer, never a hand or a pick. Members only, as the drafts themselves;
     * one statement however many drafts.
     */
    async getOpenDrafts(actor: UserDto, groupID: string): Promise<OpenDraftDto[]> {
      const access = await loadAccess(db, groupID, actor);
      if (access.viewer === 'nonMember' || access.viewer === 'anonymous') throw forbidden(OPEN_DRAFTS_MEMBERS_MESSAGE);
      assertCan(access, 'viewGames');
      const recent = await recentDrafts(db, groupID, clock.now() - DRAFT_TTL_MS);
      return openDrafts(recent).map((draft) => toOpenDraftDto(draft, draft.state, actor.id));
    },
  };
}
export type DraftsService = ReturnType<typeof createDraftsService>;

/** The group's drafts dealt since `since`, each with its state and its players' ids, as the deal rules read them. */
async function recentDrafts(db: Db, groupId: string, since: number) {
  return (await drafts.listRecent(db, groupId, since)).map((draft) => {
    const state = parseState(draft);
    return { ...draft, state, players: state.players.map((p) => p.userID) };
  });
}

/** How this draft runs: the group preset named (its mode and options, with the captains sent), or what was sent. */
async function modeConfigOf(db: Db, groupId: string, body: DraftGameBody): Promise<DraftModeConfig> {
  if (!body.presetID) return draftModeConfig.parse(body);
  const preset = await presets.findById(db, body.presetID);
  if (!preset || preset.group_id !== groupId) throw notFound(DRAFT_PRESET_NOT_FOUND_MESSAGE, { presetID: DRAFT_PRESET_NOT_FOUND_MESSAGE });
  return draftModeConfig.parse({ ...(JSON.parse(preset.config) as object), captainIDs: body.captainIDs });
}

/** The teams a manual split sends, one per player in the players' order; each player must have one. */
function manualTeamsOf(body: DraftGameBody, players: readonly { user_id: string; username: string }[]): number[] {
  return players.map((p, i) => {
    const team = body.members[i]?.team;
    if (team === undefined || team === null) {
      throw invalid({ members: `${p.username} needs a team from ${DRAFT_LIMITS.teamMin} to ${DRAFT_LIMITS.teamMax}` });
    }
    return team;
  });
}
