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

/**
 * The current IANA names of zones that some runtimes' ICU (Node 20's among them) still gives under
 * their old names: a member who picks Asia/Kolkata sees Asia/Kolkata, not Asia/Calcutta.
 */
const CURRENT_NAMES: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

const CURRENT_BY_OLD_LOWER = new Map(Object.entries(CURRENT_NAMES).map(([old, current]) => [old.toLowerCase(), current]));

/** A zone's current IANA name: 'Asia/Calcutta' (in any letter case) is 'Asia/Kolkata'; other names stay as they are. */
export const currentTimeZoneName = (timeZone: string): string => CURRENT_BY_OLD_LOWER.get(timeZone.toLowerCase()) ?? timeZone;

/** The zone's canonical spelling ('europe/berlin' becomes 'Europe/Berlin'), under its current IANA name. */
export const canonicalTimeZone = (timeZone: string): string =>
  currentTimeZoneName(new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone);

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
