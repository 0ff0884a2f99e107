import { describe, expect, it } from 'vitest';
import { competitionMetric } from '@smm/shared/runescape/competition-metrics';
import { boardMetrics, reachedTiles, teamGains } from '../src/features/runescape/bingo.board';
import type { MemberViewRow, TeamRow, TileRow } from '../src/features/runescape/bingo.repo';

// A team's gains on XP and kill-count tiles: the sum of its members' gains from their start
// snapshot to their latest one taken by the end, and the tiles whose goal that reaches.

const snapshot = (attack: number, zulrah: number | null) =>
  JSON.stringify({
    skills: [{ name: 'Attack', rank: 10, level: 90, xp: attack }],
    activities: [{ name: 'Zulrah', rank: zulrah === null ? -1 : 10, score: zulrah ?? -1 }],
  });

const tile = (id: string, kind: string, metric: string | null, goal: number | null): TileRow => ({
  id,
  bingo_id: 'b',
  position: 0,
  kind,
  title: id,
  description: '',
  metric,
  goal,
  points: 1,
});

function member(
  team: string,
  user: string,
  start: { attack: number; zulrah: number | null } | null,
  latest: string,
  takenAt = 2_000,
): MemberViewRow {
  return {
    bingo_id: 'b',
    user_id: user,
    team_id: team,
    player_id: `p-${user}`,
    start_status: start ? 'taken' : 'failed',
    start_attempts: 0,
    start_next_at: 0,
    start_taken_at: start ? 1_000 : null,
    start_values: start ? JSON.stringify({ attack: start.attack, zulrah: start.zulrah }) : null,
    end_status: 'pending',
    end_attempts: 0,
    end_next_at: 0,
    end_taken_at: null,
    end_values: null,
    username: user,
    player_name: user,
    game_mode: 'normal',
    last_checked_at: takenAt,
    latest_data: latest,
    latest_taken_at: takenAt,
  };
}

const teams: TeamRow[] = [
  { id: 'red', bingo_id: 'b', name: 'Red', position: 0 },
  { id: 'blue', bingo_id: 'b', name: 'Blue', position: 1 },
];

describe('bingo team gains', () => {
  const tiles = [tile('xp', 'xp', 'attack', 1_000), tile('kc', 'kc', 'zulrah', 5), tile('task', 'task', null, null)];
  const metrics = boardMetrics(tiles, 'osrs');

  it('reads only the metrics of XP and kill-count tiles', () => {
    expect(metrics.map((m) => m.id)).toEqual(['attack', 'zulrah']);
    expect(competitionMetric('osrs', 'zulrah')?.kind).toBe('boss');
  });

  it('sums members, counts a boss unranked at the start from 0, and ignores members without a start or past the end', () => {
    const members = [
      member('red', 'a', { attack: 10_000, zulrah: null }, snapshot(10_600, 3)),
      member('red', 'b', { attack: 20_000, zulrah: 50 }, snapshot(20_400, 52)),
      member('red', 'late', { attack: 0, zulrah: 0 }, snapshot(99_999, 99), 9_999),
      member('blue', 'c', null, snapshot(50_000, 10)),
    ];
    const gains = teamGains(metrics, members, 5_000);
    expect(gains.get('red')).toEqual({ attack: 1_000, zulrah: 5 });
    expect(gains.get('blue')).toEqual({ attack: 0, zulrah: 0 });
    expect(reachedTiles(tiles, teams, gains).map(({ tile: t, team }) => `${t.id}:${team.id}`)).toEqual(['xp:red', 'kc:red']);
  });
});
