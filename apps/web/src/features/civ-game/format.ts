/** The zone's short name at that instant, e.g. "GMT+1" or "EST". */
function zoneName(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(new Date(iso));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** A date and time in a zone, saying which: "Mar 3, 2031, 7:05 PM GMT+1". */
export const formatInZone = (iso: string, timeZone: string, locale?: string): string =>
  `${new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone })} ${zoneName(iso, timeZone)}`;

/** 1st, 2nd, 3rd, 4th, ... 11th, 12th, 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** A rating change with one decimal and its sign: "+1.8", "−0.6" (a real minus sign), "0.0". */
export function ratingDeltaText(delta: number): string {
  const rounded = Math.round(delta * 10) / 10;
  if (rounded === 0) return '0.0';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded).toFixed(1)}`;
}
