import type { CivLeader } from './catalogue-types';
import { DraftError, type DraftResult, type Random } from './draft';
import type { DraftMachineContext, DraftMachineState } from './draft-machine-schemas';
import { civChoiceLabel } from './labels';
import { initialSkill, skillOrdinal } from './ladder';

// What the draft machine's parts (draft-machine.ts, draft-captains.ts, draft-view.ts) share.

export interface DraftActionOptions {
  now: number;
  random: Random;
  /** A game has been recorded from this draft: it can no longer be redrafted. */
  gameRecorded?: boolean;
}

export const MS = 1000;
export const TIME_UP = 'Time is up for this step';
export const REDRAFT_CLOSED = 'A game has been recorded from this draft, so it can no longer be redrafted';

export type BlindStage = Extract<DraftMachineState['stage'], { mode: 'blind' }>;
export type MajorityStage = Extract<DraftMachineState['stage'], { mode: 'majorityBans' }>;
export type StatePlayer = DraftMachineState['players'][number];
export type TeamOf = Map<string, number | null | undefined>;

// ---- Small helpers ---------------------------------------------------------------------------------

/** An index in [0, length); a source that strays outside [0, 1) is held to the ends. */
export function pickIndex(random: Random, length: number): number {
  const index = Math.floor(random() * length);
  return Number.isNaN(index) ? 0 : Math.min(length - 1, Math.max(0, index));
}

export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const list = [...items];
  for (let i = 0; i < list.length - 1; i += 1) {
    const j = i + pickIndex(random, list.length - i);
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

/** 'Alice', 'Alice and Bob', 'Alice, Bob and Carol'. */
export function namesOf(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}

/** A copy to change; the context (the largest part) is never changed, so the copy shares it. */
export function clone(state: DraftMachineState): DraftMachineState {
  const { context, ...rest } = state;
  return { ...(JSON.parse(JSON.stringify(rest)) as Omit<DraftMachineState, 'context'>), context };
}
export const iso = (time: number): string => new Date(time).toISOString();
export const label = (leader: Pick<CivLeader, 'leader' | 'nation'>): string => civChoiceLabel(leader);
export const nationOf = (leader: Pick<CivLeader, 'nation'>): string => leader.nation.trim();

export const ratingOf = (context: DraftMachineContext, userID: string): number | null => context.ratings?.[userID] ?? null;
export const newPlayerRating = (context: DraftMachineContext): number => context.newPlayerRating ?? skillOrdinal(initialSkill());
export const allowsDuplicates = (context: DraftMachineContext): boolean => context.groupSettings.allowDuplicateCivs === true;

export function usernameOf(state: DraftMachineState, userID: string): string {
  return state.players.find((player) => player.userID === userID)?.username ?? 'A player';
}

export function requirePlayer(state: DraftMachineState, userID: string, message: string): StatePlayer {
  const player = state.players.find((candidate) => candidate.userID === userID);
  if (!player) throw new DraftError(message);
  return player;
}

export function stageDeadline(state: DraftMachineState): number | null {
  if (state.status !== 'running') return null;
  const { stage } = state;
  return stage.mode === 'random' ? null : stage.deadline;
}

export const playersOf = (result: DraftResult): StatePlayer[] =>
  result.players.map(({ userID, username, team }) => ({ userID, username, team }));
