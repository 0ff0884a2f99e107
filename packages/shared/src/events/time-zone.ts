import { z } from 'zod';

/** Whether the runtime's Intl knows the IANA time zone (both Node and browsers ship the full database). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's canonical spelling ('europe/berlin' becomes 'Europe/Berlin'). */
export const canonicalTimeZone = (timeZone: string): string => new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;

const timeZone = z
  .string({ error: 'Time zone must be text' })
  .trim()
  .max(64, 'Time zone is not a known IANA time zone')
  .refine(isValidTimeZone, 'Time zone is not a known IANA time zone')
  .transform(canonicalTimeZone);

/** POST /api/users/postTimeZone: an IANA zone, or null to follow the browser's zone again. */
export const postTimeZoneBody = z.object({ timeZone: timeZone.nullable() });
export type PostTimeZoneBody = z.infer<typeof postTimeZoneBody>;

/** The caller's time zone; null: none chosen, the web app uses the browser's. */
export const timeZoneResponse = z.object({ timeZone: z.string().nullable() });
export type TimeZoneResponse = z.infer<typeof timeZoneResponse>;
