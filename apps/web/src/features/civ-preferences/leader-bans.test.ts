import { describe, expect, it } from 'vitest';
import type { CivLeader } from '@smm/shared/civilization/catalogue-types';
import { leaderLabel, leadersByPack, matchesSearch, withToggles } from './leader-bans';

const leader = (civID: string, name: string, nation: string, pack: string): CivLeader => ({ civID, leader: name, nation, pack });
const gitarja = leader('G', 'Gitarja', 'Indonesia', 'Khmer and Indonesia');
const hojo = leader('H', 'Hōjō Tokimune', 'Japan', 'Base Game');
const trajan = leader('T', 'Trajan', 'Rome', 'Base Game');
const stray = leader('S', 'Someone', 'Somewhere', 'Unlisted Pack');

describe('matchesSearch', () => {
  it.each([
    ['', true],
    ['git', true],
    ['INDO', true],
    ['gitarja indonesia', true],
    ['gitarja rome', false],
    ['japan', false],
  ])('Gitarja (Indonesia) and %j: %s', (search, expected) => expect(matchesSearch(gitarja, search)).toBe(expected));

  it('ignores accents', () => expect(matchesSearch(hojo, 'hojo')).toBe(true));
});

it('groups leaders by pack in the catalogue order, unlisted packs last, empty packs dropped', () => {
  expect(leadersByPack([stray, gitarja, trajan, hojo], ['Base Game', 'Empty Pack', 'Khmer and Indonesia'])).toEqual([
    { pack: 'Base Game', leaders: [trajan, hojo] },
    { pack: 'Khmer and Indonesia', leaders: [gitarja] },
    { pack: 'Unlisted Pack', leaders: [stray] },
  ]);
});

it('applies pending adds and removes in order on top of the saved list', () => {
  expect(withToggles(['A', 'B'], [])).toEqual(['A', 'B']);
  expect(
    withToggles(
      ['A', 'B'],
      [
        { id: 'C', operation: 'add' },
        { id: 'A', operation: 'remove' },
        { id: 'C', operation: 'add' },
      ],
    ),
  ).toEqual(['B', 'C']);
  expect(
    withToggles(
      ['A'],
      [
        { id: 'B', operation: 'add' },
        { id: 'B', operation: 'remove' },
      ],
    ),
  ).toEqual(['A']);
});

it('labels a leader with their nation, once', () => {
  expect(leaderLabel(gitarja)).toBe('Gitarja (Indonesia)');
  expect(leaderLabel({ leader: 'Kublai Khan (China)', nation: 'China' })).toBe('Kublai Khan (China)');
  expect(leaderLabel({ leader: 'Saladin (Vizier)', nation: 'Arabia' })).toBe('Saladin (Vizier) (Arabia)');
});
