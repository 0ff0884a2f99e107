import { z } from 'zod';

/** Field keys the client shows server errors under (spec section 5). */
export const ERROR_FIELDS = [
  'username',
  'email',
  'password',
  'password2',
  'passwordincorrect',
  'emailnotfound',
  'currentPassword',
  'newPassword',
  'newPassword2',
  'subject',
  'message',
  'comment',
  'groupName',
  'gameName',
] as const;

/** The body of every failed call. */
export const apiErrorBody = z.object({
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
