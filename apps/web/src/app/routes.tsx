import { Route, Routes } from 'react-router';
import { DataPage } from './data-page';
import { GuestOnly, RequireAuth } from '../lib/routing/guards';
import { lazyPage } from '../lib/lazy';
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
const DiscordSignInPage = lazyPage(() => import('../features/discord/pages/DiscordSignInPage'));

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
        <Route path="/discordSignIn" element={<DiscordSignInPage />} />

        {/* Pages that read the API share one query cache, which loads with the first of them, and come in its chunk. */}
        <Route element={<DataLayout />}>
          <Route path="/invite" element={<DataPage name="invite" />} />
          <Route path="/dashboard" element={priv(<DataPage name="dashboard" />)} />
          <Route path="/search" element={priv(<DataPage name="search" />)} />
          <Route path="/profile" element={priv(<DataPage name="profile" />)} />
          <Route path="/steamlink" element={priv(<DataPage name="steamLink" />)} />
          <Route path="/osrsStats" element={priv(<DataPage name="osrsStats" />)} />

          {/* The group areas share one frame (?groupID=, the group bar); each page also checks the viewer may use it. */}
          <Route path="/civGroup" element={priv(<DataPage name="groupArea" />)}>
            <Route path="welcome" element={<DataPage name="groupWelcome" />} />
            <Route path="members" element={<DataPage name="civMembers" />} />
            <Route path="main" element={<DataPage name="civMain" />} />
            <Route path="rankings" element={<DataPage name="civRankings" />} />
            <Route path="member" element={<DataPage name="civMember" />} />
            <Route path="civGame" element={<DataPage name="civGame" />} />
            <Route path="draft" element={<DataPage name="civDraft" />} />
            <Route path="events" element={<DataPage name="events" />} />
            <Route path="preferences" element={<DataPage name="civPreferences" />} />
            <Route path="userSettings" element={<DataPage name="groupUserSettings" />} />
            <Route path="groupSettings" element={<DataPage name="groupSettings" />} />
          </Route>
          <Route path="/runeScapeClan" element={priv(<DataPage name="groupArea" />)}>
            <Route path="welcome" element={<DataPage name="groupWelcome" />} />
            <Route path="stats" element={<DataPage name="clanStats" />} />
            <Route path="player" element={<DataPage name="clanPlayer" />} />
            <Route path="competitions" element={<DataPage name="clanCompetitions" />} />
            <Route path="competition" element={<DataPage name="clanCompetition" />} />
            <Route path="bingos" element={<DataPage name="clanBingos" />} />
            <Route path="bingo" element={<DataPage name="clanBingo" />} />
            <Route path="events" element={<DataPage name="events" />} />
            <Route path="userSettings" element={<DataPage name="groupUserSettings" />} />
            <Route path="groupSettings" element={<DataPage name="groupSettings" />} />
          </Route>
          <Route path="/dotaGroup" element={priv(<DataPage name="groupArea" />)}>
            <Route path="welcome" element={<DataPage name="groupWelcome" />} />
            <Route path="events" element={<DataPage name="events" />} />
            <Route path="userSettings" element={<DataPage name="groupUserSettings" />} />
            <Route path="groupSettings" element={<DataPage name="groupSettings" />} />
          </Route>
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
