import type { ComponentType } from 'react';
import { lazyPage } from '../lib/lazy';

const pageStyles = () => import('../styles/page-styles');

/**
 * A page loaded together with the styles of the pages that read the API (styles/page-styles.ts): both are
 * fetched at once and the page renders when both are in. The dashboard loads without them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as lazyPage: each page's props are its own.
function styledPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazyPage(() => Promise.all([load(), pageStyles()]).then(([page]) => page));
}

/**
 * The pages that read the API, by the name routes.tsx gives them (`<DataPage name="dashboard" />`).
 * They are defined here, in DataLayout's chunk, so the entry chunk carries neither their imports
 * nor the lists of files each of them preloads.
 */
export const dataPages = {
  invite: styledPage(() => import('../features/invite/pages/InvitePage')),
  dashboard: lazyPage(() => import('../features/dashboard/pages/DashboardPage')),
  search: styledPage(() => import('../features/search/pages/SearchPage')),
  profile: styledPage(() => import('../features/profile/ProfilePage')),
  steamLink: styledPage(() => import('../features/steam/pages/SteamLinkPage')),
  osrsStats: styledPage(() => import('../features/runescape/pages/OsrsStatsPage')),
  groupArea: styledPage(() => import('../features/groups/pages/GroupAreaLayout')),
  groupWelcome: styledPage(() => import('../features/groups/pages/WelcomePage')),
  groupUserSettings: styledPage(() => import('../features/groups/pages/UserSettingsPage')),
  groupSettings: styledPage(() => import('../features/groups/pages/GroupSettingsPage')),
  events: styledPage(() => import('../features/events/pages/EventsPage')),
  civMembers: styledPage(() => import('../features/civ-members/pages/MembersPage')),
  civPreferences: styledPage(() => import('../features/civ-preferences/pages/PreferencesPage')),
  civMain: styledPage(() => import('../features/civ-games/pages/MainPage')),
  civRankings: styledPage(() => import('../features/civ-rankings/pages/RankingsPage')),
  civMember: styledPage(() => import('../features/civ-member/pages/MemberPage')),
  civGame: styledPage(() => import('../features/civ-game/pages/CivGamePage')),
  civDraft: styledPage(() => import('../features/civ-draft/pages/DraftPage')),
  clanStats: styledPage(() => import('../features/runescape-clan/pages/ClanStatsPage')),
  clanPlayer: styledPage(() => import('../features/runescape-clan/pages/ClanPlayerPage')),
  clanCompetitions: styledPage(() => import('../features/runescape-clan/competitions/pages/CompetitionsPage')),
  clanCompetition: styledPage(() => import('../features/runescape-clan/competitions/pages/CompetitionPage')),
  clanBingos: styledPage(() => import('../features/runescape-clan/bingo/pages/BingosPage')),
  clanBingo: styledPage(() => import('../features/runescape-clan/bingo/pages/BingoPage')),
};
