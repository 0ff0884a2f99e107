import type { DraftMachineState } from '@smm/shared/civilization/draft-machine-schemas';
import type { EarlierDealRow } from './drafts.repo';

// Only the latest deal for a table counts, and everyone sees how many came before it.

/** A deal as the replacement rule reads it: who dealt it and for whom. */
export interface DealForTable {
  dealtBy: string;
  playerIds: readonly string[];
}

/**
 * Whether a newer deal replaces an earlier one: a newer deal by the same member for any of its players, or by
 * anyone for exactly its players. Dealing again and keeping the hand one likes is no draft.
 */
export function replacesDeal(newer: DealForTable, earlier: DealForTable): boolean {
  const players = new Set(earlier.playerIds);
  if (newer.dealtBy === earlier.dealtBy) return newer.playerIds.some((id) => players.has(id));
  return newer.playerIds.length === players.size && newer.playerIds.every((id) => players.has(id));
}

/** A recent draft as a new deal reads it: its own deal, its game if one was made, the deals it had replaced. */
export interface RecentDraft {
  id: string;
  created_by: string;
  dealer: string | null;
  created_at: number;
  game_id: string | null;
  players: readonly string[];
  earlier_deals: readonly EarlierDealRow[];
}

const dealOf = (draft: RecentDraft): DealForTable => ({ dealtBy: draft.created_by, playerIds: draft.players });
/** Ids are time-ordered within one instant. */
const isNewer = (a: RecentDraft, b: RecentDraft) =>
  Number(a.created_at) > Number(b.created_at) || (Number(a.created_at) === Number(b.created_at) && a.id > b.id);

/**
 * The recent drafts (none expired) a new deal replaces: those without a game that the rule says it replaces,
 * leaving out any a newer deal had already replaced and made a game from (that table was played; the next
 * deal for it starts again).
 */
export function replacedDrafts<D extends RecentDraft>(dealt: DealForTable, recent: readonly D[]): D[] {
  const made = recent.filter((draft) => draft.game_id !== null);
  return recent.filter(
    (draft) =>
      draft.game_id === null &&
      replacesDeal(dealt, dealOf(draft)) &&
      !made.some((game) => isNewer(game, draft) && replacesDeal(dealOf(game), dealOf(draft))),
  );
}

/**
 * The recent drafts still open: no game was made from them and no newer deal replaced them, newest first.
 * A replaced draft is another deal of the same table, which the newer one stands for.
 */
export function openDrafts<D extends RecentDraft>(recent: readonly D[]): D[] {
  return recent
    .filter(
      (draft) => draft.game_id === null && !recent.some((newer) => isNewer(newer, draft) && replacesDeal(dealOf(newer), dealOf(draft))),
    )
    .sort((a, b) => (isNewer(a, b) ? -1 : 1));
}

/**
 * The deals a new deal follows at its table: the drafts it replaces and every deal those had replaced, each
 * once, first dealt first, numbered from 1.
 */
export function earlierDealsFor(replaced: readonly RecentDraft[]): EarlierDealRow[] {
  const byDraft = new Map<string, Omit<EarlierDealRow, 'position'>>();
  for (const draft of replaced) {
    for (const deal of draft.earlier_deals) byDraft.set(deal.deal_id, deal);
    byDraft.set(draft.id, { deal_id: draft.id, dealt_by: draft.created_by, dealer: draft.dealer, dealt_at: Number(draft.created_at) });
  }
  return [...byDraft.values()]
    .sort((a, b) => a.dealt_at - b.dealt_at || (a.deal_id < b.deal_id ? -1 : 1))
    .map((deal, i) => ({ ...deal, position: i + 1 }));
}

/** What a game's creation records of a re-deal ("Deal 3 for these players: Alice dealt 2 earlier drafts it replaced"). */
export function redealNote(dealNumber: number, earlier: readonly Pick<EarlierDealRow, 'dealer'>[]): string | null {
  if (dealNumber <= 1 || !earlier.length) return null;
  const counts = new Map<string, number>();
  for (const deal of earlier) {
    const name = deal.dealer ?? 'A former member';
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const who = [...counts].map(([name, n]) => `${name} dealt ${n} earlier ${n === 1 ? 'draft' : 'drafts'}`).join(', ');
  return `Deal ${dealNumber} for these players: ${who} that this one replaced`;
}

/**
 * Whether players are in the middle of a draft: picks, bans or proposals made in a step still running, or a
 * redraft vote open. Dealing again then would throw away what they did.
 */
export function beingPlayed(state: DraftMachineState): boolean {
  if (state.vote) return true;
  if (state.status !== 'running') return false;
  const { stage } = state;
  if (stage.mode === 'blind') return Object.keys(stage.picks).length > 0;
  if (stage.mode === 'captains') return stage.turns.length > 0;
  if (stage.mode === 'majorityBans') return Object.keys(stage.proposals).length > 0;
  return false;
}

/**
 * Why a new deal may not replace the open drafts it would replace, or null when it may. Nobody replaces
 * another member's draft: its players make the game from it or vote for a redraft. A dealer replaces their own
 * draft (seen by every player as a re-deal), but not while its players are in the middle of it.
 */
export function dealRefusal<D extends RecentDraft & { state: DraftMachineState }>(
  dealerId: string,
  replaced: readonly D[],
  recent: readonly D[],
): string | null {
  const open = new Set(openDrafts(recent).map((draft) => draft.id));
  const standing = replaced.filter((draft) => open.has(draft.id));
  const others = standing.find((draft) => draft.created_by !== dealerId);
  if (others) {
    return `${others.dealer ?? 'A former member'} already dealt a draft for these players that has made no game yet: open it from the Games page and add its game, or call a redraft vote on it`;
  }
  if (standing.some((draft) => beingPlayed(draft.state))) {
    return 'Your draft for these players is under way: let its players finish it, or call a redraft vote on it, before dealing again';
  }
  return null;
}
