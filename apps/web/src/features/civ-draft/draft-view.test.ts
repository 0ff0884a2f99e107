import { describe, expect, it } from 'vitest';
import { captainOptions } from '@smm/shared/civilization/draft-machine';
import { CIV6, FakeDraft } from './civ-draft-fixtures';
import { captainCandidates, countdownText, standingText } from './draft-view';

const players = [
  { userID: 'a', username: 'Ann', team: 1 },
  { userID: 'b', username: 'Bo', team: 1 },
  { userID: 'c', username: 'Cy', team: 2 },
  { userID: 'd', username: 'Di', team: 2 },
];
const captains = () =>
  new FakeDraft(
    'd1',
    {
      mode: 'captains',
      gameType: 'team',
      teamSplit: 'manual',
      captainSelection: 'chosen',
      captainIDs: ['a', 'c'],
      bansPerTeam: 1,
      picksPerTeam: 2,
    },
    players,
  );

describe('countdownText', () => {
  it.each([
    [60_000, '1:00'],
    [59_001, '1:00'],
    [59_000, '0:59'],
    [9_000, '0:09'],
    [1, '0:01'],
    [0, '0:00'],
    [-5_000, '0:00'],
    [3_723_000, '1:02:03'],
  ])('%i ms reads %s', (ms, text) => {
    expect(countdownText(ms)).toBe(text);
  });
});

describe('captainCandidates', () => {
  it('leaves out banned and picked leaders, and the nations and personas already picked unless duplicates are allowed', () => {
    const draft = captains();
    draft.act('a', { type: 'ban', civID: 'LEADER_TRAJAN' });
    draft.act('c', { type: 'ban', civID: 'LEADER_GANDHI' });
    draft.act('a', { type: 'pick', civID: 'LEADER_GORGO' });
    const view = draft.dto('c').view;
    const ids = (allow: boolean) => captainCandidates(CIV6.leaders, view, allow).map((leader) => leader.civID);

    for (const taken of ['LEADER_TRAJAN', 'LEADER_GANDHI', 'LEADER_GORGO']) {
      expect(ids(false)).not.toContain(taken);
      expect(ids(true)).not.toContain(taken);
    }
    // Greece is picked: Pericles leads it too.
    expect(ids(false)).not.toContain('LEADER_PERICLES');
    expect(ids(true)).toContain('LEADER_PERICLES');
    expect(ids(true)).toHaveLength(new Set(CIV6.leaders.map((leader) => leader.civID)).size - 3);
  });

  it('offers exactly what the machine allows when every player owns every pack', () => {
    const draft = captains();
    draft.act('a', { type: 'ban', civID: 'LEADER_TRAJAN' });
    draft.act('c', { type: 'ban', civID: 'LEADER_GANDHI' });
    draft.act('a', { type: 'pick', civID: 'LEADER_CLEOPATRA' });
    const offered = captainCandidates(CIV6.leaders, draft.dto('c').view, false).map((leader) => leader.civID);
    expect(offered.sort()).toEqual(
      captainOptions(draft.state)
        .map((leader) => leader.civID)
        .sort(),
    );
  });
});

describe('standingText', () => {
  it('names whose turn it is, and the reader’s own turn first', () => {
    const draft = captains();
    expect(standingText(draft.dto('a').view, 'a')).toBe('Your turn: ban a leader for Team 1.');
    expect(standingText(draft.dto('b').view, 'b')).toBe('Ann (Team 1) is to ban a leader.');
  });

  it('counts the players still to pick in a blind draft', () => {
    const draft = new FakeDraft('d2', { mode: 'blind', gameType: 'ffa', numCiv: 2 }, players);
    const stage = draft.state.stage;
    if (stage.mode !== 'blind') throw new Error('blind');
    draft.act('a', { type: 'blindPick', civID: stage.deal.players[0]!.civChoices[0]!.civID });
    expect(standingText(draft.dto('a').view, 'a')).toBe('You have picked. Waiting for 3 players to pick.');
    expect(standingText(draft.dto('b').view, 'b')).toBe('Pick your leader. Waiting for 3 players to pick.');
    expect(standingText(draft.dto('b').view, 'outsider')).toBe('Waiting for 3 players to pick.');
  });
});
