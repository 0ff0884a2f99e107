import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { useAppState } from '../auth/app-state';
import { timeZoneQueryOptions } from '../events/api/time-zone';
import { formatWithZone } from '../events/event-time';

/** When the hiscores were read, in the given time zone, saying which: "Sat, Nov 28, 2026, 1:00 AM GMT+1". */
export const formatReadTime = (iso: string, timeZone: string): string => formatWithZone(iso, timeZone);

/** The reader's zone, as for every other time of the app: the one chosen on their profile when signed in and chosen, else the browser's. */
export function useReaderTimeZone(): string {
  const { auth } = useAppState();
  const userID = auth.isAuthenticated ? auth.user.id : undefined;
  const saved = useQuery({ ...timeZoneQueryOptions(userID ?? ''), enabled: Boolean(userID) });
  return saved.data?.timeZone ?? browserTimeZone();
}

/** Writes when the hiscores were read in the reader's zone, saying which. */
export function useReadTime(): (iso: string) => string {
  const timeZone = useReaderTimeZone();
  return useCallback((iso: string) => formatReadTime(iso, timeZone), [timeZone]);
}
