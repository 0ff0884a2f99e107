import {
  BINGO_PROOF_MAX_BYTES,
  BINGO_PROOF_NOT_IMAGE_MESSAGE,
  BINGO_PROOF_TOO_LARGE_MESSAGE,
  BINGO_PROOF_TYPES,
} from '@smm/shared/runescape/bingo-schemas';

export const PROOF_MISSING_MESSAGE = 'Add a screenshot as proof';

/**
 * Why a picked file cannot be sent as proof, or null when it can: checked in the browser, in the
 * server's words, so a 20 MB photo or a GIF is refused before it is uploaded.
 */
export function proofProblem(file: Pick<File, 'type' | 'size'> | null): string | null {
  if (!file) return PROOF_MISSING_MESSAGE;
  if (!(BINGO_PROOF_TYPES as readonly string[]).includes(file.type)) return BINGO_PROOF_NOT_IMAGE_MESSAGE;
  if (file.size > BINGO_PROOF_MAX_BYTES) return BINGO_PROOF_TOO_LARGE_MESSAGE;
  return null;
}
