import { describe, expect, it } from 'vitest';
import type { Viewer } from '@smm/shared/groups/policy';
import { areaOfPath, pageOfPath, parseGroupID, visibleGroupLinks } from './group-area';

describe('parseGroupID', () => {
  it.each([
    ['01a20725-8c7f-7612-8527-5a21021a8a9d', '01a20725-8c7f-7612-8527-5a21021a8a9d'],
    ['  abc_123  ', 'abc_123'],
    [null, null],
    ['', null],
    ['   ', null],
    ['undefined ', 'undefined'],
    ['1;drop table', null],
    ['../../etc', null],
    ['a'.repeat(65), null],
  ])('%j -> %j', (raw, expected) => {
    expect(parseGroupID(raw)).toBe(expected);
  });
});

it('reads the area and page from a path', () => {
  expect(areaOfPath('/dotaGroup/welcome')).toBe('dotaGroup');
  expect(areaOfPath('/runeScapeClan/groupSettings')).toBe('runeScapeClan');
  expect(areaOfPath('/dashboard')).toBeNull();
  expect(pageOfPath('/civGroup/userSettings')).toBe('userSettings');
  expect(pageOfPath('/civGroup')).toBe('welcome');
});

describe('the group bar shows only the links the viewer may use', () => {
  const labels = (viewer: Viewer, isPrivate = false) => visibleGroupLinks('runeScapeClan', { viewer, isPrivate }).map((link) => link.label);
  it.each<[Viewer, boolean, string[]]>([
    ['nonMember', false, ['Welcome']],
    ['nonMember', true, []],
    ['member', true, ['Welcome', 'Clan Stats', 'Competitions', 'Bingo', 'Events', 'User Settings']],
    ['administrator', true, ['Welcome', 'Clan Stats', 'Competitions', 'Bingo', 'Events', 'User Settings', 'Group Settings']],
    ['owner', false, ['Welcome', 'Clan Stats', 'Competitions', 'Bingo', 'Events', 'User Settings', 'Group Settings']],
  ])('%s of a group private=%s', (viewer, isPrivate, expected) => {
    expect(labels(viewer, isPrivate)).toEqual(expected);
  });

  it('is the same for Dota 2 groups', () => {
    expect(visibleGroupLinks('dotaGroup', { viewer: 'member', isPrivate: false }).map((l) => l.page)).toEqual(['welcome', 'events', 'userSettings']);
  });

  it('adds Members and Preferences for members of Civilization groups', () => {
    expect(visibleGroupLinks('civGroup', { viewer: 'member', isPrivate: false }).map((l) => l.page)).toEqual([
      'welcome',
      'members',
      'main',
      'rankings',
      'events',
      'preferences',
      'userSettings',
    ]);
    expect(visibleGroupLinks('civGroup', { viewer: 'nonMember', isPrivate: false }).map((l) => l.page)).toEqual(['welcome']);
  });
});
