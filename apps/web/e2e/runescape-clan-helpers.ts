import type { Browser, Page } from '@playwright/test';
import { loginThroughForm } from './support/users';

// Clan competitions and bingo are checked on a desktop and on a phone, on a clock away from the server's.
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };
export const ZONE = 'America/New_York';

/** A fresh browser signed in through the login form, on the viewer's clock (ZONE) and a desktop screen. */
export async function signedInPage(browser: Browser, baseURL: string | undefined, email: string, password: string) {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce', timezoneId: ZONE, viewport: DESKTOP });
  const page = await context.newPage();
  await loginThroughForm(page, email, password);
  return page;
}

/** An instant as the date picker reads it on the viewer's clock: "Nov 26, 2026 1:05 PM". */
export function pickerText(instant: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.month} ${parts.day}, ${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}

/** Types a date into the open dialog's date field and leaves it, as a keyboard user would. */
export async function typeDate(page: Page, label: string, text: string) {
  const input = page.getByRole('dialog').getByLabel(label, { exact: true });
  await input.fill(text);
  await input.press('Tab');
}
