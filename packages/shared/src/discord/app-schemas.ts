import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../limits';
import { isMailableEmail, UNMAILABLE_EMAIL_MESSAGE } from '../users/schemas';

// Kept free of zod, so the login page can say them without loading the schemas.
export { DISCORD_SIGN_IN_MESSAGES, discordSignInErrors, type DiscordSignInError } from './sign-in';

export const DISCORD_OFF_MESSAGE = 'Discord is not set up on this server.';

/** Whether this installation has a Discord application, and the link that adds its bot to a server. */
export const discordStatusDto = z.object({
  enabled: z.boolean(),
  /** Adds the bot to a Discord server with the permissions it needs (null when Discord is off). */
  installUrl: z.string().nullable(),
});
export type DiscordStatusDto = z.infer<typeof discordStatusDto>;

/** Where the browser goes next: Discord's consent page. */
export const discordStartDto = z.object({ url: z.string() });
export type DiscordStartDto = z.infer<typeof discordStartDto>;

export const discordStartBody = z
  .object({
    /** A path of this app to land on after signing in (e.g. an invite page); anything else is ignored. */
    returnTo: z.string().max(300).optional(),
  })
  .optional();
export type DiscordStartBody = z.infer<typeof discordStartBody>;

/** The single-use grant a finished Discord sign-in leaves in the page address, exchanged once for a session. */
export const discordSessionBody = z.object({
  grant: z.string({ error: 'Sign-in grant is required' }).regex(/^[0-9a-f]{64}$/, 'This sign-in link is invalid'),
});
export type DiscordSessionBody = z.infer<typeof discordSessionBody>;

export const discordSessionDto = z.object({ token: z.string() });
export type DiscordSessionDto = z.infer<typeof discordSessionDto>;

/** The caller's linked Discord account, or null. */
export const discordLinkDto = z.object({
  link: z
    .object({
      discordID: z.string(),
      discordUsername: z.string(),
      /** Event reminders also come as a Discord DM. */
      dmReminders: z.boolean(),
    })
    .nullable(),
});
export type DiscordLinkDto = z.infer<typeof discordLinkDto>;

export const discordDmRemindersBody = z.object({ dmReminders: z.boolean({ error: 'Choose on or off' }) });
export type DiscordDmRemindersBody = z.infer<typeof discordDmRemindersBody>;

/** A Discord channel id (a snowflake), as Discord's "Copy Channel ID" gives it. */
export const DISCORD_CHANNEL_MESSAGE = 'Enter the channel ID (right-click the channel in Discord, then Copy Channel ID)';
export const postDiscordChannelBody = z.object({
  channelID: z
    .string({ error: 'Channel ID is required' })
    .trim()
    .min(1, 'Channel ID is required')
    .regex(/^\d{15,22}$/, DISCORD_CHANNEL_MESSAGE),
});
export type PostDiscordChannelBody = z.infer<typeof postDiscordChannelBody>;

/**
 * The group's channel, or null. `channelName` and `guildName`: the channel's and its Discord
 * server's names as Discord gave them, null when not known (a channel connected before they were
 * kept). `pausedReason`: why the bot posts nothing new there (whoever connected it may not manage
 * its Discord server); null while it posts.
 */
export const discordChannelDto = z.object({
  channelID: z.string().nullable(),
  channelName: z.string().nullable(),
  guildName: z.string().nullable(),
  pausedReason: z.string().nullable(),
});
export type DiscordChannelDto = z.infer<typeof discordChannelDto>;

/**
 * The channels an Administrator may pick: in each Discord server the bot is in where their linked
 * Discord account is a member, its text and announcement channels. `linked` false: link Discord first.
 */
export const discordChannelChoicesDto = z.object({
  linked: z.boolean(),
  guilds: z.array(
    z.object({
      guildID: z.string(),
      name: z.string(),
      channels: z.array(z.object({ channelID: z.string(), name: z.string() })),
    }),
  ),
});
export type DiscordChannelChoicesDto = z.infer<typeof discordChannelChoicesDto>;

/** The placeholder email of an account made by a Discord sign-in, until its owner sets a real one. */
export const discordMadeEmail = (discordId: string) => `discord-${discordId}@discord.invalid`;
export const isDiscordMadeEmail = (email: string) => /^discord-\d+@discord\.invalid$/.test(email);

/** A safe place to land after signing in: a path of this app, never another site. */
export const safeReturnPath = (value: string | undefined | null): string | null =>
  value && /^\/[A-Za-z0-9/_\-?=&.%]*$/.test(value) && !value.startsWith('//') ? value : null;

/** A password (and a real email to sign in with) for an account made by a Discord sign-in. */
export const discordSetPasswordBody = z.object({
  email: z
    .string({ error: 'Email field is required' })
    .trim()
    .min(1, 'Email field is required')
    .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
    .pipe(z.email('Email is invalid'))
    .transform((value) => value.toLowerCase())
    .refine(isMailableEmail, UNMAILABLE_EMAIL_MESSAGE),
  password: z
    .string({ error: 'Password field is required' })
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});
export type DiscordSetPasswordBody = z.infer<typeof discordSetPasswordBody>;
