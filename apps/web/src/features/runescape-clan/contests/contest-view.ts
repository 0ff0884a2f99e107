import type { ClanContestStatus } from '@smm/shared/runescape/clan-contest-schemas';

/** A competition's or bingo's status, as its badge and its list's section say it. */
export const CONTEST_STATUS_LABELS: Record<ClanContestStatus, string> = { upcoming: 'Upcoming', ongoing: 'Ongoing', finished: 'Finished' };

/** An instant as the viewer reads it in their zone, e.g. "Tue, Nov 24, 2026, 1:00 PM". */
export function formatInstant(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** The first problem, said beside the Submit button. */
export const firstProblem = (fields: Record<string, string | undefined>) => {
  const message = Object.values(fields).find(Boolean);
  return message ? `Fix the marked field: ${message}` : undefined;
};
