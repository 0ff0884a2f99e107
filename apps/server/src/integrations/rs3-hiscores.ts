import { isRs3Table, RS3_ACTIVITY_NAMES, RS3_SKILL_NAMES } from '@smm/shared/runescape/rs3';
import type { HiscoresActivity, HiscoresAnswer, HiscoresLine, OsrsHiscoresClient, OsrsHiscoresConfig } from './osrs-hiscores';
import { fetchUpstream, UpstreamError } from './upstream';

const SERVICE = 'RuneScape 3 hiscores';
const INT = /^-?\d+$/;

/**
 * Reads RuneScape 3's `index_lite.ws` CSV: one line per entry, no header and no names. The first
 * 30 lines are the skills (`rank,level,xp`, Overall first), the rest activities (`rank,score`),
 * named by position; activity lines Jagex adds after the known ones are left out. Unranked is -1.
 */
export function parseRs3Csv(text: string): HiscoresAnswer {
  const lines = text.trim().split(/\r?\n/);
  const rows = lines.map((line) => line.trim().split(','));
  if (rows.length < RS3_SKILL_NAMES.length || rows.some((cells) => cells.some((cell) => !INT.test(cell)))) {
    throw new UpstreamError(SERVICE, 'malformed', `unexpected CSV (${lines.length} lines)`);
  }
  const skills: (HiscoresLine & { name: string })[] = RS3_SKILL_NAMES.map((name, i) => {
    const cells = rows[i]!;
    if (cells.length !== 3) throw new UpstreamError(SERVICE, 'malformed', `skill line ${i + 1} has ${cells.length} values`);
    const [rank, level, xp] = cells.map(Number) as [number, number, number];
    return { name, rank, level, xp };
  });
  const activities: HiscoresActivity[] = rows
    .slice(RS3_SKILL_NAMES.length, RS3_SKILL_NAMES.length + RS3_ACTIVITY_NAMES.length)
    .flatMap((cells, i) => {
      if (cells.length !== 2) return [];
      const [rank, score] = cells.map(Number) as [number, number];
      return [{ name: RS3_ACTIVITY_NAMES[i]!, rank, score }];
    });
  return { skills, activities };
}

/** Real client of RuneScape 3's hiscores (`index_lite.ws`, CSV). */
export function createRs3HiscoresClient({ baseUrl, timeoutMs }: OsrsHiscoresConfig): OsrsHiscoresClient {
  const root = baseUrl.replace(/\/$/, '');
  return {
    async lookup(table, playerName) {
      const url = `${root}/m=${encodeURIComponent(table)}/index_lite.ws?player=${encodeURIComponent(playerName)}`;
      const response = await fetchUpstream(SERVICE, url, { headers: { accept: 'text/plain' } }, timeoutMs);
      if (response.status === 404) return null;
      if (response.status !== 200) throw new UpstreamError(SERVICE, 'status', `answered HTTP ${response.status}`, response.status);
      return parseRs3Csv(response.text);
    },
  };
}

/** One client for both games: RuneScape 3 tables go to the CSV endpoint, Old School ones to the JSON one. */
export function routeByGame(oldSchool: OsrsHiscoresClient, rs3: OsrsHiscoresClient): OsrsHiscoresClient {
  return { lookup: (table, playerName) => (isRs3Table(table) ? rs3 : oldSchool).lookup(table, playerName) };
}
