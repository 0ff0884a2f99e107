import type { Role } from '../constants';

/**
 * Who is looking at a group. The owner is also an Administrator; an Administrator is also a member.
 * Every rule of spec sections 5 and 6 about groups is a function of this and the group's privacy.
 */
export const VIEWERS = ['anonymous', 'nonMember', 'member', 'administrator', 'owner'] as const;
export type Viewer = (typeof VIEWERS)[number];

export const GROUP_ACTIONS = [
  /** Read the group's name, game and members (getGroup, the invite page). */
  'viewGroup',
  /** The same, holding the group's current invite code. */
  'viewGroupByInvite',
  /** Read the Welcome cards (getGroupCards). */
  'viewWelcome',
  /** Find the group on /search. */
  'findInSearch',
  /** Read the whole group with settings (getFullGroup). */
  'viewFullGroup',
  'viewMembers',
  'viewInviteLink',
  'viewEvents',
  'viewPreferences',
  'viewUserSettings',
  'viewGroupSettings',
  /** Join without an invite code. */
  'joinGroup',
  /** Join with the group's current invite code. */
  'joinGroupByInvite',
  'leaveGroup',
  /** Change one's own membership: active flag and event notifications. */
  'editOwnMembership',
  'editGroupSettings',
  'regenerateInviteLink',
  'editCards',
  'changeMemberRole',
  'kickMember',
  'deleteGroup',
  /** Set one's own availability, leader agenda, bans, map choices and setting preferences. */
  'editOwnPreferences',
  /** Enable or lock the group's game settings, set the leader ban limit and the group's time zone. */
  'editGroupGameSettings',
  /** Read the group's games, rankings and comments. */
  'viewGames',
  /** Draft and add games, edit them, declare winners, comment and keep notes. */
  'editGames',
  /** Delete (and restore) anyone's comment on a game; members delete only their own. */
  'deleteAnyComment',
  /** Save and delete the group's draft presets (a name with a draft mode and its options). */
  'editDraftPresets',
  /** RuneScape clans: read the clan's hiscores, gains and members' history, and ask for an update. */
  'viewClanStats',
  /** RuneScape clans: link or unlink one's own in-game account. */
  'linkOwnAccount',
  /** RuneScape clans: rename one's own linked account (its history carries over). */
  'renameOwnAccount',
  /** RuneScape clans: claim a name of the imported roster, which links it. */
  'claimRosterInvitation',
  /** RuneScape clans: import a roster of names as invitations members claim. */
  'importClanRoster',
  /** RuneScape clans: read the clan's competitions and their standings. */
  'viewCompetitions',
  /** RuneScape clans: join or leave a competition members join. */
  'joinCompetitions',
  /** RuneScape clans: create, edit and delete competitions and set their teams. */
  'manageCompetitions',
  /** RuneScape clans: read the clan's bingos, their boards and the points table. */
  'viewBingo',
  /** RuneScape clans: claim a task tile of a bingo for one's team, with a screenshot. */
  'claimBingo',
  /** RuneScape clans: create, edit and delete bingos, set their teams and moderators, and decide claims. */
  'manageBingo',
  /** Answer an event: Attending, Late, Maybe, Can sub or Not coming. */
  'respondToEvents',
  /** After any event of the group has ended, mark who came (an event's creator may for their own event too). */
  'markAnyAttendance',
  /** See each member's attendance rate on the Members page. */
  'viewAttendanceRates',
  /** See who has answered any event of the group and remind the rest (an event's creator may for their own). */
  'remindAnyEventMembers',
] as const;
export type GroupAction = (typeof GROUP_ACTIONS)[number];

export interface GroupContext {
  viewer: Viewer;
  isPrivate: boolean;
}

const isMember = (viewer: Viewer) => viewer === 'member' || viewer === 'administrator' || viewer === 'owner';
const isAdministrator = (viewer: Viewer) => viewer === 'administrator' || viewer === 'owner';

/** Whether the viewer may do the action on a group of that privacy. Pure: the web hides, the server refuses. */
export function can(action: GroupAction, { viewer, isPrivate }: GroupContext): boolean {
  switch (action) {
    case 'viewGroup':
    case 'viewWelcome':
      return !isPrivate || isMember(viewer);
    case 'viewGroupByInvite':
      return true;
    case 'findInSearch':
      return !isPrivate && viewer !== 'anonymous';
    case 'viewFullGroup':
    case 'viewMembers':
    case 'viewInviteLink':
    case 'viewEvents':
    case 'viewPreferences':
    case 'viewUserSettings':
    case 'editOwnMembership':
    case 'editOwnPreferences':
    case 'viewGames':
    case 'editGames':
    case 'viewClanStats':
    case 'linkOwnAccount':
    case 'renameOwnAccount':
    case 'claimRosterInvitation':
    case 'viewCompetitions':
    case 'joinCompetitions':
    case 'viewBingo':
    case 'claimBingo':
    case 'respondToEvents':
      return isMember(viewer);
    case 'joinGroup':
      return !isPrivate && viewer === 'nonMember';
    case 'joinGroupByInvite':
      return viewer === 'nonMember';
    case 'leaveGroup':
      return viewer === 'member' || viewer === 'administrator';
    case 'viewGroupSettings':
    case 'editGroupSettings':
    case 'regenerateInviteLink':
    case 'editCards':
    case 'changeMemberRole':
    case 'editGroupGameSettings':
    case 'editDraftPresets':
    case 'deleteAnyComment':
    case 'importClanRoster':
    case 'manageCompetitions':
    case 'manageBingo':
    case 'markAnyAttendance':
    case 'viewAttendanceRates':
    case 'remindAnyEventMembers':
      return isAdministrator(viewer);
    case 'kickMember':
    case 'deleteGroup':
      return viewer === 'owner';
  }
}

/** The viewer a user is in a group, from the group's owner and the user's role (undefined: not a member). */
export function viewerFor(params: { userID: string | null | undefined; groupOwner: string; role: Role | null | undefined }): Viewer {
  if (!params.userID) return 'anonymous';
  if (params.userID === params.groupOwner) return 'owner';
  if (params.role === 'Administrator') return 'administrator';
  if (params.role === 'Member') return 'member';
  return 'nonMember';
}

/** The viewer a user is in a group as the API returns it (`groupOwner`, `members[]`). */
export function viewerInGroup(
  group: { groupOwner: string; members: readonly { userID: string; role: Role }[] },
  userID: string | null | undefined,
): Viewer {
  const role = group.members.find((member) => member.userID === userID)?.role;
  return viewerFor({ userID, groupOwner: group.groupOwner, role });
}

/** A row of the members table, as the rules about it need it. */
export interface MemberRow {
  isOwner: boolean;
  role: Role;
}

/** Spec 5: the role select is disabled for the owner's row, and for Administrators' rows unless the viewer is the owner. */
export function roleSelectDisabled(viewer: Viewer, row: MemberRow): boolean {
  if (!can('changeMemberRole', { viewer, isPrivate: false })) return true;
  if (row.isOwner) return true;
  return row.role === 'Administrator' && viewer !== 'owner';
}

/** Whether the viewer may change that member's role (to Administrator or Member). */
export const canChangeRole = (viewer: Viewer, row: MemberRow): boolean => !roleSelectDisabled(viewer, row);

/** Spec 5: Kick shows only to the owner, and never on the owner's row. */
export const canKick = (viewer: Viewer, row: Pick<MemberRow, 'isOwner'>): boolean => viewer === 'owner' && !row.isOwner;

/** Spec 5: Delete Group shows only to the owner. */
export const canDeleteGroup = (viewer: Viewer): boolean => can('deleteGroup', { viewer, isPrivate: false });
