import { formatStat } from '../runescape/skill-format';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A gain as '+1,234'; '-' when unknown, '0' when nothing was gained. */
export const formatGain = (value: number | null) => (value === null ? '-' : value > 0 ? `+${formatStat(value)}` : '0');

/** When an account was last read from the hiscores, in the reader's time zone. */
export const formatUpdated = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : 'Never');
