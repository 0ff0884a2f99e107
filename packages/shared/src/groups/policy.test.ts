import { describe, expect, it } from 'vitest';
import {
  can,
  canChangeRole,
  canDeleteGroup,
  canKick,
  GROUP_ACTIONS,
  roleSelectDisabled,
  VIEWERS,
  viewerFor,
  viewerInGroup,
  type GroupAction,
  type Viewer,
} from './policy';

// Written out by hand from spec sections 2, 5 and 6, not derived from the code under test.
// a = anonymous, n = non-member, m = member, A = administrator, o = owner.
const table: Record<GroupAction, { public: string; private: string }> = {
  viewGroup: { public: 'anmAo', private: 'mAo' },
  viewGroupByInvite: { public: 'anmAo', private: 'anmAo' },
  viewWelcome: { public: 'anmAo', private: 'mAo' },
  findInSearch: { public: 'nmAo', private: '' },
  viewFullGroup: { public: 'mAo', private: 'mAo' },
  viewMembers: { public: 'mAo', private: 'mAo' },
  viewInviteLink: { public: 'mAo', private: 'mAo' },
  viewEvents: { public: 'mAo', private: 'mAo' },
  viewPreferences: { public: 'mAo', private: 'mAo' },
  viewUserSettings: { public: 'mAo', private: 'mAo' },
  viewGroupSettings: { public: 'Ao', private: 'Ao' },
  joinGroup: { public: 'n', private: '' },
  joinGroupByInvite: { public: 'n', private: 'n' },
  leaveGroup: { public: 'mA', private: 'mA' },
  editOwnMembership: { public: 'mAo', private: 'mAo' },
  editGroupSettings: { public: 'Ao', private: 'Ao' },
  regenerateInviteLink: { public: 'Ao', private: 'Ao' },
  editCards: { public: 'Ao', private: 'Ao' },
  changeMemberRole: { public: 'Ao', private: 'Ao' },
  kickMember: { public: 'o', private: 'o' },
  deleteGroup: { public: 'o', private: 'o' },
  editOwnPreferences: { public: 'mAo', private: 'mAo' },
  editGroupGameSettings: { public: 'Ao', private: 'Ao' },
  viewGames: { public: 'mAo', private: 'mAo' },
  editGames: { public: 'mAo', private: 'mAo' },
  editDraftPresets: { public: 'Ao', private: 'Ao' },
  deleteAnyComment: { public: 'Ao', private: 'Ao' },
  viewClanStats: { public: 'mAo', private: 'mAo' },
  linkOwnAccount: { public: 'mAo', private: 'mAo' },
  renameOwnAccount: { public: 'mAo', private: 'mAo' },
  claimRosterInvitation: { public: 'mAo', private: 'mAo' },
  importClanRoster: { public: 'Ao', private: 'Ao' },
  viewCompetitions: { public: 'mAo', private: 'mAo' },
  joinCompetitions: { public: 'mAo', private: 'mAo' },
  manageCompetitions: { public: 'Ao', private: 'Ao' },
  viewBingo: { public: 'mAo', private: 'mAo' },
  claimBingo: { public: 'mAo', private: 'mAo' },
  manageBingo: { public: 'Ao', private: 'Ao' },
  respondToEvents: { public: 'mAo', private: 'mAo' },
  markAnyAttendance: { public: 'Ao', private: 'Ao' },
  viewAttendanceRates: { public: 'Ao', private: 'Ao' },
  remindAnyEventMembers: { public: 'Ao', private: 'Ao' },
};

const letter: Record<Viewer, string> = { anonymous: 'a', nonMember: 'n', member: 'm', administrator: 'A', owner: 'o' };

describe('can(action, { viewer, isPrivate })', () => {
  it('has a row for every action', () => {
    expect(Object.keys(table).sort()).toEqual([...GROUP_ACTIONS].sort());
  });

  const cases = GROUP_ACTIONS.flatMap((action) =>
    VIEWERS.flatMap((viewer) =>
      ([false, true] as const).map((isPrivate) => {
        const allowed = table[action][isPrivate ? 'private' : 'public'].includes(letter[viewer]);
        return { action, viewer, privacy: isPrivate ? 'private' : 'public', isPrivate, allowed };
      }),
    ),
  );

  it.each(cases)('$action by $viewer on a $privacy group -> $allowed', ({ action, viewer, isPrivate, allowed }) => {
    expect(can(action, { viewer, isPrivate })).toBe(allowed);
  });
});

describe('members table rules (spec 5)', () => {
  const rows = {
    ownerRow: { isOwner: true, role: 'Administrator' },
    adminRow: { isOwner: false, role: 'Administrator' },
    memberRow: { isOwner: false, role: 'Member' },
  } as const;
  // Which rows each viewer may change the role of, and kick.
  const expected: Record<Viewer, { roles: (keyof typeof rows)[]; kick: (keyof typeof rows)[] }> = {
    anonymous: { roles: [], kick: [] },
    nonMember: { roles: [], kick: [] },
    member: { roles: [], kick: [] },
    administrator: { roles: ['memberRow'], kick: [] },
    owner: { roles: ['adminRow', 'memberRow'], kick: ['adminRow', 'memberRow'] },
  };
  const cases = VIEWERS.flatMap((viewer) => (Object.keys(rows) as (keyof typeof rows)[]).map((row) => ({ viewer, row })));

  it.each(cases)('$viewer on $row', ({ viewer, row }) => {
    expect(roleSelectDisabled(viewer, rows[row])).toBe(!expected[viewer].roles.includes(row));
    expect(canChangeRole(viewer, rows[row])).toBe(expected[viewer].roles.includes(row));
    expect(canKick(viewer, rows[row])).toBe(expected[viewer].kick.includes(row));
  });

  it('only the owner may delete the group', () => {
    expect(VIEWERS.filter(canDeleteGroup)).toEqual(['owner']);
  });
});

describe('viewerFor / viewerInGroup', () => {
  const group = {
    groupOwner: 'o',
    members: [
      { userID: 'o', role: 'Administrator' },
      { userID: 'a', role: 'Administrator' },
      { userID: 'm', role: 'Member' },
    ],
  } as const;

  it.each([
    [null, 'anonymous'],
    [undefined, 'anonymous'],
    ['x', 'nonMember'],
    ['m', 'member'],
    ['a', 'administrator'],
    ['o', 'owner'],
  ] as const)('%s is %s', (userID, viewer) => {
    expect(viewerInGroup(group, userID)).toBe(viewer);
  });

  it('the owner stays the owner whatever the role says', () => {
    expect(viewerFor({ userID: 'o', groupOwner: 'o', role: 'Member' })).toBe('owner');
    expect(viewerFor({ userID: 'o', groupOwner: 'o', role: undefined })).toBe('owner');
  });
});
