import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import type { OsrsHiscoresClient } from '../../integrations/osrs-hiscores';
import type { UpstreamRateLimit } from '../../integrations/upstream';
import type { GroupChanges } from '../live/group-changes';
import type { Throttle } from '../throttle/throttle.service';
import { createAccountLinker } from './account-link';
import { createBingoClaimsService } from './bingo-claims.service';
import { createBingoJob, type BingoJob, type BingoJobOptions } from './bingo.job';
import { bingoRoutes } from './bingo.routes';
import { createBingoService } from './bingo.service';
import { clanNamesRoutes } from './clan-names.routes';
import { createClanNamesService } from './clan-names.service';
import { clanRoutes } from './clan.routes';
import { createClanService, defaultClanUpdateLimit, type ClanUpdateLimit } from './clan.service';
import { createCompetitionParticipantsService } from './competition-participants.service';
import { createCompetitionsJob, type CompetitionJobOptions, type CompetitionsJob } from './competitions.job';
import { competitionsRoutes } from './competitions.routes';
import { createCompetitionsService } from './competitions.service';
import { createHiscoresQueue, defaultHiscoresQueue, type HiscoresQueueOptions } from './hiscores-queue';
import { createRefreshJob, type RefreshJob } from './refresh.job';
import { runescapeRoutes } from './runescape.routes';
import { createRuneScapeService, defaultHiscoresCache, type HiscoresCacheOptions } from './runescape.service';
import { listGroupsRacingPlayer } from './competitions.repo';
import { createSnapshotRecorder, DEFAULT_REFRESH_EVERY_MS } from './snapshots';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background refresh of linked RuneScape accounts; main.ts starts it. */
    runescapeRefresh: RefreshJob;
    /** Competitions' boundary snapshots, refreshes and Discord posts; main.ts starts it. */
    runescapeCompetitions: CompetitionsJob;
    /** Bingos' start snapshots, refreshes, self-completing tiles and final posts; main.ts starts it. */
    runescapeBingo: BingoJob;
  }
}

export interface RuneScapeOptions {
  hiscoresCache?: HiscoresCacheOptions;
  hiscoresQueue?: HiscoresQueueOptions;
  clanUpdateLimit?: ClanUpdateLimit;
  /** How often a linked account is refreshed (6 hours). */
  refreshEveryMs?: number;
  /** How long the refresher's lease lasts without renewal. */
  refreshLeaseMs?: number;
  /** The competitions job's deadlines, retries and refresh pace. */
  competitions?: Partial<CompetitionJobOptions>;
  competitionsLeaseMs?: number;
  /** The bingo job's deadlines, retries and refresh pace. */
  bingo?: Partial<BingoJobOptions>;
  bingoLeaseMs?: number;
}

interface Deps extends RuneScapeOptions {
  db: Db;
  clock: Clock;
  hiscores: OsrsHiscoresClient;
  throttle: Throttle;
  limit: UpstreamRateLimit;
  changes: GroupChanges;
  publicUrl: string;
  /** Whether the Discord application is configured: groups' channels are then posted to by the bot. */
  discordBot: boolean;
}

/** The RuneScape lookup, the clan pages' calls and the refresh job, sharing one hiscores queue. */
export async function registerRuneScape(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, clock, hiscores, throttle, limit } = deps;
  const refreshEveryMs = deps.refreshEveryMs ?? DEFAULT_REFRESH_EVERY_MS;
  const queue = createHiscoresQueue(hiscores, deps.hiscoresQueue ?? defaultHiscoresQueue, clock);
  // A new snapshot of a player in a running competition moves its standings: its pages are told.
  const standingsMoved = async (playerId: string) => {
    for (const groupId of await listGroupsRacingPlayer(db, playerId, clock.now())) {
      deps.changes.publish({ groupId, topic: 'competitions', action: 'changed' });
    }
  };
  const snapshots = createSnapshotRecorder({ db, clock, refreshEveryMs, onStored: standingsMoved });
  const runescape = createRuneScapeService({
    db,
    queue,
    snapshots,
    clock,
    cache: deps.hiscoresCache ?? defaultHiscoresCache,
    throttle,
    limit,
  });
  const clan = createClanService({
    db,
    clock,
    runescape,
    snapshots,
    throttle,
    lookupLimit: limit,
    updateLimit: deps.clanUpdateLimit ?? defaultClanUpdateLimit,
    refreshEveryMs,
  });
  const linker = createAccountLinker({ db, clock, runescape, snapshots, throttle, lookupLimit: limit, refreshEveryMs });
  const names = createClanNamesService({ db, clock, linker });
  const job = createRefreshJob({ db, clock, queue, snapshots, log: app.log, refreshEveryMs, leaseMs: deps.refreshLeaseMs ?? 3 * 60_000 });
  app.decorate('runescapeRefresh', job);
  // Stopped before the server's onClose hooks close the database: a stop gives up the job's lease.
  app.addHook('preClose', () => job.stop());
  const competitionsJob = createCompetitionsJob({
    db,
    clock,
    queue,
    snapshots,
    changes: deps.changes,
    log: app.log,
    publicUrl: deps.publicUrl,
    discordBot: deps.discordBot,
    leaseMs: deps.competitionsLeaseMs ?? 3 * 60_000,
    options: deps.competitions,
    onPostQueued: () => void app.discordDeliveries?.tick().catch(() => undefined),
  });
  app.decorate('runescapeCompetitions', competitionsJob);
  app.addHook('preClose', () => competitionsJob.stop());
  await app.register(runescapeRoutes(runescape));
  await app.register(clanRoutes(clan));
  await app.register(clanNamesRoutes(names));
  await app.register(
    competitionsRoutes(
      createCompetitionsService({ db, clock, changes: deps.changes, throttle }),
      createCompetitionParticipantsService({ db, clock, changes: deps.changes }),
    ),
  );
  const onBingoPost = () => void app.discordDeliveries?.tick().catch(() => undefined);
  const bingoJob = createBingoJob({
    db,
    clock,
    queue,
    snapshots,
    changes: deps.changes,
    log: app.log,
    publicUrl: deps.publicUrl,
    discordBot: deps.discordBot,
    leaseMs: deps.bingoLeaseMs ?? 3 * 60_000,
    options: deps.bingo,
    onPostQueued: onBingoPost,
  });
  app.decorate('runescapeBingo', bingoJob);
  app.addHook('preClose', () => bingoJob.stop());
  const bingo = createBingoService({ db, clock, changes: deps.changes, throttle });
  const bingoClaims = createBingoClaimsService({
    db,
    clock,
    changes: deps.changes,
    throttle,
    publicUrl: deps.publicUrl,
    discordBot: deps.discordBot,
    onPostQueued: onBingoPost,
  });
  await app.register(bingoRoutes(bingo, bingoClaims));
}
