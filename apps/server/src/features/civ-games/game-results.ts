import { checkPlacements, defaultPlacements, sideOf } from '@smm/shared/civilization/placements';
import { RESULT_CHANGED_MESSAGE, type UpdateGameBody } from '@smm/shared/civilization/games-schemas';
import { conflict, invalid } from '../../errors';
import type { GameMemberRow, GameRow } from './civ-games.repo';
import { parseJson } from './civ-games.mapper';

export const WINNER_RULE_MESSAGE = 'A winner can be declared only when one active member, or one team, remains';
export const LAST_STANDING_MESSAGE = 'Someone must remain in the game: declare the last player or team standing the winner instead';
export const TEAMS_RULE_MESSAGE = 'A team game needs at least two teams with players';
export const PLAYERS_RULE_MESSAGE = 'A free-for-all game needs at least two players';
export const TEAM_REQUIRED_MESSAGE = 'Every player of a team game needs a team from 1 to 12';

/** A game and its members as they stand, or would stand after a change. */
export interface GameState {
  game: GameRow;
  members: GameMemberRow[];
}

/**
 * Refuses a change sent from a view of an older result (the resultVersion its dialog opened with):
 * 409, and nothing is saved. A change sent without a version is made over whatever is stored.
 */
export function assertResultUnchanged(game: Pick<GameRow, 'result_version'>, expected: number | undefined): void {
  if (expected !== undefined && expected !== game.result_version) throw conflict(RESULT_CHANGED_MESSAGE);
}

/** What kind of thing a line of a change is: who may make it depends on it. */
export type ChangeKind = 'details' | 'result' | 'civPlayed';

export interface ChangeLine {
  field: string;
  before: string;
  after: string;
  kind: ChangeKind;
  /** The player the line is about, if any. */
  userID?: string;
}

/** Game-type rules any game must keep: enough players, or enough teams with players. */
export function assertPlayable(gameType: string, members: readonly { team: number | null }[]): void {
  if (gameType === 'team') {
    if (members.some((m) => m.team === null)) throw invalid({ members: TEAM_REQUIRED_MESSAGE });
    if (new Set(members.map((m) => m.team)).size < 2) throw invalid({ members: TEAMS_RULE_MESSAGE });
  } else if (members.length < 2) {
    throw invalid({ members: PLAYERS_RULE_MESSAGE });
  }
}

const ordinalWord = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/** Every recorded value of a game, in words, keyed so two states can be compared line by line. */
function describe(state: GameState): Map<string, Omit<ChangeLine, 'before' | 'after'> & { value: string }> {
  const { game, members } = state;
  const name = (id: string | null) => (id === null ? '(none)' : (members.find((m) => m.user_id === id)?.username ?? id));
  const lines = new Map<string, Omit<ChangeLine, 'before' | 'after'> & { value: string }>();
  lines.set('gameName', { field: 'Name', kind: 'details', value: game.game_name });
  lines.set('lobbyLink', { field: 'Lobby link', kind: 'details', value: game.lobby_link || '(none)' });
  lines.set('gameType', { field: 'Game type', kind: 'result', value: game.game_type === 'team' ? 'Teams' : 'FFA' });
  lines.set('host', { field: 'Host', kind: 'result', value: name(game.host) });
  lines.set('chosenHost', { field: 'Records the results', kind: 'result', value: name(game.chosen_host) });
  const winner = game.winner === null ? '(none)' : game.game_type === 'team' ? `Team ${game.winner}` : name(game.winner);
  lines.set('winner', { field: 'Winner', kind: 'result', value: winner });
  lines.set('victoryType', { field: 'Victory type', kind: 'result', value: game.victory_type ?? '(none)' });
  for (const m of members) {
    const about = { userID: m.user_id };
    lines.set(`status:${m.user_id}`, {
      field: `${m.username}: status`,
      kind: 'result',
      ...about,
      value: m.is_active ? 'Active' : 'Eliminated',
    });
    lines.set(`team:${m.user_id}`, {
      field: `${m.username}: team`,
      kind: 'result',
      ...about,
      value: m.team === null ? '(none)' : `Team ${m.team}`,
    });
    lines.set(`placement:${m.user_id}`, {
      field: `${m.username}: placement`,
      kind: 'result',
      ...about,
      value: m.placement === null ? '(none)' : ordinalWord(m.placement),
    });
    lines.set(`civPlayed:${m.user_id}`, {
      field: `${m.username}: leader played`,
      kind: 'civPlayed',
      ...about,
      value: m.civ_played ?? '(none)',
    });
  }
  return lines;
}

/** The lines that differ between two states of one game. */
export function diffStates(before: GameState, after: GameState): ChangeLine[] {
  const a = describe(before);
  const b = describe(after);
  const lines: ChangeLine[] = [];
  for (const [key, line] of b) {
    const was = a.get(key);
    if (was && was.value === line.value) continue;
    const { value, ...rest } = line;
    lines.push({ ...rest, before: was?.value ?? '(none)', after: value });
  }
  return lines;
}

export interface PlannedChange {
  after: GameState;
  lines: ChangeLine[];
  justFinished: boolean;
  reopened: boolean;
  /** Anything the ladder counts changed (winner, victory type, placements, teams, type, the game's finish). */
  resultChanged: boolean;
}

/**
 * Works out what a change does to a game, or refuses it: someone stays active; the host stays an active member (a
 * deactivated host passes to the first active one); a winner only when one active member or team
 * remains, and only that one; players eliminated in one change share an elimination step; a
 * finished game gets placements (the winner first, then the reverse elimination order, or as the
 * recorder sets them). Writes nothing.
 */
export function planChange(
  before: GameState,
  body: Omit<UpdateGameBody, 'gameID' | 'expectedResultVersion'>,
  options: { now: number; leaderIds: ReadonlySet<string> },
): PlannedChange {
  const { game } = before;
  const members = before.members.map((m) => ({ ...m }));
  const byId = new Map(members.map((m) => [m.user_id, m]));
  const gameType = body.gameType ?? game.game_type;
  if (body.gameType && body.gameType !== game.game_type && game.finished_at !== null && body.winner === undefined) {
    throw conflict('Reopen the game (no winner) before changing its type');
  }
  const step = game.elimination_steps + 1;
  let eliminatedNow = false;
  for (const change of body.members ?? []) {
    const member = byId.get(change.userID);
    if (!member) throw invalid({ members: `Not a player of this game: ${change.userID}` });
    if (change.isActive !== undefined) {
      const active = change.isActive ? 1 : 0;
      if (member.is_active === 1 && active === 0) {
        member.eliminated_step = step;
        eliminatedNow = true;
      } else if (active === 1) member.eliminated_step = null;
      member.is_active = active;
    }
    if (change.team !== undefined) member.team = change.team;
    if (change.civPlayed !== undefined) {
      const hand = parseJson<string[]>(member.civ_choices, []);
      if (change.civPlayed !== null && (hand.length ? !hand.includes(change.civPlayed) : !options.leaderIds.has(change.civPlayed))) {
        throw invalid({ members: `${member.username} can only have played one of their civ choices` });
      }
      member.civ_played = change.civPlayed;
    }
  }
  assertPlayable(gameType, members);
  const active = members.filter((m) => m.is_active === 1);
  // A game ends with a winner: eliminating everyone would leave one nobody can finish, nor host.
  if (!active.length && eliminatedNow) throw invalid({ members: LAST_STANDING_MESSAGE }, LAST_STANDING_MESSAGE);

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
  if (winner !== null) {
    if (!victoryType) throw invalid({ victoryType: 'Choose the victory type of the win' });
    const remaining = [...new Set(active.map((m) => sideOf(gameType, { userID: m.user_id, team: m.team })))];
    const winnerKey = sideOf(gameType, gameType === 'team' ? { userID: '', team: Number(winner) } : { userID: winner, team: null });
    if (remaining.length !== 1) throw conflict(WINNER_RULE_MESSAGE);
    if (remaining[0] !== winnerKey) {
      throw invalid({
        winner: gameType === 'team' ? 'The winner must be the team that remains' : 'The winner must be the member who remains',
      });
    }
  } else if (victoryType) {
    throw invalid({ winner: 'Choose the winner' });
  }
  const finishedAt = winner === null ? null : (game.finished_at ?? options.now);

  const ladderMembers = members.map((m) => ({ userID: m.user_id, team: m.team, eliminatedStep: m.eliminated_step }));
  const structureChanged =
    game.finished_at === null ||
    game.winner !== winner ||
    game.game_type !== gameType ||
    members.some((m) => {
      const was = before.members.find((b) => b.user_id === m.user_id)!;
      return was.is_active !== m.is_active || was.team !== m.team;
    });
  if (winner === null) {
    if (body.placements?.length) throw invalid({ placements: 'Only a finished game has placements' });
    for (const m of members) m.placement = null;
  } else if (body.placements?.length) {
    const claims = body.placements.map((p) => {
      if (gameType === 'team') {
        if (p.team === undefined) throw invalid({ placements: 'Place teams by their team number' });
        return { side: sideOf(gameType, { userID: '', team: p.team }), placement: p.placement };
      }
      if (!p.userID) throw invalid({ placements: 'Place players by their userID' });
      return { side: sideOf(gameType, { userID: p.userID, team: null }), placement: p.placement };
    });
    const checked = checkPlacements(gameType, ladderMembers, winner, claims);
    if ('problem' in checked) throw invalid({ placements: checked.problem });
    for (const m of members) m.placement = checked.ranks.get(sideOf(gameType, { userID: m.user_id, team: m.team })) ?? null;
  } else if (structureChanged || members.some((m) => m.placement === null)) {
    const ranks = defaultPlacements(gameType, ladderMembers, winner);
    for (const m of members) m.placement = ranks.get(sideOf(gameType, { userID: m.user_id, team: m.team })) ?? null;
  }
  for (const m of members) m.won = m.placement === 1 ? 1 : 0;

  const after: GameState = {
    game: {
      ...game,
      game_name: body.gameName ?? game.game_name,
      lobby_link: body.lobbyLink ?? game.lobby_link,
      game_type: gameType,
      host,
      // Only a change that names a host moves the right to record; an elimination moves the lobby alone.
      chosen_host: body.host ? body.host : game.chosen_host,
      winner,
      victory_type: victoryType,
      finished_at: finishedAt,
      elimination_steps: eliminatedNow ? step : game.elimination_steps,
    },
    members,
  };
  const lines = diffStates(before, after);
  // Only what every member sees of the result raises its version. The leader a member played is
  // withheld from some readers in anonymous mode: a version raised by it would tell them it changed.
  if (lines.some((l) => l.kind === 'result')) after.game.result_version = game.result_version + 1;
  const justFinished = game.finished_at === null && finishedAt !== null;
  return {
    after,
    lines,
    justFinished,
    reopened: game.finished_at !== null && finishedAt === null,
    resultChanged: game.finished_at !== finishedAt || (finishedAt !== null && lines.some((l) => l.kind === 'result')),
  };
}
