/** A date and time in the viewer's own locale and zone, e.g. "Mar 3, 2031, 7:05 PM". */
export const formatDateTime = (iso: string, locale?: string): string =>
  new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (iso: string, locale?: string): string => new Date(iso).toLocaleDateString(locale, { dateStyle: 'medium' });
