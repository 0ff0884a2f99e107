import { describe, expect, it } from 'vitest';
import { competitionGameOf, competitionMetric, competitionMetrics, metricIdOf } from './competition-metrics';
import { createCompetitionBody, setCompetitionTeamsBody, updateCompetitionBody } from './competition-schemas';

const valid = {
  groupID: 'g1',
  name: 'Skilling week',
  startsAt: '2026-12-01T18:00:00Z',
  endsAt: '2026-12-08T18:00:00+01:00',
  metrics: ['overall', 'zulrah'],
};

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe('competition metrics', () => {
  it("picks the game from the group's game name", () => {
    expect(competitionGameOf('RuneScape')).toBe('rs3');
    expect(competitionGameOf('Old School RuneScape')).toBe('osrs');
  });

  it('gives each game unique ids: overall, its skills, then bosses (Old School only) and activities', () => {
    for (const game of ['osrs', 'rs3'] as const) {
      const ids = competitionMetrics(game).map((m) => m.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids[0]).toBe('overall');
      expect(ids.every((id) => /^[a-z0-9_]+$/.test(id))).toBe(true);
    }
    const osrs = competitionMetrics('osrs');
    const rs3 = competitionMetrics('rs3');
    expect(osrs.filter((m) => m.kind === 'skill')).toHaveLength(24);
    expect(rs3.filter((m) => m.kind === 'skill')).toHaveLength(29);
    expect(rs3.some((m) => m.kind === 'boss')).toBe(false);
    expect(competitionMetric('osrs', 'constitution')).toEqual({
      id: 'constitution',
      label: 'Hitpoints',
      kind: 'skill',
      hiscoresName: 'Hitpoints',
    });
    expect(competitionMetric('rs3', 'constitution')?.hiscoresName).toBe('Constitution');
    expect(competitionMetric('osrs', 'runecrafting')?.hiscoresName).toBe('Runecraft');
    expect(competitionMetric('osrs', 'clue_scrolls_all')).toMatchObject({ kind: 'activity', hiscoresName: 'Clue Scrolls (all)' });
    expect(competitionMetric('osrs', 'chambers_of_xeric_challenge_mode')?.kind).toBe('boss');
    expect(competitionMetric('osrs', 'necromancy')).toBeUndefined();
    expect(competitionMetric('rs3', 'sailing')).toBeUndefined();
    expect(metricIdOf("K'ril Tsutsaroth")).toBe('k_ril_tsutsaroth');
  });
});

describe('createCompetitionBody', () => {
  it('keeps instants as epoch ms and fills the defaults', () => {
    const parsed = createCompetitionBody.parse(valid);
    expect(parsed).toMatchObject({ startsAt: Date.parse('2026-12-01T18:00:00Z'), kind: 'classic', participation: 'everyone' });
  });

  it('names the field of each problem', () => {
    expect(fieldsOf(createCompetitionBody.safeParse({ ...valid, name: ' ' }))).toEqual({ name: 'Name is required' });
    expect(fieldsOf(createCompetitionBody.safeParse({ ...valid, endsAt: valid.startsAt }))).toEqual({
      endsAt: 'End time must be after the start time',
    });
    expect(fieldsOf(createCompetitionBody.safeParse({ ...valid, metrics: [] }))).toEqual({ metrics: 'Pick at least one metric' });
    expect(fieldsOf(createCompetitionBody.safeParse({ ...valid, metrics: Array.from({ length: 11 }, (_, i) => `m${i}`) }))).toEqual({
      metrics: 'Pick at most 10 metrics',
    });
    expect(fieldsOf(createCompetitionBody.safeParse({ ...valid, participation: 'event' }))).toEqual({
      eventID: 'Pick the event whose attendees take part',
    });
    expect(fieldsOf(createCompetitionBody.safeParse({ ...valid, startsAt: undefined }))).toEqual({ startsAt: 'Start time is required' });
  });

  it('edits carry only what changes, with the version the editor saw', () => {
    expect(updateCompetitionBody.parse({ groupID: 'g', competitionID: 'c', name: 'New', expectedUpdatedAt: 5 })).toEqual({
      groupID: 'g',
      competitionID: 'c',
      name: 'New',
      expectedUpdatedAt: 5,
    });
  });
});

describe('setCompetitionTeamsBody', () => {
  it('takes teams by hand or a split, not both, and no one in two teams', () => {
    const ids = { groupID: 'g', competitionID: 'c' };
    expect(setCompetitionTeamsBody.safeParse({ ...ids, split: { teams: 2, by: 'level' } }).success).toBe(true);
    expect(fieldsOf(setCompetitionTeamsBody.safeParse(ids))).toEqual({ teams: 'Give the teams or a split, not both' });
    const twice = setCompetitionTeamsBody.safeParse({
      ...ids,
      teams: [
        { name: 'A', userIDs: ['u1'] },
        { name: 'B', userIDs: ['u1'] },
      ],
    });
    expect(fieldsOf(twice)).toEqual({ teams: 'A member may be in one team only' });
    const sameName = setCompetitionTeamsBody.safeParse({
      ...ids,
      teams: [
        { name: 'A', userIDs: [] },
        { name: 'a', userIDs: [] },
      ],
    });
    expect(fieldsOf(sameName)).toEqual({ teams: 'Each team needs its own name' });
  });
});
