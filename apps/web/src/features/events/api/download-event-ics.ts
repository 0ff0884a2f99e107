import { ApiError, getAuthHeader } from '../../../lib/api-client';

/**
 * Downloads GET /api/events/{eventID}.ics. The API wants the Authorization header, which a plain
 * link cannot send, so the file is fetched here and handed to the browser as a download.
 */
export async function downloadEventIcs(eventID: string, fileName: string): Promise<void> {
  const authorization = getAuthHeader();
  const response = await fetch(`/api/events/${encodeURIComponent(eventID)}.ics`, { headers: authorization ? { authorization } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, { message: body?.message ?? `Download failed (${response.status})` });
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
