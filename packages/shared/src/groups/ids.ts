import { z } from 'zod';

/** An entity id in a body, path or query string (UUIDv7 when the server made it). */
export const entityId = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`)
    .max(64, `${label} is not valid`);

export const groupIdQuery = z.object({ groupID: entityId('groupID') });
export type GroupIdQuery = z.infer<typeof groupIdQuery>;

export const idParams = z.object({ id: entityId('id') });
export type IdParams = z.infer<typeof idParams>;
