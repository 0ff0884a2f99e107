const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A formatter of an instant's wall-clock parts in a time zone (24-hour, with the weekday), made once
 * per zone: a week laid out hour by hour reads hundreds of instants.
 */
export function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'long',
    });
    formats.set(timeZone, format);
  }
  return format;
}
