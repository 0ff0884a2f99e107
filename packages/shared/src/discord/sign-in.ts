/** Why a Discord sign-in came back without signing in or linking (the `discordError` of the page it returns to). */
export const discordSignInErrors = ['cancelled', 'expired', 'foreign', 'invalid', 'taken', 'unavailable'] as const;
export type DiscordSignInError = (typeof discordSignInErrors)[number];

/** What the pages say for each refusal. */
export const DISCORD_SIGN_IN_MESSAGES: Record<DiscordSignInError, string> = {
  cancelled: 'Discord sign-in was cancelled.',
  expired: 'That Discord sign-in has expired or was already used. Please try again.',
  foreign: 'That Discord sign-in was started in another browser. Please try again here.',
  invalid: 'Discord did not confirm the sign-in. Please try again.',
  taken: 'That Discord account is already linked to another user.',
  unavailable: 'Discord could not be reached. Please try again in a minute.',
};
