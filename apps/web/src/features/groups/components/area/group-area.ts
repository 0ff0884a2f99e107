import { useOutletContext } from 'react-router';
import { LINK_URLS, type LinkUrl } from '@smm/shared/games/catalogue';
import type { GroupDto } from '@smm/shared/groups/schemas';
import { can, type GroupAction, type GroupContext, type Viewer } from '@smm/shared/groups/policy';

/** What every page of a group area knows: the group, who is looking and from which area. */
export interface GroupArea {
  area: LinkUrl;
  groupID: string;
  group: GroupDto;
  viewer: Viewer;
  context: GroupContext;
  user: { id: string; username: string };
}

export const useGroupArea = () => useOutletContext<GroupArea>();

// Server ids are UUIDs; anything else in the query string is a typo or a tampered link.
const GROUP_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The groupID of a group page's query string, or null when it cannot be parsed. */
export function parseGroupID(raw: string | null): string | null {
  const value = raw?.trim();
  return value && GROUP_ID.test(value) ? value : null;
}

/** The group area a path belongs to, from its first segment. */
export function areaOfPath(pathname: string): LinkUrl | null {
  const first = pathname.split('/')[1] ?? '';
  return (LINK_URLS as readonly string[]).includes(first) ? (first as LinkUrl) : null;
}

/** The page of a group area a path shows ('welcome' for the area root). */
export const pageOfPath = (pathname: string): string => pathname.split('/')[2] || 'welcome';

export const groupPagePath = (area: LinkUrl, page: string, groupID: string) => `/${area}/${page}?groupID=${encodeURIComponent(groupID)}`;

export interface GroupLink {
  page: string;
  label: string;
  action: GroupAction;
}

/**
 * The pages each area has today, in bar order. A page is listed only once it exists, and shown
 * only to viewers the shared policy lets use it.
 */
const AREA_LINKS: Record<LinkUrl, readonly GroupLink[]> = {
  civGroup: [
    { page: 'welcome', label: 'Welcome', action: 'viewWelcome' },
    { page: 'members', label: 'Members', action: 'viewMembers' },
    { page: 'main', label: 'Games', action: 'viewGames' },
    { page: 'rankings', label: 'Rankings', action: 'viewGames' },
    { page: 'events', label: 'Events', action: 'viewEvents' },
    { page: 'preferences', label: 'Preferences', action: 'viewPreferences' },
    { page: 'userSettings', label: 'User Settings', action: 'viewUserSettings' },
    { page: 'groupSettings', label: 'Group Settings', action: 'viewGroupSettings' },
  ],
  runeScapeClan: [
    { page: 'welcome', label: 'Welcome', action: 'viewWelcome' },
    { page: 'stats', label: 'Clan Stats', action: 'viewClanStats' },
    { page: 'competitions', label: 'Competitions', action: 'viewCompetitions' },
    { page: 'bingos', label: 'Bingo', action: 'viewBingo' },
    { page: 'events', label: 'Events', action: 'viewEvents' },
    { page: 'userSettings', label: 'User Settings', action: 'viewUserSettings' },
    { page: 'groupSettings', label: 'Group Settings', action: 'viewGroupSettings' },
  ],
  dotaGroup: [
    { page: 'welcome', label: 'Welcome', action: 'viewWelcome' },
    { page: 'events', label: 'Events', action: 'viewEvents' },
    { page: 'userSettings', label: 'User Settings', action: 'viewUserSettings' },
    { page: 'groupSettings', label: 'Group Settings', action: 'viewGroupSettings' },
  ],
};

/** The links of the group bar the viewer may use. */
export const visibleGroupLinks = (area: LinkUrl, context: GroupContext): GroupLink[] =>
  AREA_LINKS[area].filter((link) => can(link.action, context));
