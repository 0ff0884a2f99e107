import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from './clock';
import type { DatabaseHandle } from './db/database';
import { installErrorHandler } from './error-handler';
import { redactUrl } from './lib/redact';
import { adminRoutes } from './features/admin/admin.routes';
import { createAdminService } from './features/admin/admin.service';
import { calendarRoutes } from './features/calendar/calendar.routes';
import { createCalendarService } from './features/calendar/calendar.service';
import { availabilityRoutes } from './features/civilization/availability.routes';
import { createAvailabilityService } from './features/civilization/availability.service';
import { groupGameSettingsRoutes } from './features/civilization/group-game-settings.routes';
import { createGroupGameSettingsService } from './features/civilization/group-game-settings.service';
import { preferencesRoutes } from './features/civilization/preferences.routes';
import { createPreferencesService } from './features/civilization/preferences.service';
import { civGamesRoutes } from './features/civ-games/civ-games.routes';
import { createCivGamesService } from './features/civ-games/civ-games.service';
import { createRankingsService } from './features/civ-games/rankings.service';
import { createGameProposalsService } from './features/civ-games/game-proposals.service';
import { draftsRoutes } from './features/civ-drafts/drafts.routes';
import { createDraftStepsService } from './features/civ-drafts/draft-steps.service';
import { createDraftsService } from './features/civ-drafts/drafts.service';
import { createDraftPresetsService } from './features/civ-drafts/presets.service';
import { civLadderRoutes } from './features/civ-ladder/civ-ladder.routes';
import { createSeasonsService } from './features/civ-ladder/seasons.service';
import { createStatisticsService } from './features/civ-ladder/statistics.service';
import { commentsRoutes } from './features/comments/comments.routes';
import { createCommentsService } from './features/comments/comments.service';
import { notesRoutes } from './features/notes/notes.routes';
import { createNotesService } from './features/notes/notes.service';
import { componentsRoutes } from './features/components/components.routes';
import { createComponentsService } from './features/components/components.service';
import { eventsRoutes } from './features/events/events.routes';
import { createEventsService } from './features/events/events.service';
import { attendanceRoutes } from './features/events/attendance.routes';
import { createAttendanceService } from './features/events/attendance.service';
import { waitlistRoutes } from './features/events/waitlist.routes';
import { quorumRoutes } from './features/events/quorum.routes';
import { createQuorumService } from './features/events/quorum.service';
import { createWaitlistService } from './features/events/waitlist.service';
import { gamesRoutes } from './features/games/games.routes';
import { loadCaller, loadCallerInGroup } from './features/groups/caller-in-group';
import { groupsRoutes } from './features/groups/groups.routes';
import { dashboardRoutes } from './features/dashboard/dashboard.routes';
import { createDashboardService } from './features/dashboard/dashboard.service';
import { createGroupsService } from './features/groups/groups.service';
import { healthRoutes } from './features/health/health.routes';
import { createInProcessGroupChanges, type GroupChanges } from './features/live/group-changes';
import { liveRoutes } from './features/live/live.routes';
import { createLiveService } from './features/live/live.service';
import { createDiscordDeliveries, type DiscordDeliveryOptions } from './features/discord/discord-deliveries';
import { registerDiscordApp } from './features/discord/discord-app';
import { discordRoutes } from './features/discord/discord.routes';
import { createDiscordService } from './features/discord/discord.service';
import type { DiscordAppCredentials } from './integrations/discord-api';
import { createDiscordWebhookClient, DISCORD_DEFAULT_URL } from './integrations/discord-webhook';
import { membersRoutes } from './features/members/members.routes';
import { createMembersService } from './features/members/members.service';
import { registerRuneScape, type RuneScapeOptions } from './features/runescape/runescape.plugin';
import type { HiscoresCacheOptions } from './features/runescape/runescape.service';
import { createEventNotifier } from './features/reminders/event-notifications';
import { loadOrCreateSecret } from './features/secrets/secrets.service';
import { steamLinkRoutes } from './features/steam/steam-link.routes';
import { createSteamLinkService } from './features/steam/steam-link.service';
import { steamRoutes } from './features/steam/steam.routes';
import { createSteamService } from './features/steam/steam.service';
import { createThrottle } from './features/throttle/throttle.service';
import { usersRoutes } from './features/users/users.routes';
import { createUsersService, defaultUsersLimits, type UsersLimits } from './features/users/users.service';
import type { Mailer } from './integrations/mailer';
import { createOsrsHiscoresClient, OSRS_HISCORES_DEFAULT_URL } from './integrations/osrs-hiscores';
import { createRs3HiscoresClient, routeByGame } from './integrations/rs3-hiscores';
import { createSteamOpenIdClient, STEAM_OPENID_DEFAULT_URL } from './integrations/steam-openid';
import { createSteamWebApiClient, STEAM_API_DEFAULT_URL } from './integrations/steam-web-api';
import { DEFAULT_UPSTREAM_TIMEOUT_MS, defaultUpstreamRateLimit, type UpstreamRateLimit } from './integrations/upstream';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { docsPlugin } from './plugins/docs';
import { keptResponsesPlugin } from './plugins/kept-responses';
import { rejectNulPlugin } from './plugins/reject-nul';
import { RequestLog } from './plugins/request-log';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { securityPlugin, USER_WRITES_PER_MINUTE } from './plugins/security';
import { webPlugin } from './plugins/web';

export interface AppDeps {
  database: DatabaseHandle;
  mailer: Mailer;
  clock: Clock;
  /** The feed of committed group changes; in process unless given (main.ts gives PostgreSQL's). */
  changes?: GroupChanges;
  config: {
    publicUrl: string;
    adminEmail: string;
    tokenTtlSeconds: number;
    jwtSecret?: string;
    webRoot?: string;
    redisUrl?: string;
    rateLimitPerMinute?: number;
    /** API writes one signed-in user may make in a minute; default USER_WRITES_PER_MINUTE. */
    userWritesPerMinute?: number;
    /** Events (each occurrence of a series counted) one member may create in an hour; default EVENTS_PER_HOUR. */
    eventLimitPerHour?: number;
    /** Sign-up changes (attend, leave, answer, waitlist) one member may make in an hour; default SIGNUP_CHANGES_PER_HOUR. */
    signupChangesPerHour?: number;
    trustProxy?: boolean | number | string[];
    usersLimits?: UsersLimits;
    logLevel?: string;
    /** Where the log lines go; standard output unless given (the suites read them from here). */
    logStream?: { write(line: string): void };
    /** Writes every answer both through zod and through its compiled serializer and fails on a difference (the test suites). */
    checkResponseSerializer?: boolean;
    /** Outside services; tests point the URLs at local fakes. No steamApiKey: Steam profiles answer 503. */
    osrsHiscoresUrl?: string;
    steamApiKey?: string;
    steamApiUrl?: string;
    steamOpenIdUrl?: string;
    upstreamTimeoutMs?: number;
    upstreamRateLimit?: UpstreamRateLimit;
    hiscoresCache?: HiscoresCacheOptions;
    /** Live pages: heartbeat interval and streams per user on one instance. */
    liveHeartbeatMs?: number;
    maxLiveStreamsPerUser?: number;
    /** Discord's origin for webhook posts (DISCORD_API_URL), and the post queue's pace. */
    discordApiUrl?: string;
    discordDelivery?: Partial<DiscordDeliveryOptions>;
    /** The Discord application (DISCORD_CLIENT_ID, …); undefined: sign-in with Discord, the bot and interactions are off. */
    discordApp?: DiscordAppCredentials;
    /** How long an interaction may take before it is answered "thinking…" and followed up (default 2.5 s). */
    discordInteractionDeadlineMs?: number;
    /** How long before an event reminders go out, by mail and by Discord DM (EVENT_REMINDER_MINUTES; default an hour). */
    eventReminderLeadMs?: number;
    /** Hiscores queue, clan Update limit and refresh pace of linked RuneScape accounts. */
    runescape?: Omit<RuneScapeOptions, 'hiscoresCache'>;
  };
}

/** A hop count becomes a function, the form Fastify takes for it. */
function trustProxyOption(value: boolean | number | string[] | undefined) {
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
  return value ?? false;
}

/** Builds the whole app on the given infrastructure, without listening. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { database, mailer, clock, config } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel ?? 'info',
      ...(config.logStream ? { stream: config.logStream } : {}),
      redact: ['req.headers.authorization', 'req.body.password', '*.password'],
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
    },
    // Client addresses key the rate limits, so X-Forwarded-For is believed only from configured proxies.
    logController: new RequestLog(),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 256 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.checkResponseSerializer ?? false }));
  installErrorHandler(app);

  const db = database.db;
  const secret = config.jwtSecret ?? (await loadOrCreateSecret(db, 'jwt'));
  const throttle = createThrottle(db, clock);
  const changes = deps.changes ?? createInProcessGroupChanges((error) => app.log.error({ err: error }, 'group change listener failed'));
  if (!deps.changes) app.addHook('onClose', () => changes.close());

  await app.register(securityPlugin, {
    rateLimitPerMinute: config.rateLimitPerMinute ?? 3000,
    userWritesPerMinute: config.userWritesPerMinute ?? USER_WRITES_PER_MINUTE,
    redisUrl: config.redisUrl,
    publicUrl: config.publicUrl,
  });
  await app.register(compressionPlugin);
  await app.register(docsPlugin);
  await app.register(rejectNulPlugin);

  const usersService = createUsersService({
    db,
    clock,
    mailer,
    throttle,
    changes,
    publicUrl: config.publicUrl,
    signToken: (user) => app.signToken(user),
    limits: config.usersLimits ?? defaultUsersLimits,
    log: app.log,
  });
  await app.register(authPlugin, { secret, tokenTtlSeconds: config.tokenTtlSeconds, loadUser: (id, sessionVersion) => loadCaller(db, id, sessionVersion),
    loadUserInGroup: (id, sessionVersion, groupId) => loadCallerInGroup(db, id, sessionVersion, groupId),
  });
  await app.register(keptResponsesPlugin, { db, clock });

  await app.register(healthRoutes(db, database.kind));
  await app.register(usersRoutes(usersService));
  await app.register(adminRoutes(createAdminService({ mailer, adminEmail: config.adminEmail })));
  await app.register(gamesRoutes());
  await app.register(groupsRoutes(createGroupsService({ db, clock, publicUrl: config.publicUrl, changes })));
  await app.register(dashboardRoutes(createDashboardService({ db, clock })));
  await app.register(membersRoutes(createMembersService({ db, clock, publicUrl: config.publicUrl, changes })));
  await app.register(componentsRoutes(createComponentsService({ db, clock, changes })));
  const availability = createAvailabilityService({ db, clock, changes });
  await app.register(availabilityRoutes(availability));
  await app.register(preferencesRoutes(createPreferencesService({ db, clock, throttle, changes })));
  await app.register(groupGameSettingsRoutes(createGroupGameSettingsService({ db, clock, changes, publicUrl: config.publicUrl })));
  const civGames = createCivGamesService({ db, clock, changes });
  await app.register(
    civGamesRoutes(civGames, createRankingsService({ db }), createGameProposalsService({ db, clock, throttle, games: civGames, changes })),
  );
  const draftSteps = createDraftStepsService({ db, clock, throttle, changes, log: app.log });
  app.decorate('draftTimers', draftSteps.timers);
  app.addHook('preClose', () => draftSteps.timers.stop());
  await app.register(
    draftsRoutes(createDraftsService({ db, clock, throttle, changes }), draftSteps, createDraftPresetsService({ db, clock, throttle })),
  );
  await app.register(civLadderRoutes(createSeasonsService({ db, clock, throttle }), createStatisticsService({ db })));
  await app.register(commentsRoutes(createCommentsService({ db, clock, throttle, changes })));
  await app.register(notesRoutes(createNotesService({ db, clock })));
  const notifier = createEventNotifier({ publicUrl: config.publicUrl });
  const signupLimit = config.signupChangesPerHour ? { signupLimit: { max: config.signupChangesPerHour, windowMs: 60 * 60_000 } } : {};
  const events = createEventsService({
    db,
    clock,
    publicUrl: config.publicUrl,
    notifier,
    changes,
    throttle,
    ...(config.eventLimitPerHour ? { eventLimit: { max: config.eventLimitPerHour, windowMs: 60 * 60_000 } } : {}),
    ...signupLimit,
  });
  await app.register(eventsRoutes(events, config.signupChangesPerHour));
  await app.register(quorumRoutes(createQuorumService({ db, clock, publicUrl: config.publicUrl, changes, throttle })));
  await app.register(waitlistRoutes(createWaitlistService({ db, clock, publicUrl: config.publicUrl, changes, throttle, ...signupLimit }), config.signupChangesPerHour));
  await app.register(attendanceRoutes(createAttendanceService({ db, clock, changes })));
  await app.register(calendarRoutes(createCalendarService({ db, clock, publicUrl: config.publicUrl })));

  await app.register(
    liveRoutes(
      createLiveService({
        db,
        changes,
        isSessionCurrent: usersService.isSessionCurrent,
        heartbeatMs: config.liveHeartbeatMs,
        maxStreamsPerUser: config.maxLiveStreamsPerUser,
      }),
    ),
  );
  const timeoutMs = config.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  await app.register(discordRoutes(createDiscordService({ db, clock })));
  const upstreamLimit = config.upstreamRateLimit ?? defaultUpstreamRateLimit;
  const discordApp = await registerDiscordApp(app, {
    db,
    clock,
    availability,
    events,
    throttle,
    limit: upstreamLimit,
    publicUrl: config.publicUrl,
    baseUrl: config.discordApiUrl ?? DISCORD_DEFAULT_URL,
    credentials: config.discordApp,
    timeoutMs,
    interactionDeadlineMs: config.discordInteractionDeadlineMs,
    reminderLeadMs: config.eventReminderLeadMs,
  });
  const discordDeliveries = createDiscordDeliveries({
    db,
    clock,
    changes,
    log: app.log,
    client: createDiscordWebhookClient({ baseUrl: config.discordApiUrl ?? DISCORD_DEFAULT_URL, timeoutMs }),
    options: config.discordDelivery,
    bot: discordApp.bot,
  });
  app.decorate('discordDeliveries', discordDeliveries);
  app.addHook('onReady', async () => discordDeliveries.start());
  app.addHook('preClose', () => discordDeliveries.stop());
  // Both games' hiscores live on one host: Old School tables answer JSON, RuneScape 3 ones CSV.
  const hiscoresConfig = { baseUrl: config.osrsHiscoresUrl ?? OSRS_HISCORES_DEFAULT_URL, timeoutMs };
  const hiscores = routeByGame(createOsrsHiscoresClient(hiscoresConfig), createRs3HiscoresClient(hiscoresConfig));
  await registerRuneScape(app, {
    db,
    clock,
    hiscores,
    throttle,
    limit: upstreamLimit,
    changes,
    publicUrl: config.publicUrl,
    discordBot: discordApp.bot !== null,
    hiscoresCache: config.hiscoresCache,
    ...config.runescape,
  });
  const steamApi = config.steamApiKey
    ? createSteamWebApiClient({ baseUrl: config.steamApiUrl ?? STEAM_API_DEFAULT_URL, apiKey: config.steamApiKey, timeoutMs })
    : null;
  await app.register(steamRoutes(createSteamService({ steam: steamApi, throttle, limit: upstreamLimit })));
  const openId = createSteamOpenIdClient({ endpoint: config.steamOpenIdUrl ?? STEAM_OPENID_DEFAULT_URL, timeoutMs });
  const steamLink = createSteamLinkService({
    db,
    clock,
    openId,
    throttle,
    limit: upstreamLimit,
    publicUrl: config.publicUrl,
    signToken: (user) => app.signToken(user),
  });
  await app.register(steamLinkRoutes(steamLink));

  if (config.webRoot) await app.register(webPlugin, { root: config.webRoot });
  else installApiNotFound(app);

  return app;
}

function installApiNotFound(app: FastifyInstance) {
  app.setNotFoundHandler((req, reply) => reply.status(404).send({ message: `No route ${req.method} ${req.url.split('?')[0]}` }));
}
