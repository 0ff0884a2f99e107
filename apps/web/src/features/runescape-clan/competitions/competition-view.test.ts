import { describe, expect, it } from 'vitest';
import type { CompetitionSummary } from '@smm/shared/runescape/competition-schemas';
import { chartData } from './competition-chart';
import { bySection, formatGain, metricLabel, metricUnit, missingFields, snapshotNote, type CompetitionForm } from './competition-view';
import { firstProblem } from '../contests/contest-view';
import { handTeams, initialTeamNames } from '../contests/teams';

const summary = (name: string, status: CompetitionSummary['status']) => ({ name, status }) as CompetitionSummary;

describe('the list sections', () => {
  it('puts each competition under its status, keeping the server order', () => {
    const sections = bySection([summary('A', 'ongoing'), summary('B', 'upcoming'), summary('C', 'finished'), summary('D', 'upcoming')]);
    expect(sections.ongoing.map((c) => c.name)).toEqual(['A']);
    expect(sections.upcoming.map((c) => c.name)).toEqual(['B', 'D']);
    expect(sections.finished.map((c) => c.name)).toEqual(['C']);
  });
});

describe('metrics are named in the clan’s own game', () => {
  it.each([
    ['osrs', 'constitution', 'Hitpoints', 'XP'],
    ['rs3', 'constitution', 'Constitution', 'XP'],
    ['osrs', 'zulrah', 'Zulrah', 'kills'],
    ['osrs', 'clue_scrolls_all', 'Clue Scrolls (all)', 'score'],
    ['rs3', 'necromancy', 'Necromancy', 'XP'],
    ['osrs', 'overall', 'Overall', 'XP'],
    ['osrs', 'gone_metric', 'gone_metric', 'XP'],
  ] as const)('%s %s -> %s (%s)', (game, id, label, unit) => {
    expect(metricLabel(game, id)).toBe(label);
    expect(metricUnit(game, id)).toBe(unit);
  });
});

it.each([
  [null, '-'],
  [undefined, '-'],
  [0, '0'],
  [1234, '+1,234'],
  [-5, '-5'],
])('formatGain(%j) = %j', (value, text) => {
  expect(formatGain(value)).toBe(text);
});

describe('snapshot status beside an account', () => {
  const p = (
    startSnapshot: 'pending' | 'taken' | 'failed',
    endSnapshot: 'pending' | 'taken' | 'failed',
    playerName: string | null = 'Zezima',
  ) => ({
    playerName,
    startSnapshot,
    endSnapshot,
  });
  it.each([
    [p('pending', 'pending'), 'upcoming', null],
    [p('pending', 'pending'), 'ongoing', 'Start snapshot pending'],
    [p('failed', 'pending'), 'ongoing', 'Start snapshot failed: the hiscores did not answer'],
    [p('taken', 'pending'), 'ongoing', null],
    [p('taken', 'pending'), 'finished', 'End snapshot pending'],
    [p('taken', 'failed'), 'finished', 'End snapshot failed: the hiscores did not answer'],
    [p('taken', 'taken'), 'finished', null],
    [p('pending', 'pending', null), 'ongoing', 'No linked account'],
  ] as const)('%j while %s -> %j', (participant, status, note) => {
    expect(snapshotNote(participant, status)).toBe(note);
  });
});

describe('the create form says what is missing before sending', () => {
  const form: CompetitionForm = {
    name: 'Slayer week',
    startsAt: 1_000,
    endsAt: 2_000,
    metrics: ['slayer'],
    kind: 'classic',
    participation: 'everyone',
    eventID: '',
    teams: 'hand',
    teamCount: 2,
  };
  it('nothing for a complete form', () => expect(missingFields(form)).toEqual({}));
  it('each missing field under its own name, the first one beside Submit', () => {
    const missing = missingFields({ ...form, name: '  ', startsAt: null, endsAt: null, metrics: [], participation: 'event' });
    expect(missing).toEqual({
      name: 'Name is required',
      startsAt: 'Start time is required',
      endsAt: 'End time is required',
      metrics: 'Pick at least one metric',
      eventID: 'Pick the event whose attendees take part',
    });
    expect(firstProblem(missing)).toBe('Fix the marked field: Name is required');
    expect(firstProblem({})).toBeUndefined();
  });
  it('an end not after the start', () => {
    expect(missingFields({ ...form, endsAt: 1_000 })).toEqual({ endsAt: 'End time must be after the start time' });
  });
});

describe('teams by hand', () => {
  it('starts from the current teams or two new ones', () => {
    expect(initialTeamNames([])).toEqual(['Team 1', 'Team 2']);
    expect(initialTeamNames(['Red', 'Blue', 'Green'])).toEqual(['Red', 'Blue', 'Green']);
  });
  it('puts each participant in their team, trimming names', () => {
    expect(handTeams([' Red ', 'Blue'], { a: 1, b: 0, c: 1, d: 7 })).toEqual([
      { name: 'Red', userIDs: ['b', 'd'] },
      { name: 'Blue', userIDs: ['a', 'c'] },
    ]);
  });
});

describe('the chart', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 12, minute)).toISOString();
  it('lays every leader on one time axis, holding each total until their next snapshot', () => {
    const data = chartData([
      {
        userID: 'a',
        username: 'Ann',
        playerName: 'Grinder',
        points: [
          { at: at(0), total: 0 },
          { at: at(10), total: 500 },
        ],
      },
      { userID: 'b', username: 'Bob', playerName: null, points: [{ at: at(5), total: 100 }] },
    ]);
    expect(data.times).toEqual([at(0), at(5), at(10)].map((iso) => Date.parse(iso) / 1000));
    expect(data.lines.map((l) => [l.label, l.values, l.latest])).toEqual([
      ['Grinder', [0, 0, 500], 500],
      ['Bob', [null, 100, 100], 100],
    ]);
    expect(new Set(data.lines.map((l) => l.color)).size).toBe(2);
  });
  it('is empty before any snapshot', () => {
    expect(chartData([{ userID: 'a', username: 'Ann', playerName: 'A', points: [] }])).toEqual({
      times: [],
      lines: [expect.objectContaining({ values: [], latest: 0 })],
    });
  });
});
