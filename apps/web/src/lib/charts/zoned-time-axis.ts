import uPlot from 'uplot';

/**
 * uPlot's `tzDate` option for a chart whose x values are epoch seconds: the time axis then reads on
 * the given zone's clock (the viewer's), like every other time in the app, instead of the browser's.
 */
export const zonedTimeAxis =
  (timeZone: string) =>
  (seconds: number): Date =>
    uPlot.tzDate(new Date(seconds * 1000), timeZone);
