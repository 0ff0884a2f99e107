import { STEAM_LINK_ERRORS } from '@smm/shared/steam/schemas';

const UNKNOWN_PROBLEM = 'Your Steam account could not be linked. Please try again.';

/** The message for a `/profile?steamError=` code; an unknown code still says that linking failed. */
export function steamLinkErrorMessage(code: string): string {
  return Object.hasOwn(STEAM_LINK_ERRORS, code) ? STEAM_LINK_ERRORS[code as keyof typeof STEAM_LINK_ERRORS] : UNKNOWN_PROBLEM;
}
