import type { TimeZoneResponse } from '@smm/shared/events/time-zone';
import { api } from '../../lib/api-client';
import { browserTimeZone } from '../../lib/browser-time-zone';

/**
 * On login, an account with no time zone gets the browser's, so event mails use the zone the app
 * shows times in rather than UTC. A zone the member chose is never replaced. A failure only
 * leaves the zone unset (the profile says so), so the login goes on regardless.
 */
export async function saveBrowserTimeZoneIfUnset(): Promise<void> {
  try {
    const { timeZone } = await api.get<TimeZoneResponse>('/api/users/getTimeZone');
    if (timeZone === null) await api.post<TimeZoneResponse>('/api/users/postTimeZone', { timeZone: browserTimeZone() });
  } catch {
    // Nothing to undo: the member can set the zone on the profile.
  }
}
