import { useState } from 'react';
import { addDays, format } from 'date-fns';
import type { EventDto, SeriesScope } from '@smm/shared/events/schemas';
import { fromPickerDate } from '../picker-time';

/** The dialog's description, sign-up cutoff, weekly repeat and (editing an occurrence) series choice. */
export interface EventExtras {
  description: string;
  /** Minutes before the start; null: no cutoff. */
  cutoff: number | null;
  repeat: boolean;
  /** yyyy-MM-dd on the viewer's calendar: the last day an occurrence may start. */
  repeatUntil: string;
  scope: SeriesScope;
}

const DAY = 'yyyy-MM-dd';

/** The first day the Repeat until picker offers: a week after the start, so the series has two events. */
export const repeatUntilMin = (start: Date | null): string | undefined => (start ? format(addDays(start, 7), DAY) : undefined);

export function useEventExtras(event: EventDto | null) {
  return useState<EventExtras>({
    description: event?.description ?? '',
    cutoff: event?.signupCutoffMinutes ?? null,
    repeat: false,
    repeatUntil: '',
    scope: 'this',
  });
}

/** The end of the chosen day in the viewer's zone, as the instant the server reads. */
function endOfDay(day: string, timeZone: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return fromPickerDate(new Date(year!, month! - 1, date!, 23, 59, 59), timeZone).toISOString();
}

/** The fields the extras add to postEvent, only those set. The zone keeps a weekly 8 PM at 8 PM across daylight saving. */
export function createFields(extras: EventExtras, timeZone: string) {
  return {
    ...(extras.description.trim() ? { description: extras.description } : {}),
    ...(extras.cutoff === null ? {} : { signupCutoffMinutes: extras.cutoff }),
    ...(extras.repeat && extras.repeatUntil ? { repeatUntil: endOfDay(extras.repeatUntil, timeZone), timeZone } : {}),
  };
}

/** The fields the extras change in updateEvent (absent ones the server keeps); the scope only for an occurrence of a series. */
export function updateFields(extras: EventExtras, event: EventDto) {
  const cutoff = event.signupCutoffMinutes ?? null;
  return {
    ...(extras.description !== (event.description ?? '') ? { description: extras.description } : {}),
    ...(extras.cutoff !== cutoff ? { signupCutoffMinutes: extras.cutoff } : {}),
    ...(event.seriesID ? { scope: extras.scope } : {}),
  };
}

/** The cutoffs offered, in minutes before the start. */
export const CUTOFF_OPTIONS: { minutes: number | null; label: string }[] = [
  { minutes: null, label: 'No cutoff (until the event ends)' },
  { minutes: 0, label: 'At the start' },
  { minutes: 15, label: '15 minutes before the start' },
  { minutes: 30, label: '30 minutes before the start' },
  { minutes: 60, label: '1 hour before the start' },
  { minutes: 120, label: '2 hours before the start' },
  { minutes: 360, label: '6 hours before the start' },
  { minutes: 720, label: '12 hours before the start' },
  { minutes: 1440, label: '1 day before the start' },
  { minutes: 2880, label: '2 days before the start' },
  { minutes: 10080, label: '1 week before the start' },
];
