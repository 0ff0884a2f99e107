import { fromZonedTime, toZonedTime } from 'date-fns-tz';

/**
 * The date picker works in the browser's zone. A Date whose browser-local wall clock shows the
 * time in the viewer's zone lets it work in that zone instead; these convert both ways.
 */
export const toPickerDate = (instant: Date | string | number, timeZone: string): Date => toZonedTime(instant, timeZone);
export const fromPickerDate = (picked: Date, timeZone: string): Date => fromZonedTime(picked, timeZone);

/** Now, on the viewer's wall clock (for the pickers' "today"). */
export const pickerNow = (timeZone: string): Date => toPickerDate(new Date(), timeZone);
