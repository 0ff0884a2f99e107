import { Route, Routes } from 'react-router';
import { GuestOnly, RequireAuth } from './guards';
import { lazyPage } from './lazy';
import { RootLayout } from './RootLayout';

const DataLayout = lazyPage(() => import('./DataLayout'));
const LandingPage = lazyPage(() => import('../features/landing/LandingPage'));
const LoginPage = lazyPage(() => import('../features/auth/pages/LoginPage'));
const RegisterPage = lazyPage(() => import('../features/auth/pages/RegisterPage'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/pages/ResetPasswordPage'));
const ChangePasswordPage = lazyPage(() => import('../features/auth/pages/ChangePasswordPage'));
const ContactPage = lazyPage(() => import('../features/contact/ContactPage'));
const ReleaseNotesPage = lazyPage(() => import('../features/info/ReleaseNotesPage'));
const FaqPage = lazyPage(() => import('../features/info/FaqPage'));
const SupportPage = lazyPage(() => import('../features/info/SupportPage'));
const UpcomingPage = lazyPage(() => import('../features/info/UpcomingPage'));
const NotFoundPage = lazyPage(() => import('../features/info/NotFoundPage'));
const DashboardPage = lazyPage(() => import('../features/dashboard/pages/DashboardPage'));
const SearchPage = lazyPage(() => import('../features/search/pages/SearchPage'));
const InvitePage = lazyPage(() => import('../features/invite/pages/InvitePage'));
const GroupAreaLayout = lazyPage(() => import('../features/groups/pages/GroupAreaLayout'));
const GroupWelcomePage = lazyPage(() => import('../features/groups/pages/WelcomePage'));
const GroupUserSettingsPage = lazyPage(() => import('../features/groups/pages/UserSettingsPage'));
const GroupSettingsPage = lazyPage(() => import('../features/groups/pages/GroupSettingsPage'));
const EventsPage = lazyPage(() => import('../features/events/pages/EventsPage'));
const CivMembersPage = lazyPage(() => import('../features/civ-members/pages/MembersPage'));
const CivPreferencesPage = lazyPage(() => import('../features/civ-preferences/pages/PreferencesPage'));
const CivMainPage = lazyPage(() => import('../features/civ-games/pages/MainPage'));
const CivRankingsPage = lazyPage(() => import('../features/civ-rankings/pages/RankingsPage'));
const CivGamePage = lazyPage(() => import('../features/civ-game/pages/CivGamePage'));
const ProfilePage = lazyPage(() => import('../features/profile/ProfilePage'));
const OsrsStatsPage = lazyPage(() => import('../features/runescape/pages/OsrsStatsPage'));
const ClanStatsPage = lazyPage(() => import('../features/runescape-clan/pages/ClanStatsPage'));
const SteamLinkPage = lazyPage(() => import('../features/steam/pages/SteamLinkPage'));

const guest = (page: React.ReactNode) => <GuestOnly>{page}</GuestOnly>;
const priv = (page: React.ReactNode) => <RequireAuth>{page}</RequireAuth>;

/** Spec section 2: public routes match exactly; private routes send visitors to /login. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={guest(<LandingPage />)} />
        <Route path="/register" element={guest(<RegisterPage />)} />
        <Route path="/login" element={guest(<LoginPage />)} />
        <Route path="/resetPassword" element={<ResetPasswordPage />} />
        <Route path="/changePassword" element={<ChangePasswordPage />} />
        <Route path="/contact" element={<ContactPage />} />
        <Route path="/releaseNotes" element={<ReleaseNotesPage />} />
        <Route path="/support" element={<SupportPage />} />
        <Route path="/faq" element={<FaqPage />} />
        <Route path="/upcoming" element={<UpcomingPage />} />

        {/* Pages that read the API share one query cache, which loads with the first of them. */}
        <Route element={<DataLayout />}>
          <Route path="/invite" element={<InvitePage />} />
          <Route path="/dashboard" element={priv(<DashboardPage />)} />
          <Route path="/search" element={priv(<SearchPage />)} />
          <Route path="/profile" element={priv(<ProfilePage />)} />
          <Route path="/steamlink" element={priv(<SteamLinkPage />)} />
          <Route path="/osrsStats" element={priv(<OsrsStatsPage />)} />

          {/* The group areas share one frame (?groupID=, the group bar); each page also checks the viewer may use it. */}
          <Route path="/civGroup" element={priv(<GroupAreaLayout />)}>
            <Route path="welcome" element={<GroupWelcomePage />} />
            <Route path="members" element={<CivMembersPage />} />
            <Route path="main" element={<CivMainPage />} />
            <Route path="rankings" element={<CivRankingsPage />} />
            <Route path="civGame" element={<CivGamePage />} />
            <Route path="events" element={<EventsPage />} />
            <Route path="preferences" element={<CivPreferencesPage />} />
            <Route path="userSettings" element={<GroupUserSettingsPage />} />
            <Route path="groupSettings" element={<GroupSettingsPage />} />
          </Route>
          <Route path="/runeScapeClan" element={priv(<GroupAreaLayout />)}>
            <Route path="welcome" element={<GroupWelcomePage />} />
            <Route path="stats" element={<ClanStatsPage />} />
            <Route path="events" element={<EventsPage />} />
            <Route path="userSettings" element={<GroupUserSettingsPage />} />
            <Route path="groupSettings" element={<GroupSettingsPage />} />
          </Route>
          <Route path="/dotaGroup" element={priv(<GroupAreaLayout />)}>
            <Route path="welcome" element={<GroupWelcomePage />} />
            <Route path="events" element={<EventsPage />} />
            <Route path="userSettings" element={<GroupUserSettingsPage />} />
            <Route path="groupSettings" element={<GroupSettingsPage />} />
          </Route>
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
