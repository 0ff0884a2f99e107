/** An instant as the viewer reads it, e.g. "Tue, Nov 24, 2026, 1:00 PM". */
export function formatEventTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** The zone's short name at that instant, e.g. "GMT+1" or "EST", to stand beside a time. */
export function zoneAbbreviation(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(new Date(iso));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** A time with its zone named: "Tue, Nov 24, 2026, 1:00 PM GMT+1". */
export const formatWithZone = (iso: string, timeZone: string): string =>
  `${formatEventTime(iso, timeZone)} ${zoneAbbreviation(iso, timeZone)}`;
