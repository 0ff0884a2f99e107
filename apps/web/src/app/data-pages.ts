import { lazyPage } from '../lib/lazy';

/**
 * The pages that read the API, by the name routes.tsx gives them (`<DataPage name="dashboard" />`).
 * They are defined here, in DataLayout's chunk, so the entry chunk carries neither their imports
 * nor the lists of files each of them preloads.
 */
export const dataPages = {
  invite: lazyPage(() => import('../features/invite/pages/InvitePage')),
  dashboard: lazyPage(() => import('../features/dashboard/pages/DashboardPage')),
  search: lazyPage(() => import('../features/search/pages/SearchPage')),
  profile: lazyPage(() => import('../features/profile/ProfilePage')),
  steamLink: lazyPage(() => import('../features/steam/pages/SteamLinkPage')),
  osrsStats: lazyPage(() => import('../features/runescape/pages/OsrsStatsPage')),
  groupArea: lazyPage(() => import('../features/groups/pages/GroupAreaLayout')),
  groupWelcome: lazyPage(() => import('../features/groups/pages/WelcomePage')),
  groupUserSettings: lazyPage(() => import('../features/groups/pages/UserSettingsPage')),
  groupSettings: lazyPage(() => import('../features/groups/pages/GroupSettingsPage')),
  events: lazyPage(() => import('../features/events/pages/EventsPage')),
  civMembers: lazyPage(() => import('../features/civ-members/pages/MembersPage')),
  civPreferences: lazyPage(() => import('../features/civ-preferences/pages/PreferencesPage')),
  civMain: lazyPage(() => import('../features/civ-games/pages/MainPage')),
  civRankings: lazyPage(() => import('../features/civ-rankings/pages/RankingsPage')),
  civMember: lazyPage(() => import('../features/civ-member/pages/MemberPage')),
  civGame: lazyPage(() => import('../features/civ-game/pages/CivGamePage')),
  civDraft: lazyPage(() => import('../features/civ-draft/pages/DraftPage')),
  clanStats: lazyPage(() => import('../features/runescape-clan/pages/ClanStatsPage')),
  clanPlayer: lazyPage(() => import('../features/runescape-clan/pages/ClanPlayerPage')),
  clanCompetitions: lazyPage(() => import('../features/runescape-clan/competitions/pages/CompetitionsPage')),
  clanCompetition: lazyPage(() => import('../features/runescape-clan/competitions/pages/CompetitionPage')),
  clanBingos: lazyPage(() => import('../features/runescape-clan/bingo/pages/BingosPage')),
  clanBingo: lazyPage(() => import('../features/runescape-clan/bingo/pages/BingoPage')),
};
