import { z } from 'zod';

/**
 * The `updatedAt` (epoch ms) of the version an editor loaded, sent back with its save. When present
 * and the stored version differs, the save is refused with 409 instead of silently replacing a
 * change made meanwhile; absent, the save replaces whatever is stored (clients that never send it).
 */
export const expectedUpdatedAt = z
  .number({ error: 'expectedUpdatedAt must be a number (epoch ms)' })
  .int('expectedUpdatedAt must be a whole number (epoch ms)')
  .nonnegative('expectedUpdatedAt must be a whole number (epoch ms)')
  .optional();
