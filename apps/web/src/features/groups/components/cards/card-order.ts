import type { PostGroupCardOrderBody } from '@smm/shared/components/schemas';

/**
 * Spec 4: a drag reassigns cardOrder 0..n-1. A drop with no destination, or back where it
 * started, changes nothing and returns the same list.
 */
export function moveCard<T extends { cardOrder: number }>(cards: readonly T[], from: number, to: number | null | undefined): readonly T[] {
  if (to === null || to === undefined || to === from) return cards;
  const next = [...cards];
  const [moved] = next.splice(from, 1);
  if (!moved) return cards;
  next.splice(to, 0, moved);
  return next.map((card, index) => ({ ...card, cardOrder: index }));
}

/** The body of postGroupCardOrder: every card with its new position. */
export const cardOrderBody = (cards: readonly { _id: string; cardOrder: number }[]): PostGroupCardOrderBody =>
  cards.map(({ _id, cardOrder }) => ({ _id, cardOrder }));
