import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateForChange, invalidateGroup } from './live-invalidation';

/** A cache holding the queries a group's pages read, plus another group's events. */
function cache() {
  const client = new QueryClient();
  const keys = [
    ['groups', 'g1'],
    ['groups', 'g1', 'events'],
    ['groups', 'g1', 'cards'],
    ['groups', 'g1', 'full'],
    ['groups', 'g1', 'availability'],
    ['groups', 'g1', 'drafts', 'd1'],
    ['groups', 'g1', 'drafts', 'd2'],
    ['groups', 'g2', 'events'],
    ['groups', 'g2', 'drafts', 'd3'],
  ];
  for (const key of keys) client.setQueryData(key, 'fresh');
  const stale = () => keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join('/'));
  return { client, stale };
}

describe('invalidateForChange', () => {
  it.each([
    ['events', ['groups/g1/events']],
    ['attendance', ['groups/g1/events']],
    ['cards', ['groups/g1/cards', 'groups/g1/full']],
    ['drafts', ['groups/g1/drafts/d1', 'groups/g1/drafts/d2']],
    ['availability', ['groups/g1/availability']],
    [
      'members',
      [
        'groups/g1',
        'groups/g1/events',
        'groups/g1/cards',
        'groups/g1/full',
        'groups/g1/availability',
        'groups/g1/drafts/d1',
        'groups/g1/drafts/d2',
      ],
    ],
    [
      'group',
      [
        'groups/g1',
        'groups/g1/events',
        'groups/g1/cards',
        'groups/g1/full',
        'groups/g1/availability',
        'groups/g1/drafts/d1',
        'groups/g1/drafts/d2',
      ],
    ],
  ] as const)('a %s change makes exactly the matching queries of that group stale', async (topic, expected) => {
    const { client, stale } = cache();
    await invalidateForChange(client, 'g1', { topic, action: 'changed' });
    expect(stale()).toEqual(expected);
  });

  it.each(['updated', 'changed', 'created', 'deleted', 'restored'])(
    "a game %s makes the group's game lists, the game's page and history, rankings and member stats stale; not comments or notes",
    async (action) => {
      const client = new QueryClient();
      const keys = [
        ['groups', 'g1', 'games', 'active'],
        ['groups', 'g1', 'games', 'x1'],
        ['groups', 'g1', 'games', 'x1', 'history'],
        ['groups', 'g1', 'games', 'x1', 'comments'],
        ['groups', 'g1', 'games', 'x1', 'notes', 'u1'],
        ['groups', 'g1', 'rankings', 'ffa', 'default'],
        ['groups', 'g1', 'memberStats', 'u1', 'ffa'],
        ['groups', 'g1', 'events'],
        ['groups', 'g1', 'civPreferences', 'u1'],
        ['groups', 'g2', 'games', 'active'],
      ];
      for (const key of keys) client.setQueryData(key, 'fresh');
      await invalidateForChange(client, 'g1', { topic: 'games', action, gameId: 'x1' });
      expect(keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join('/'))).toEqual([
        'groups/g1/games/active',
        'groups/g1/games/x1',
        'groups/g1/games/x1/history',
        'groups/g1/rankings/ffa/default',
        'groups/g1/memberStats/u1/ffa',
      ]);
    },
  );

  it.each([
    ['preferences', ['groups/g1/civPreferences/u1', 'groups/g1/civPreferences/u2', 'groups/g1/leaderAgendas']],
    ['gameSettings', ['groups/g1/full', 'groups/g1/civPreferences/u1', 'groups/g1/civPreferences/u2', 'groups/g1/availability']],
  ] as const)('a %s change makes exactly these queries of that group stale', async (topic, expected) => {
    const client = new QueryClient();
    const keys = [
      ['groups', 'g1'],
      ['groups', 'g1', 'full'],
      ['groups', 'g1', 'cards'],
      ['groups', 'g1', 'civPreferences', 'u1'],
      ['groups', 'g1', 'civPreferences', 'u2'],
      ['groups', 'g1', 'leaderAgendas'],
      ['groups', 'g1', 'availability'],
      ['groups', 'g1', 'games', 'x1'],
      ['groups', 'g2', 'civPreferences', 'u1'],
      ['groups', 'g2', 'full'],
    ];
    for (const key of keys) client.setQueryData(key, 'fresh');
    await invalidateForChange(client, 'g1', { topic, action: 'changed' });
    expect(keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join('/'))).toEqual(expected);
  });

  it('a reconnect makes everything of the group stale, and nothing of other groups', async () => {
    const { client, stale } = cache();
    await invalidateGroup(client, 'g1');
    expect(stale()).not.toContain('groups/g2/events');
    expect(stale()).not.toContain('groups/g2/drafts/d3');
    expect(stale()).toHaveLength(7);
  });
});

describe('attendance changes', () => {
  it("make the group's events and its attendance rates stale, not another group's", async () => {
    const client = new QueryClient();
    const keys = [
      ['groups', 'g1', 'events'],
      ['groups', 'g1', 'events', 'e1', 'attendance'],
      ['groups', 'g1', 'attendanceRates'],
      ['groups', 'g1', 'cards'],
      ['groups', 'g2', 'attendanceRates'],
    ];
    for (const key of keys) client.setQueryData(key, 'fresh');
    await invalidateForChange(client, 'g1', { topic: 'attendance', action: 'changed', eventId: 'e1' });
    expect(keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join('/'))).toEqual([
      'groups/g1/events',
      'groups/g1/events/e1/attendance',
      'groups/g1/attendanceRates',
    ]);
  });
});

describe('RuneScape clan changes', () => {
  it.each([
    ['competitions', ['groups/g1/competitions', 'groups/g1/competitions/c1']],
    ['bingo', ['groups/g1/bingos', 'groups/g1/bingos/b1', 'groups/g1/bingos/b1/claims']],
  ] as const)("a %s change makes that clan's list, open pages and claims stale, not another clan's", async (topic, expected) => {
    const client = new QueryClient();
    const keys = [
      ['groups', 'g1', 'competitions'],
      ['groups', 'g1', 'competitions', 'c1'],
      ['groups', 'g1', 'bingos'],
      ['groups', 'g1', 'bingos', 'b1'],
      ['groups', 'g1', 'bingos', 'b1', 'claims'],
      ['groups', 'g1', 'events'],
      ['groups', 'g2', 'competitions'],
      ['groups', 'g2', 'bingos', 'b2'],
    ];
    for (const key of keys) client.setQueryData(key, 'fresh');
    await invalidateForChange(client, 'g1', { topic, action: 'changed' });
    expect(keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join('/'))).toEqual(expected);
  });
});
