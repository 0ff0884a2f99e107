import { browserTimeZone } from '../../lib/browser-time-zone';
import { formatWithZone } from '../events/event-time';

/** When the hiscores were read, in the reader's time zone, saying which: "Sat, Nov 28, 2026, 1:00 AM GMT+1". */
export const formatReadTime = (iso: string): string => formatWithZone(iso, browserTimeZone());
