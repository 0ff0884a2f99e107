import { useCallback } from 'react';
import { useAppState } from '../auth/app-state';
import { useViewerTimeZone } from '../events/api/time-zone';
import { formatWithZone } from '../events/event-time';

/** The reader's zone, as for every other time of the app, whether or not they are signed in. */
export function useReaderTimeZone(): string {
  const { auth } = useAppState();
  return useViewerTimeZone(auth.isAuthenticated ? auth.user.id : undefined);
}

/** Writes when the hiscores were read in the reader's zone, saying which: "Sat, Nov 28, 2026, 1:00 AM GMT+1". */
export function useReadTime(): (iso: string) => string {
  const timeZone = useReaderTimeZone();
  return useCallback((iso: string) => formatWithZone(iso, timeZone), [timeZone]);
}
