import { OSRS_GAME_MODES } from '@smm/shared/runescape/game-modes';
import { html, json, startFakeServer, type FakeReply } from './fake-server';
import type { HiscoresJson } from './osrs-hiscores-fixtures';

const TABLES = new Set<string>(OSRS_GAME_MODES.map((mode) => mode.table));
const NOT_FOUND_PAGE =
  '<!DOCTYPE html><html><head><title>404 - Page not found</title></head><body><h1>404 - Page not found</h1></body></html>';

/** Jagex matches names case-insensitively and treats spaces, `_` and `-` alike. */
const playerKey = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, ' ');

export interface OsrsHiscoresFake {
  url: string;
  /** Every lookup received, in order. */
  requests: { table: string; player: string; url: string }[];
  /** Serves `body` for the player on one table, or on every table when `table` is omitted. */
  setPlayer(name: string, body: HiscoresJson | string, table?: string): void;
  /** Answers lookups of this player (on every table) with `reply`, e.g. an outage for one name. */
  setReply(name: string, reply: FakeReply): void;
  /** Forces this answer on every lookup until set back to null. */
  override: FakeReply | null;
  reset(): void;
  close(): Promise<void>;
}

/** The Old School hiscores' `/m=<table>/index_lite.json?player=<name>` on a local port. */
export async function createOsrsHiscoresFake(port = 0): Promise<OsrsHiscoresFake> {
  const players = new Map<string, HiscoresJson | string>();
  const replies = new Map<string, FakeReply>();
  const fake = {
    requests: [] as OsrsHiscoresFake['requests'],
    override: null as FakeReply | null,
  };
  const server = await startFakeServer((req) => {
    const table = /^\/m=([a-z_]+)\/index_lite\.json$/.exec(req.path)?.[1];
    const player = req.query.get('player') ?? '';
    fake.requests.push({ table: table ?? '', player, url: req.rawUrl });
    if (fake.override) return fake.override;
    const reply = replies.get(playerKey(player));
    if (reply) return reply;
    if (!table || !TABLES.has(table)) return html(NOT_FOUND_PAGE, 404);
    const body = players.get(`${table}|${playerKey(player)}`) ?? players.get(`*|${playerKey(player)}`);
    if (body === undefined) return html(NOT_FOUND_PAGE, 404);
    return typeof body === 'string' ? { body } : json(body);
  }, port);
  return Object.assign(fake, {
    url: server.url,
    close: server.close,
    setPlayer(name: string, body: HiscoresJson | string, table?: string) {
      players.set(`${table ?? '*'}|${playerKey(name)}`, body);
    },
    setReply(name: string, reply: FakeReply) {
      replies.set(playerKey(name), reply);
    },
    reset() {
      players.clear();
      replies.clear();
      fake.requests.length = 0;
      fake.override = null;
    },
  });
}
