const withZone = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** When the hiscores were read, in the reader's time zone, saying which: "Nov 28, 2026, 1:00 AM GMT+1". */
export const formatReadTime = (iso: string): string => withZone.format(new Date(iso));
