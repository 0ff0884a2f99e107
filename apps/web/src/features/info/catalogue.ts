/**
 * The product's features, in one place: /upcoming lists them with their state, /support says which
 * group areas have them, /releaseNotes names what each release brought and /faq answers from them.
 * Flipping a feature from Planned to Available is a change of its `state` (and its `release`).
 * A test walks the app's routes: an Available feature's routes must be routed, a Planned one's not.
 */
export type FeatureState = 'Available' | 'Planned';

/** The group areas of SUPPORTED_GAMES (their linkURL). */
export type GroupArea = 'civGroup' | 'runeScapeClan' | 'dotaGroup';

export interface ProductFeature {
  id: string;
  /** As /upcoming lists it. */
  title: string;
  state: FeatureState;
  /** The pages where it lives, as routed ('/civGroup/members'); none for features without a page of their own. */
  routes: readonly string[];
  /** The release it came in (Available features). */
  release?: string;
  /** For /support: the group areas that have it, and how it is named in their list. */
  areas?: readonly GroupArea[];
  supportLabel?: string;
}

const ALL_AREAS: readonly GroupArea[] = ['civGroup', 'runeScapeClan', 'dotaGroup'];

export const PRODUCT_FEATURES: readonly ProductFeature[] = [
  {
    id: 'accounts',
    title: 'Accounts: register, log in, reset a forgotten password and change it from your profile',
    state: 'Available',
    routes: ['/register', '/login', '/resetPassword', '/changePassword', '/profile'],
    release: '1.0.0',
  },
  {
    id: 'groups',
    title: 'Groups with a dashboard, search for public groups, private groups, invite links and Administrator and Member roles',
    state: 'Available',
    routes: ['/dashboard', '/search', '/invite'],
    release: '1.0.0',
    areas: ALL_AREAS,
    supportLabel: 'members and roles, invites',
  },
  {
    id: 'welcome-cards',
    title: 'Welcome cards that Administrators write and reorder',
    state: 'Available',
    routes: ['/civGroup/welcome', '/runeScapeClan/welcome', '/dotaGroup/welcome'],
    release: '1.0.0',
    areas: ALL_AREAS,
    supportLabel: 'welcome cards',
  },
  {
    id: 'events',
    title: 'Events with sign-ups and seat limits, update mails, reminders and calendar feeds',
    state: 'Available',
    routes: ['/civGroup/events', '/runeScapeClan/events', '/dotaGroup/events'],
    release: '1.0.0',
    areas: ALL_AREAS,
    supportLabel: 'events',
  },
  {
    id: 'osrs-stats',
    title: 'Old School RuneScape stats from the official hiscores',
    state: 'Available',
    routes: ['/osrsStats'],
    release: '1.0.0',
  },
  {
    id: 'steam',
    title: 'Linking your Steam account to show your Steam profile and games',
    state: 'Available',
    routes: ['/steamlink'],
    release: '1.0.0',
  },
  {
    id: 'availability',
    title: 'Weekly member availability grid with the best times and "Plan an event"',
    state: 'Available',
    routes: ['/civGroup/members', '/civGroup/userSettings'],
    release: '1.1.0',
    areas: ['civGroup'],
    supportLabel: 'weekly availability',
  },
  {
    id: 'game-settings',
    title: 'Group and member game settings for Civilization lobbies, map choices and leader bans',
    state: 'Available',
    routes: ['/civGroup/preferences', '/civGroup/groupSettings'],
    release: '1.1.0',
    areas: ['civGroup'],
    supportLabel: 'preferences and leader bans',
  },
  {
    id: 'civ-games',
    title: 'Civilization games with random leader drafts, bans and map preferences',
    state: 'Available',
    routes: ['/civGroup/main', '/civGroup/civGame'],
    release: '1.1.0',
    areas: ['civGroup'],
    supportLabel: 'games with leader drafts',
  },
  {
    id: 'event-drafts',
    title: 'Drafting a Civilization game from an event',
    state: 'Available',
    routes: ['/civGroup/events'],
    release: '1.1.0',
  },
  {
    id: 'rankings',
    title: 'Rankings for free-for-all and team games by victory type, with skill ratings',
    state: 'Available',
    routes: ['/civGroup/rankings'],
    release: '1.1.0',
    areas: ['civGroup'],
    supportLabel: 'rankings with skill ratings',
  },
  {
    id: 'comments-notes',
    title: 'Game comments and personal game notes',
    state: 'Available',
    routes: ['/civGroup/civGame'],
    release: '1.1.0',
    areas: ['civGroup'],
    supportLabel: 'comments and notes',
  },
  {
    id: 'runescape-clans',
    title: "RuneScape clans: members' accounts, clan hiscores and progress over time",
    state: 'Available',
    routes: ['/runeScapeClan/stats', '/runeScapeClan/player'],
    release: '1.1.0',
    areas: ['runeScapeClan'],
    supportLabel: 'player stats and clan hiscores',
  },
  {
    id: 'event-extras',
    title: 'Live pages, waitlists, repeating events and Discord announcements',
    state: 'Available',
    routes: ['/civGroup/events'],
    release: '1.1.0',
  },
  {
    id: 'ladder',
    title:
      "A ladder you can trust: results changed only by the host a manager chose, the game's creator while playing in it, or Administrators; corrections proposed by players, finishing placements, rating changes per game, an audit trail, restorable deletes",
    state: 'Available',
    routes: ['/civGroup/civGame'],
    release: '1.2.0',
  },
  {
    id: 'statistics',
    title: 'Statistics per member and per leader, head-to-head records, rating history charts and seasons',
    state: 'Available',
    routes: ['/civGroup/member', '/civGroup/rankings'],
    release: '1.2.0',
  },
  {
    id: 'server-drafts',
    title: 'Server-dealt drafts with blind picks, captains, majority bans, redraft votes, balanced teams, DLC per member and group presets',
    state: 'Available',
    routes: ['/civGroup/draft'],
    release: '1.3.0',
    areas: ['civGroup'],
    supportLabel: 'live drafts (blind picks, captains, majority bans, redraft votes, DLC per member, presets)',
  },
  {
    id: 'discord-app',
    title:
      'Discord application: Sign in with Discord, the bot posting events in a group channel with Attend, Maybe and Not coming buttons, reminders by DM',
    state: 'Available',
    routes: ['/discordSignIn'],
    release: '1.4.0',
  },
  {
    id: 'discord-commands',
    title: 'Discord slash commands: /next, /availability, /rankings and /draft',
    state: 'Available',
    routes: [],
    release: '1.4.0',
  },
  {
    id: 'discord-draft-posts',
    title: "Discord announcements of games drafted by the server in the group's channel",
    state: 'Available',
    routes: [],
    release: '1.4.0',
  },
  {
    id: 'discord-results',
    title: "Discord announcements of game results in the group's channel",
    state: 'Available',
    routes: [],
    release: '1.4.0',
  },
  {
    id: 'comment-edits',
    title: 'Editing and deleting your own comments (with Undo), Administrators removing any, clickable links, comments in pages and live',
    state: 'Available',
    routes: ['/civGroup/civGame'],
    release: '1.5.0',
  },
  {
    id: 'runescape-bingo',
    title: 'RuneScape clan bingo: boards of tasks, XP goals and kill counts, claims with screenshots, moderators and live points',
    state: 'Available',
    routes: ['/runeScapeClan/bingos', '/runeScapeClan/bingo'],
    release: '1.7.0',
    areas: ['runeScapeClan'],
    supportLabel: 'bingo',
  },
  {
    id: 'runescape-competitions',
    title: 'RuneScape clan competitions: skills, bosses and activities, classic or teams, with live standings and a chart',
    state: 'Available',
    routes: ['/runeScapeClan/competitions', '/runeScapeClan/competition'],
    release: '1.7.0',
    areas: ['runeScapeClan'],
    supportLabel: 'competitions',
  },
  {
    id: 'availability-time-zones',
    title: "Availability in each member's own time zone, with an hourly heat map to plan from",
    state: 'Available',
    routes: ['/civGroup/members', '/civGroup/userSettings'],
    release: '1.6.0',
  },
  {
    id: 'rsvp',
    title: 'RSVP states (Attending, Late, Maybe, Can sub, Not coming), who came and attendance rates, weekly series as one card',
    state: 'Available',
    routes: ['/civGroup/events', '/runeScapeClan/events', '/dotaGroup/events'],
    release: '1.6.0',
  },
  {
    id: 'event-quorum',
    title: 'Minimum players for an event, reminders to answer, flagging and automatic cancellation',
    state: 'Available',
    routes: ['/civGroup/events', '/runeScapeClan/events', '/dotaGroup/events'],
    release: '1.6.0',
  },
  {
    id: 'live-conflicts',
    title: 'Live game pages, Preferences and Welcome cards, and conflict warnings on concurrent edits',
    state: 'Available',
    routes: ['/civGroup/civGame', '/civGroup/preferences', '/civGroup/welcome'],
    release: '1.6.0',
  },
  {
    id: 'one-step-invites',
    title: 'One-step invites and drafts that survive a reload',
    state: 'Available',
    routes: ['/invite'],
    release: '1.6.0',
  },
  {
    id: 'runescape-names',
    title:
      'RuneScape clans: renaming a linked account, names freed on leaving, roster import, a fair hiscores queue and RuneScape 3 hiscores',
    state: 'Available',
    routes: ['/runeScapeClan/player'],
    release: '1.6.0',
  },
];

export const featureById = (id: string): ProductFeature | undefined => PRODUCT_FEATURES.find((feature) => feature.id === id);
export const isAvailable = (id: string) => featureById(id)?.state === 'Available';

/** What /support lists for a group area: its Available features, in catalogue order. */
export function supportedFeaturesOf(area: GroupArea): string[] {
  return PRODUCT_FEATURES.filter((feature) => feature.state === 'Available' && feature.areas?.includes(area) && feature.supportLabel).map(
    (feature) => feature.supportLabel as string,
  );
}

/** The features a release brought, for /releaseNotes. */
export const featuresOfRelease = (version: string) =>
  PRODUCT_FEATURES.filter((feature) => feature.state === 'Available' && feature.release === version);

export const plannedFeatures = () => PRODUCT_FEATURES.filter((feature) => feature.state === 'Planned');

/** What is planned, in a line for the info pages; when nothing is, they say so. */
export const plannedTitles = () =>
  plannedFeatures()
    .map((feature) => feature.title)
    .join('; ') || 'nothing announced yet';
