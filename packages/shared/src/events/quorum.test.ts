import { describe, expect, it } from 'vitest';
import { VIEWERS, type Viewer } from '../groups/policy';
import { answeredText, canRemindEventMembers, QUORUM_CHECK_CHOICES, quorumCheckLabel, quorumInputFields } from './quorum';

describe('canRemindEventMembers', () => {
  // Written out by hand: the creator (while a member) and Administrators, nobody else.
  const table: Record<Viewer, { creator: boolean; other: boolean }> = {
    anonymous: { creator: false, other: false },
    nonMember: { creator: false, other: false },
    member: { creator: true, other: false },
    administrator: { creator: true, other: true },
    owner: { creator: true, other: true },
  };
  it.each(VIEWERS.flatMap((role) => [true, false].map((isCreator) => [role, isCreator] as const)))('%s, creator %s', (role, isCreator) => {
    const allowed = canRemindEventMembers({ userID: 'creator' }, { userID: isCreator ? 'creator' : 'someone', role });
    expect(allowed).toBe(table[role][isCreator ? 'creator' : 'other']);
  });
  it('refuses a signed-out viewer even if the ids were both missing', () => {
    expect(canRemindEventMembers({ userID: '' }, { userID: '', role: 'member' })).toBe(false);
  });
});

describe('the minimum fields', () => {
  it('name each check time as people say it', () => {
    expect(QUORUM_CHECK_CHOICES.map(quorumCheckLabel)).toEqual(['1 hour', '3 hours', '6 hours', '12 hours', '24 hours', '48 hours']);
  });
  it('accept the listed check times and whole minimums 1 to 12, and refuse the rest', () => {
    for (const minutes of QUORUM_CHECK_CHOICES) expect(quorumInputFields.quorumCheckMinutes.safeParse(minutes).success).toBe(true);
    for (const minutes of [0, 30, 90, 61, 4320]) expect(quorumInputFields.quorumCheckMinutes.safeParse(minutes).success).toBe(false);
    for (const n of [1, 12, null]) expect(quorumInputFields.minPlayers.safeParse(n).success).toBe(true);
    for (const n of [0, 13, 2.5, '3']) expect(quorumInputFields.minPlayers.safeParse(n).success).toBe(false);
  });
  it('say "5 of 8 answered"', () => {
    expect(answeredText({ answered: 5, members: 8 })).toBe('5 of 8 answered');
  });
});
