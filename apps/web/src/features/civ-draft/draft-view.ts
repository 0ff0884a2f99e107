import type { CivLeader } from '@smm/shared/civilization/catalogue-types';
import { uniqueLeaders } from '@smm/shared/civilization/draft';
import type { DraftMachinePlayerView, DraftMachineView } from '@smm/shared/civilization/draft-machine-schemas';
import type { DraftPresetConfig } from '@smm/shared/civilization/draft-schemas';
import { personaOf } from '@smm/shared/civilization/labels';
import { MODE_LABELS } from './draft-mode-labels';

// How the live draft page reads the server's view: plain functions, so they read and test apart from the page.

type Names = ReadonlyMap<string, string>;

export const namesOf = (view: Pick<DraftMachineView, 'players'>): Names =>
  new Map(view.players.map((player) => [player.userID, player.username]));

export const nameOf = (names: Names, userID: string | null | undefined): string =>
  userID ? (names.get(userID) ?? 'A player') : 'The timer';

export const playerOf = (view: Pick<DraftMachineView, 'players'>, userID: string): DraftMachinePlayerView | undefined =>
  view.players.find((player) => player.userID === userID);

/** Time left as a clock reads it: "1:05", "0:09", "1:02:03"; nothing below zero. */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** '1 second', '2 seconds': how long is left, for a screen reader. */
export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** Captains: the team whose captain the viewer is, if any. */
export const captainTeamOf = (view: DraftMachineView, userID: string) => view.teams.find((team) => team.captainID === userID) ?? null;

/** Captains: "Team 1 bans", "Team 2 picks". */
export const stepLabel = (step: { kind: 'ban' | 'pick'; team: number }) => `Team ${step.team} ${step.kind === 'ban' ? 'bans' : 'picks'}`;

/**
 * Captains: the catalogue's leaders the captain on turn may try: every leader not yet banned (stored bans
 * included) or picked and, unless the group allows duplicates, not of a nation or persona already picked.
 * Who owns what only the server knows; it refuses a leader a team-mate lacks, with its reason.
 */
export function captainCandidates(catalogue: readonly CivLeader[], view: DraftMachineView, allowDuplicates: boolean): CivLeader[] {
  const picks = view.teams.flatMap((team) => team.picks);
  const taken = new Set([...view.bannedLeaders, ...picks].map((leader) => leader.civID));
  const nations = new Set(picks.map((leader) => leader.nation.trim()).filter(Boolean));
  const personas = new Set(picks.map((leader) => personaOf(leader.leader)).filter(Boolean));
  return uniqueLeaders(catalogue).filter((leader) => {
    if (taken.has(leader.civID)) return false;
    if (allowDuplicates) return true;
    return !nations.has(leader.nation.trim()) && !personas.has(personaOf(leader.leader));
  });
}

/**
 * One line saying where the draft stands, for everyone: what is awaited and from whom. A screen reader
 * hears it change (the page puts it in a status region), so it names the reader's own part first.
 */
export function standingText(view: DraftMachineView, viewerID: string): string {
  const names = namesOf(view);
  if (view.status === 'complete') {
    if (view.mode === 'blind') return 'All picks are revealed.';
    if (view.mode === 'majorityBans') return 'The bans are decided and the leaders are dealt.';
    if (view.mode === 'captains') return 'Every ban and pick is in.';
    return 'The draft is dealt.';
  }
  switch (view.mode) {
    case 'blind': {
      const waiting = view.players.filter((player) => !player.hasPicked);
      const me = playerOf(view, viewerID);
      const mine = me ? (me.hasPicked ? 'You have picked. ' : 'Pick your leader. ') : '';
      return `${mine}Waiting for ${plural(waiting.length, 'player')} to pick.`;
    }
    case 'majorityBans': {
      const waiting = view.players.filter((player) => !player.bansSubmitted);
      const me = playerOf(view, viewerID);
      const mine = me ? (me.bansSubmitted ? 'Your proposals are in. ' : 'Propose your bans. ') : '';
      return `${mine}Waiting for ${plural(waiting.length, 'player')} to propose bans.`;
    }
    case 'captains': {
      const { turn } = view;
      if (!turn) return 'Waiting for the next turn.';
      const action = turn.kind === 'ban' ? 'ban' : 'pick';
      if (turn.captainID === viewerID) return `Your turn: ${action} a leader for Team ${turn.team}.`;
      return `${nameOf(names, turn.captainID)} (Team ${turn.team}) is to ${action} a leader.`;
    }
    default:
      return '';
  }
}

const ORDER_LABELS = { snake: 'Snake', cwc: 'CWC' } as const;
const SELECTION_LABELS = { chosen: 'chosen captains', random: 'random captains', topRated: 'top-rated captains' } as const;

/** A preset's options in a line: "Captains draft · Team · Snake · 1 ban per team · 60 s per step". */
export function presetSummary(config: DraftPresetConfig): string {
  const parts: string[] = [MODE_LABELS[config.mode], config.gameType === 'team' ? `Team (${config.teamCount} teams)` : 'FFA'];
  if (config.mode === 'random' || config.mode === 'blind' || config.mode === 'majorityBans')
    parts.push(`${plural(config.numCiv, 'civ')} per player`);
  if (config.mode === 'captains') {
    parts.push(
      ORDER_LABELS[config.captainOrder],
      SELECTION_LABELS[config.captainSelection],
      `${plural(config.bansPerTeam, 'ban')} per team`,
      config.picksPerTeam === null ? 'one pick per player' : `${plural(config.picksPerTeam, 'pick')} per team`,
    );
  }
  if (config.mode === 'majorityBans') parts.push(`up to ${plural(config.majorityBansPerPlayer, 'ban')} per player`);
  if (config.mode !== 'random') parts.push(`${config.stepSeconds} s per step`);
  if (config.anonymousMode) parts.push('anonymous');
  return parts.join(' · ');
}
