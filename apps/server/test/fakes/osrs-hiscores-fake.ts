import { OSRS_GAME_MODES } from '@smm/shared/runescape/game-modes';
import { RS3_GAME_MODES } from '@smm/shared/runescape/rs3';
import { html, json, startFakeServer, type FakeReply, type FakeRequest } from './fake-server';
import type { HiscoresJson } from './osrs-hiscores-fixtures';

const TABLES = new Set<string>(OSRS_GAME_MODES.map((mode) => mode.table));
const RS3_TABLES = new Set<string>(RS3_GAME_MODES.map((mode) => mode.table));
const NOT_FOUND_PAGE =
  '<!DOCTYPE html><html><head><title>404 - Page not found</title></head><body><h1>404 - Page not found</h1></body></html>';

/** A player's answer: a body, or a function giving the body of each lookup (a player who keeps training). */
export type PlayerBody = HiscoresJson | string | (() => HiscoresJson);

/** Jagex matches names case-insensitively and treats spaces, `_` and `-` alike. */
const playerKey = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, ' ');

export interface OsrsHiscoresFake {
  url: string;
  /** Every lookup received, in order. */
  requests: { table: string; player: string; url: string }[];
  /** Serves `body` for the player on one table, or on every table when `table` is omitted; a function is asked anew on each lookup. */
  setPlayer(name: string, body: PlayerBody, table?: string): void;
  /** RuneScape 3 mode: serves the CSV `body` for the player on `index_lite.ws` of one RS3 table, or of all. */
  setRs3Player(name: string, csv: string, table?: string): void;
  /** Answers lookups of this player (on every table) with `reply`, e.g. an outage for one name. */
  setReply(name: string, reply: FakeReply): void;
  /** Forces this answer on every lookup until set back to null. */
  override: FakeReply | null;
  /** Every lookup is held this long before its answer, so concurrent lookups overlap. */
  latencyMs: number;
  /** Lookups being answered right now, and the most there ever were at once. */
  readonly inFlight: number;
  readonly maxInFlight: number;
  /** From now on every lookup answers 503, as the hiscores do when overloaded. */
  unavailable(): void;
  /** From now on no lookup is ever answered. */
  hang(): void;
  reset(): void;
  close(): Promise<void>;
}

/** The Old School hiscores' `/m=<table>/index_lite.json?player=<name>` on a local port. */
export async function createOsrsHiscoresFake(port = 0): Promise<OsrsHiscoresFake> {
  const players = new Map<string, PlayerBody>();
  const replies = new Map<string, FakeReply>();
  const fake = {
    requests: [] as OsrsHiscoresFake['requests'],
    override: null as FakeReply | null,
    latencyMs: 0,
    inFlight: 0,
    maxInFlight: 0,
  };
  const rs3Players = new Map<string, string>();
  const answer = (req: FakeRequest): FakeReply => {
    const rs3Table = /^\/m=([a-z_]+)\/index_lite\.ws$/.exec(req.path)?.[1];
    const table = /^\/m=([a-z_]+)\/index_lite\.json$/.exec(req.path)?.[1] ?? rs3Table;
    const player = req.query.get('player') ?? '';
    fake.requests.push({ table: table ?? '', player, url: req.rawUrl });
    if (fake.override) return fake.override;
    const reply = replies.get(playerKey(player));
    if (reply) return reply;
    if (rs3Table) {
      // RuneScape 3's lite hiscores: CSV only, and a 404 page for a name they do not know.
      if (!RS3_TABLES.has(rs3Table)) return html(NOT_FOUND_PAGE, 404);
      const csv = rs3Players.get(`${rs3Table}|${playerKey(player)}`) ?? rs3Players.get(`*|${playerKey(player)}`);
      return csv === undefined ? html(NOT_FOUND_PAGE, 404) : { body: csv, contentType: 'text/plain' };
    }
    if (!table || !TABLES.has(table)) return html(NOT_FOUND_PAGE, 404);
    const stored = players.get(`${table}|${playerKey(player)}`) ?? players.get(`*|${playerKey(player)}`);
    if (stored === undefined) return html(NOT_FOUND_PAGE, 404);
    const body = typeof stored === 'function' ? stored() : stored;
    return typeof body === 'string' ? { body } : json(body);
  };
  const server = await startFakeServer(async (req) => {
    fake.inFlight += 1;
    fake.maxInFlight = Math.max(fake.maxInFlight, fake.inFlight);
    try {
      if (fake.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.latencyMs));
      return answer(req);
    } finally {
      fake.inFlight -= 1;
    }
  }, port);
  return Object.assign(fake, {
    url: server.url,
    close: server.close,
    setPlayer(name: string, body: PlayerBody, table?: string) {
      players.set(`${table ?? '*'}|${playerKey(name)}`, body);
    },
    setRs3Player(name: string, csv: string, table?: string) {
      rs3Players.set(`${table ?? '*'}|${playerKey(name)}`, csv);
    },
    setReply(name: string, reply: FakeReply) {
      replies.set(playerKey(name), reply);
    },
    unavailable() {
      fake.override = { status: 503, body: '<html><body>Service Unavailable</body></html>', contentType: 'text/html' };
    },
    hang() {
      fake.override = { delayMs: 10 * 60_000, body: '{}' };
    },
    reset() {
      players.clear();
      rs3Players.clear();
      replies.clear();
      fake.requests.length = 0;
      fake.override = null;
      fake.latencyMs = 0;
      fake.maxInFlight = 0;
    },
  });
}
