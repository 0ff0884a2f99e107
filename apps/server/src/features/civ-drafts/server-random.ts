import { randomInt } from 'node:crypto';
import type { Random } from '@smm/shared/civilization/draft';

// randomInt takes ranges below 2^48; 48 bits are as many as a double's [0, 1) fraction needs here.
const RANGE = 2 ** 48 - 1;

/** The server's source of chance for drafts: the operating system's CSPRNG, not Math.random, so no client can predict a hand. */
export const serverRandom: Random = () => randomInt(RANGE) / RANGE;
