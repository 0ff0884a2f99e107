import { z } from 'zod';
import { fetchUpstream, parseJson, UpstreamError } from './upstream';

const SERVICE = 'OSRS hiscores';
export const OSRS_HISCORES_DEFAULT_URL = 'https://secure.runescape.com';

// Only what the app reads is required (as in Wise Old Man's parser): `id` behaves like a position
// and activities change with every new boss, so neither may break a lookup.
const hiscoresLine = z.object({ name: z.string(), rank: z.int(), level: z.int(), xp: z.int() });
const activityLine = z.object({ name: z.string(), rank: z.int(), score: z.int() });
const hiscoresBody = z.object({ skills: z.array(hiscoresLine).min(1), activities: z.array(z.unknown()).optional() });

export interface HiscoresLine {
  rank: number;
  level: number;
  xp: number;
}

export interface HiscoresActivity {
  name: string;
  rank: number;
  score: number;
}

/** One player's answer on one table, as sent: skill lines in order (Overall first), then bosses and activities. */
export interface HiscoresAnswer {
  skills: readonly (HiscoresLine & { name: string })[];
  activities: readonly HiscoresActivity[];
}

export interface OsrsHiscoresClient {
  /** The player's lines on the `m=` table, or null when the table does not know the player. */
  lookup(table: string, playerName: string): Promise<HiscoresAnswer | null>;
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
      const seen = new Set<string>();
      const skills = parsed.data.skills.filter((line) => !seen.has(line.name.toLowerCase()) && seen.add(line.name.toLowerCase()));
      // An activity line of an unknown shape is left out rather than failing the whole answer.
      const activities = (parsed.data.activities ?? []).flatMap((line) => {
        const activity = activityLine.safeParse(line);
        return activity.success ? [activity.data] : [];
      });
      return { skills, activities };
    },
  };
}
