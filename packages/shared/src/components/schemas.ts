import { z } from 'zod';
import { entityId } from '../groups/ids';
import { expectedUpdatedAt } from '../live/expected-version';

export const CARD_TITLE_MAX = 100;
export const CARD_BODY_MAX = 10_000;
export const CARD_FOOTER_MAX = 500;

/** A Welcome card of a group. */
export const groupCardDto = z.object({
  _id: z.string(),
  groupID: z.string(),
  title: z.string(),
  body: z.string(),
  footer: z.string(),
  cardOrder: z.number().int(),
  /** When the card's title, body or footer last changed (epoch ms): send it back as expectedUpdatedAt. */
  updatedAt: z.number().int(),
});
export type GroupCardDto = z.infer<typeof groupCardDto>;
export const groupCardsResponse = z.array(groupCardDto);

/**
 * POST /api/components/postGroupCard: adds a card, or updates the card `_id` when given.
 * `cardOrder` is accepted and ignored: a new card goes last, and order changes only through postGroupCardOrder.
 */
export const postGroupCardBody = z.object({
  _id: entityId('_id').optional(),
  groupID: entityId('groupID'),
  title: z
    .string({ error: 'Title field is required' })
    .trim()
    .min(1, 'Title field is required')
    .max(CARD_TITLE_MAX, `Title must be at most ${CARD_TITLE_MAX} characters`),
  body: z.string({ error: 'Body must be text' }).max(CARD_BODY_MAX, `Body must be at most ${CARD_BODY_MAX} characters`).default(''),
  footer: z
    .string({ error: 'Footer must be text' })
    .max(CARD_FOOTER_MAX, `Footer must be at most ${CARD_FOOTER_MAX} characters`)
    .nullish()
    .transform((footer) => footer ?? ''),
  cardOrder: z.number().int().optional(),
  /** Editing: the card's updatedAt when the editor opened it; a card changed since answers 409 CARD_CHANGED_MESSAGE. */
  expectedUpdatedAt,
});
export type PostGroupCardBody = z.input<typeof postGroupCardBody>;
export type PostGroupCardInput = z.output<typeof postGroupCardBody>;

/** POST /api/components/postGroupCardOrder?groupID=: every card of the group with its new cardOrder (a permutation of 0..n-1). */
export const postGroupCardOrderBody = z
  .array(
    z.object({
      _id: entityId('_id'),
      cardOrder: z.number({ error: 'cardOrder must be a number' }).int('cardOrder must be a whole number'),
    }),
  )
  .max(1000);
export type PostGroupCardOrderBody = z.infer<typeof postGroupCardOrderBody>;

export const CARD_CHANGED_MESSAGE = 'Card was changed by someone else since you opened it. Reload to see their change.';

/** POST /api/components/postRemoveGroupCard: the card to delete. */
export const postRemoveGroupCardBody = z.object({ _id: entityId('_id'), groupID: entityId('groupID') });
export type PostRemoveGroupCardBody = z.infer<typeof postRemoveGroupCardBody>;
