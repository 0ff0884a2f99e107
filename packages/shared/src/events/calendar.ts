import { z } from 'zod';

/** The caller's private calendar feed: whether one is active. The URL itself is shown only when it is made. */
export const calendarFeedStatus = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatus>;

/** A new (or rotated) feed: the subscription URL holds the secret, and the old URL stops working. */
export const calendarFeedCreated = z.object({
  url: z.string(),
  createdAt: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreated>;

/** GET /api/calendar/{token}.ics: a 64-hex-digit token then .ics. */
export const calendarFeedParams = z.object({ file: z.string().max(80) });
