import type { default as Sharp } from 'sharp';
import { BINGO_PROOF_NOT_IMAGE_MESSAGE } from '@smm/shared/runescape/bingo-schemas';
import { AppError, invalid } from '../../errors';

/** The most pixels a screenshot may decode to (about 8K × 5K): a small file cannot expand into gigabytes. */
const MAX_INPUT_PIXELS = 40_000_000;
/** Stored screenshots fit in this square; larger ones are scaled down. */
const MAX_SIDE = 4096;

export interface StoredProof {
  data: Buffer;
  type: 'image/webp';
  width: number;
  height: number;
}

/** Whether the bytes start as a PNG, a JPEG or a WebP file does: the name and the declared type are not trusted. */
export function looksLikeImage(bytes: Buffer): boolean {
  const png = bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const webp = bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP';
  return png || jpeg || webp;
}

const notImage = () => invalid({ proof: BINGO_PROOF_NOT_IMAGE_MESSAGE }, BINGO_PROOF_NOT_IMAGE_MESSAGE);

let loadingSharp: Promise<typeof Sharp> | undefined;

/**
 * libvips, loaded with the first screenshot rather than at start (it holds about 19 MB of resident
 * memory), and without its cache of operations: each screenshot is decoded once.
 */
function loadSharp(): Promise<typeof Sharp> {
  loadingSharp ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loadingSharp;
}

const TOO_MANY_PIXELS_MESSAGE = 'The screenshot has too many pixels (at most 40 megapixels)';
const tooManyPixels = () => invalid({ proof: TOO_MANY_PIXELS_MESSAGE }, TOO_MANY_PIXELS_MESSAGE);

/**
 * Decodes the screenshot and encodes it again as WebP: only its pixels survive (no metadata such as
 * location or camera, no trailing data), turned upright, its first frame only, at most MAX_SIDE a side.
 */
export async function reencodeProof(bytes: Buffer): Promise<StoredProof> {
  if (!looksLikeImage(bytes)) throw notImage();
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 });
    const meta = await image.metadata();
    if (!meta.format || !['png', 'jpeg', 'webp'].includes(meta.format)) throw notImage();
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw tooManyPixels();
    const { data, info } = await image
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { data, type: 'image/webp', width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Sharp refuses an image past its pixel limit while reading its header, before the check above.
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw notImage();
  }
}
