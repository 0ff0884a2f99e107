import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { TestUser } from './groups-fixtures';

/** A multipart/form-data body: text fields first, then the file (if any) under `proof`. */
export function claimForm(fields: Record<string, string>, file?: { filename: string; type: string; data: Buffer }) {
  const boundary = `----bingo${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="proof"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Sends a claim of a tile with a screenshot (or whatever file) as a member. */
export async function claimTile(
  app: FastifyInstance,
  as: TestUser,
  fields: { groupID: string; bingoID: string; tileID: string; note?: string },
  file?: { filename: string; type: string; data: Buffer },
) {
  const form = claimForm({ ...fields, note: fields.note ?? '' }, file);
  const res = await app.inject({
    method: 'POST',
    url: '/api/runescape/claimBingoTile',
    headers: { authorization: as.token, ...form.headers },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> & { message?: string }, headers: res.headers };
}

/** A small JPEG screenshot carrying EXIF metadata that must not survive. */
export const jpegWithExif = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 10 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'SECRET-HOME-ADDRESS', Artist: 'SECRET-NAME' } })
    .toBuffer();

export const pngScreenshot = () =>
  sharp({ create: { width: 30, height: 20, channels: 4, background: { r: 10, g: 200, b: 10, alpha: 1 } } })
    .png()
    .toBuffer();
