import { currentTimeZoneName } from '@smm/shared/events/time-zone';

/** Every zone the browser knows, UTC included, under their current names (Asia/Kolkata, not Asia/Calcutta), as the server stores them. */
export function allTimeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = [...new Set(known.map(currentTimeZoneName))].sort();
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

const normalise = (text: string) => text.trim().toLowerCase().replace(/\s+/g, '_');

/**
 * The zone the typed text names: an exact name in any letter case ("europe/berlin"), or the one
 * zone whose name contains it ("berlin", "new york"); null when none or several match.
 */
export function matchTimeZone(text: string, zones: readonly string[]): string | null {
  const wanted = currentTimeZoneName(normalise(text)).toLowerCase();
  if (!wanted) return null;
  const exact = zones.find((zone) => zone.toLowerCase() === wanted);
  if (exact) return exact;
  const containing = zones.filter((zone) => zone.toLowerCase().includes(wanted));
  return containing.length === 1 ? (containing[0] ?? null) : null;
}
