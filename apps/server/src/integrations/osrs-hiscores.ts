import { z } from 'zod';
import { fetchUpstream, parseJson, UpstreamError } from './upstream';

const SERVICE = 'OSRS hiscores';
export const OSRS_HISCORES_DEFAULT_URL = 'https://secure.runescape.com';

// Only what the app reads is required (as in Wise Old Man's parser): `id` behaves like a position
// and activities change with every new boss, so neither may break a lookup.
const hiscoresLine = z.object({ name: z.string(), rank: z.int(), level: z.int(), xp: z.int() });
const hiscoresBody = z.object({ skills: z.array(hiscoresLine).min(1) });

export interface HiscoresLine {
  rank: number;
  level: number;
  xp: number;
}

/** The skill lines of one player on one table, keyed by the hiscores' skill name in lower case. */
export type HiscoresSkills = ReadonlyMap<string, HiscoresLine>;

export interface OsrsHiscoresClient {
  /** The player's skills on the `m=` table, or null when the table does not know the player. */
  lookup(table: string, playerName: string): Promise<HiscoresSkills | null>;
}

export interface OsrsHiscoresConfig {
  baseUrl: string;
  timeoutMs: number;
}

/** Real client of the Old School hiscores JSON endpoint (`index_lite.json`). */
export function createOsrsHiscoresClient({ baseUrl, timeoutMs }: OsrsHiscoresConfig): OsrsHiscoresClient {
  const root = baseUrl.replace(/\/$/, '');
  return {
    async lookup(table, playerName) {
      const url = `${root}/m=${encodeURIComponent(table)}/index_lite.json?player=${encodeURIComponent(playerName)}`;
      const response = await fetchUpstream(SERVICE, url, { headers: { accept: 'application/json' } }, timeoutMs);
      if (response.status === 404) return null;
      if (response.status !== 200) throw new UpstreamError(SERVICE, 'status', `answered HTTP ${response.status}`, response.status);
      const parsed = hiscoresBody.safeParse(parseJson(SERVICE, response.text));
      if (!parsed.success) throw new UpstreamError(SERVICE, 'malformed', `unexpected JSON: ${parsed.error.issues[0]?.message ?? ''}`);
      const skills = new Map<string, HiscoresLine>();
      for (const line of parsed.data.skills) {
        const key = line.name.toLowerCase();
        if (!skills.has(key)) skills.set(key, { rank: line.rank, level: line.level, xp: line.xp });
      }
      return skills;
    },
  };
}
