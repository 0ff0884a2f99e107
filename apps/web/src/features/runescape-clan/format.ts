import { formatStat } from '../runescape/skill-format';

/** A gain as '+1,234'; '-' when unknown, '0' when nothing was gained. */
export const formatGain = (value: number | null) => (value === null ? '-' : value > 0 ? `+${formatStat(value)}` : '0');

/** When an account was last read from the hiscores, written by `readTime` (the reader's zone, saying which); 'Never' when it was not. */
export const formatUpdated = (iso: string | null, readTime: (iso: string) => string) => (iso ? readTime(iso) : 'Never');
