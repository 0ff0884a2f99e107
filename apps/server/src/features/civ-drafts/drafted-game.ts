import { SETTING_TYPES } from '@smm/shared/civilization/catalogue-types';
import type { DraftResult } from '@smm/shared/civilization/draft';
import {
  DRAFT_NOT_FOUND_MESSAGE,
  DRAFT_REQUIRED_MESSAGE,
  DRAFT_RUNNING_MESSAGE,
  DRAFT_TTL_MS,
} from '@smm/shared/civilization/draft-schemas';
import type { CreateGameBody, GameType } from '@smm/shared/civilization/games-schemas';
import type { Db } from '../../db/schema';
import { conflict, invalid, notFound } from '../../errors';
import type { GameSettings } from '../civ-games/civ-games.mapper';
import { handVisible, parseOptions, parseResult, parseState } from './drafts.mapper';
import * as drafts from './drafts.repo';
import { redealNote, replacesDeal } from './replaced-deals';

// createGame's side of a draft: a drafted game is made only from a stored draft, and only once.

export const DRAFT_USED_MESSAGE = 'This draft was already used for a game';
export const DRAFT_EXPIRED_MESSAGE = 'This draft has expired; draft again';
export const DRAFT_MISMATCH_MESSAGE = "The hands do not match the server's draft";

/** Why an earlier deal makes no game: a newer one replaced it. */
export const draftSupersededMessage = (dealer: string | null) =>
  `${dealer ?? 'A former member'} dealt a newer draft for these players: make the game from that one`;

/**
 * The newest later deal that replaced this draft, or undefined: a later deal by the same member for any of its
 * players, or by anyone for exactly its players (one statement). A replaced draft makes no game and takes no step.
 */
export async function replacingDeal(
  db: Db,
  row: Pick<drafts.DraftRow, 'id' | 'group_id' | 'created_at' | 'created_by' | 'state' | 'result' | 'game_type' | 'anonymous_mode'>,
) {
  const taken = { dealtBy: row.created_by, playerIds: parseState(row).players.map((p) => p.userID) };
  const later = (await drafts.listNewer(db, row.group_id, row)).filter((draft) =>
    replacesDeal({ dealtBy: draft.created_by, playerIds: parseState(draft).players.map((p) => p.userID) }, taken),
  );
  return later.sort((a, b) => Number(b.created_at) - Number(a.created_at) || (a.id < b.id ? 1 : -1))[0];
}

/** The stored draft a drafted game is made from, locked until the game is written: of this group, fresh and unused. */
async function takeDraft(tx: Db, groupId: string, draftID: string, now: number) {
  const row = await drafts.lockById(tx, draftID);
  if (!row || row.group_id !== groupId) throw notFound(DRAFT_NOT_FOUND_MESSAGE, { draftID: DRAFT_NOT_FOUND_MESSAGE });
  if (row.game_id !== null) throw conflict(DRAFT_USED_MESSAGE, { draftID: DRAFT_USED_MESSAGE });
  if (now - Number(row.created_at) > DRAFT_TTL_MS) throw invalid({ draftID: DRAFT_EXPIRED_MESSAGE }, DRAFT_EXPIRED_MESSAGE);
  const result = parseResult(row);
  if (!result) throw invalid({ draftID: DRAFT_RUNNING_MESSAGE }, DRAFT_RUNNING_MESSAGE);
  // Only the latest deal counts: dealing again and keeping the hand one likes is no draft.
  const later = await replacingDeal(tx, row);
  if (later) {
    const message = draftSupersededMessage(later.dealer);
    throw conflict(message, { draftID: message });
  }
  return { row, result, options: parseOptions(row) };
}

/** What a drafted game takes from the server's draft. */
export interface DraftedGame {
  gameType: GameType;
  players: { userID: string; team: number | null; civChoices: string[] }[];
  map: string | null;
  bannedLeaders: string[];
  settings: GameSettings;
  numCiv: number;
  anonymousMode: boolean;
  eventID: string | null;
  /** For the game's audit trail: which deal for these players it was made from, when deals came before it. */
  creationNote?: string | null;
}

/** Equal as multisets: the same items, as often, in any order. */
const sameItems = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** A banned leader as a client may send it: its civID, or an object carrying it. */
function civIdOf(banned: unknown): string {
  if (typeof banned === 'string') return banned;
  const civID = (banned as { civID?: unknown } | null)?.civID;
  return typeof civID === 'string' ? civID : '';
}

/**
 * Where a createGame body says something other than the draft it names; the body may leave any of it out.
 * Hands are compared only where the caller may see them (`visible`): a hand hidden from them in anonymous
 * mode is taken from the draft whatever they sent, so no answer tells them whether a guess at it was right.
 */
function differencesFromDraft(
  body: CreateGameBody,
  gameType: string,
  result: DraftResult,
  eventID: string | null,
  visible: (player: DraftResult['players'][number]) => boolean,
): Record<string, string> {
  const fields: Record<string, string> = {};
  if (body.gameType !== gameType) fields.gameType = `This draft is for a ${gameType === 'team' ? 'team game' : 'free-for-all'}`;
  const dealt = new Map(result.players.map((p) => [p.userID, p]));
  if (
    !sameItems(
      body.members.map((m) => m.userID),
      result.players.map((p) => p.userID),
    )
  ) {
    fields.members = "The players do not match the server's draft";
  } else if (
    body.members.some(
      (m) =>
        m.civChoices.length > 0 &&
        visible(dealt.get(m.userID)!) &&
        !sameItems(
          m.civChoices,
          dealt.get(m.userID)!.civChoices.map((c) => c.civID),
        ),
    )
  ) {
    fields.members = DRAFT_MISMATCH_MESSAGE;
  } else if (gameType === 'team' && body.members.some((m) => m.team != null && m.team !== dealt.get(m.userID)!.team)) {
    fields.members = "The teams do not match the server's draft";
  }
  if (body.map != null && body.map !== result.map?.name) fields.map = "The map does not match the server's draft";
  if (
    body.bannedLeaders !== undefined &&
    !sameItems(
      body.bannedLeaders.map(civIdOf),
      result.bannedLeaders.map((b) => b.civID),
    )
  ) {
    fields.bannedLeaders = "The banned leaders do not match the server's draft";
  }
  const sentSettings = SETTING_TYPES.flatMap((type) => (body.settings?.[type] ?? []).map((s) => ({ type, ...s })));
  if (sentSettings.some((s) => String(result.settings[s.type]?.find((d) => d.title === s.title)?.value) !== String(s.value))) {
    fields.settings = "The settings do not match the server's draft";
  }
  // A draft's game goes to the event it was dealt for, or to none: never to another event's game.
  if (body.eventID && body.eventID !== eventID) {
    fields.eventID = eventID ? "The event does not match the server's draft" : 'This draft was not dealt for an event';
  }
  return fields;
}

/**
 * The game a createGame body makes from the server's draft (its draftID): players, teams, hands, bans, map,
 * settings, civs per player, type and anonymous mode all come from the stored draft. A body that sends any
 * of them otherwise is refused, and nothing it sent is stored.
 */
export async function gameFromDraft(tx: Db, groupId: string, body: CreateGameBody, now: number, callerId: string): Promise<DraftedGame> {
  if (!body.draftID) throw invalid({ draftID: DRAFT_REQUIRED_MESSAGE }, DRAFT_REQUIRED_MESSAGE);
  const { row, result, options } = await takeDraft(tx, groupId, body.draftID, now);
  const caller = result.players.find((p) => p.userID === callerId);
  const visible = (player: DraftResult['players'][number]) => handVisible(row.anonymous_mode === 1, player, caller);
  const differences = differencesFromDraft(body, row.game_type, result, options.eventID, visible);
  if (Object.keys(differences).length) throw invalid(differences, DRAFT_MISMATCH_MESSAGE);
  return {
    gameType: row.game_type as GameType,
    players: result.players.map((p) => ({ userID: p.userID, team: p.team, civChoices: p.civChoices.map((c) => c.civID) })),
    map: result.map?.name ?? null,
    bannedLeaders: result.bannedLeaders.map((b) => b.civID),
    settings: result.settings,
    numCiv: result.numCiv,
    anonymousMode: row.anonymous_mode === 1,
    eventID: options.eventID,
    creationNote: redealNote(row.deal_number, row.earlier_deals),
  };
}

/** Marks the draft as made into this game, in the game's transaction: a draft makes one game. */
export async function markDraftUsed(tx: Db, draftID: string, gameId: string): Promise<void> {
  if (!(await drafts.markUsed(tx, draftID, gameId))) throw conflict(DRAFT_USED_MESSAGE, { draftID: DRAFT_USED_MESSAGE });
}
