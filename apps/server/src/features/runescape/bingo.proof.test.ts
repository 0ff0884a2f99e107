import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { reencodeProof } from './bingo.proof';

describe('reencodeProof', () => {
  it('keeps only the pixels, as WebP', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    await expect(reencodeProof(png)).resolves.toMatchObject({ type: 'image/webp', width: 64, height: 48 });
  });

  it('says a screenshot with too many pixels has too many pixels, not that it is no image', async () => {
    const huge = await sharp({ create: { width: 9000, height: 9000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expect(reencodeProof(huge)).rejects.toMatchObject({
      statusCode: 400,
      message: 'The screenshot has too many pixels (at most 40 megapixels)',
    });
  });
});
