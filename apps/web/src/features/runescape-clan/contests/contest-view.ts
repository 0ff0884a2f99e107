import type { ClanContestStatus } from '@smm/shared/runescape/clan-contest-schemas';

/** A competition's or bingo's status, as its badge and its list's section say it. */
export const CONTEST_STATUS_LABELS: Record<ClanContestStatus, string> = { upcoming: 'Upcoming', ongoing: 'Ongoing', finished: 'Finished' };

/** The first problem, said beside the Submit button. */
export const firstProblem = (fields: Record<string, string | undefined>) => {
  const message = Object.values(fields).find(Boolean);
  return message ? `Fix the marked field: ${message}` : undefined;
};
