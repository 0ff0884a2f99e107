import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import type { OsrsHiscoresClient } from '../../integrations/osrs-hiscores';
import type { UpstreamRateLimit } from '../../integrations/upstream';
import type { Throttle } from '../throttle/throttle.service';
import { createAccountLinker } from './account-link';
import { clanNamesRoutes } from './clan-names.routes';
import { createClanNamesService } from './clan-names.service';
import { clanRoutes } from './clan.routes';
import { createClanService, defaultClanUpdateLimit, type ClanUpdateLimit } from './clan.service';
import { createHiscoresQueue, defaultHiscoresQueue, type HiscoresQueueOptions } from './hiscores-queue';
import { createRefreshJob, type RefreshJob } from './refresh.job';
import { runescapeRoutes } from './runescape.routes';
import { createRuneScapeService, defaultHiscoresCache, type HiscoresCacheOptions } from './runescape.service';
import { createSnapshotRecorder, DEFAULT_REFRESH_EVERY_MS } from './snapshots';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background refresh of linked RuneScape accounts; main.ts starts it. */
    runescapeRefresh: RefreshJob;
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
}

interface Deps extends RuneScapeOptions {
  db: Db;
  clock: Clock;
  hiscores: OsrsHiscoresClient;
  throttle: Throttle;
  limit: UpstreamRateLimit;
}

/** The RuneScape lookup, the clan pages' calls and the refresh job, sharing one hiscores queue. */
export async function registerRuneScape(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, clock, hiscores, throttle, limit } = deps;
  const refreshEveryMs = deps.refreshEveryMs ?? DEFAULT_REFRESH_EVERY_MS;
  const queue = createHiscoresQueue(hiscores, deps.hiscoresQueue ?? defaultHiscoresQueue, clock);
  const snapshots = createSnapshotRecorder({ db, clock, refreshEveryMs });
  const runescape = createRuneScapeService({ db, queue, snapshots, clock, cache: deps.hiscoresCache ?? defaultHiscoresCache, throttle, limit });
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
  app.addHook('onClose', () => job.stop());
  await app.register(runescapeRoutes(runescape));
  await app.register(clanRoutes(clan));
  await app.register(clanNamesRoutes(names));
}
