import { z } from 'zod';
import { EMAIL_MAX, MESSAGE_MAX, PASSWORD_MAX, PASSWORD_MIN, SUBJECT_MAX, USERNAME_MAX } from '../limits';
import { MESSAGE_TYPES } from '../constants';

const required = (label: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === null ? `${label} field is required` : `${label} must be text`,
});

const text = (label: string, max: number) =>
  z.string(required(label)).trim().min(1, `${label} field is required`).max(max, `${label} must be at most ${max} characters`);

const email = z
  .string(required('Email'))
  .trim()
  .min(1, 'Email field is required')
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .pipe(z.email('Email is invalid'))
  .transform((value) => value.toLowerCase());

/** The .invalid domains never receive mail (RFC 2606); the app's own placeholder addresses use one. */
export const UNMAILABLE_EMAIL_MESSAGE = 'Use an email address that can receive mail';
export const isMailableEmail = (value: string) => !/\.invalid$/i.test(value);

/** An address someone gives as theirs: never one of the .invalid placeholders Discord sign-ins make. */
const ownEmail = email.refine(isMailableEmail, UNMAILABLE_EMAIL_MESSAGE);

const password = (label: string) =>
  z
    .string(required(label))
    .min(1, `${label} field is required`)
    .min(PASSWORD_MIN, `${label} must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `${label} must be at most ${PASSWORD_MAX} characters`);

const anyText = (label: string, max: number) =>
  z.string(required(label)).min(1, `${label} field is required`).max(max, `${label} must be at most ${max} characters`);

export const registerBody = z
  .object({
    username: text('Username', USERNAME_MAX).regex(/^[^\s<>]+( [^\s<>]+)*$/, 'Username may not contain < or > or repeated spaces'),
    email: ownEmail,
    password: password('Password'),
    password2: anyText('Confirm password', PASSWORD_MAX),
  })
  .refine((body) => body.password === body.password2, { path: ['password2'], message: 'Passwords must match' });
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email,
  password: anyText('Password', PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBody>;

export const resetPasswordBody = z.object({ email });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const changePasswordBody = z.object({ password: password('Password') });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const updatePasswordBody = z
  .object({
    userID: z.string(required('User')).min(1, 'User field is required').max(64),
    currentPassword: anyText('Current password', PASSWORD_MAX),
    newPassword: password('New password'),
    newPassword2: anyText('Confirm new password', PASSWORD_MAX),
  })
  .refine((body) => body.newPassword === body.newPassword2, { path: ['newPassword2'], message: 'Passwords must match' });
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;

export const contactMessageBody = z.object({
  email,
  subject: text('Subject', SUBJECT_MAX),
  message: text('Message', MESSAGE_MAX),
  messageType: z.enum(MESSAGE_TYPES, { error: `Message type must be one of ${MESSAGE_TYPES.join(', ')}` }),
});
export type ContactMessageBody = z.infer<typeof contactMessageBody>;

/** The user as every response shows it: never a password hash. */
export const userDto = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  steamID: z.string().nullable(),
});
export type UserDto = z.infer<typeof userDto>;

/** What the login token carries besides its expiry. */
export type TokenUser = UserDto;

export const loginResponse = z.object({ token: z.string() });
export const messageResponse = z.object({ message: z.string() });
/** A password change ends older sessions; the caller's continues with this new token. */
export const updatePasswordResponse = z.object({ message: z.string(), token: z.string() });
