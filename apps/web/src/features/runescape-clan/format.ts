import { formatReadTime } from '../runescape/read-time';
import { formatStat } from '../runescape/skill-format';

/** A gain as '+1,234'; '-' when unknown, '0' when nothing was gained. */
export const formatGain = (value: number | null) => (value === null ? '-' : value > 0 ? `+${formatStat(value)}` : '0');

/** When an account was last read from the hiscores, in the reader's time zone, saying which. */
export const formatUpdated = (iso: string | null) => (iso ? formatReadTime(iso) : 'Never');
