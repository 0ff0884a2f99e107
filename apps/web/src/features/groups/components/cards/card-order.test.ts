import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardOrderBody, moveCard } from './card-order';

const cards = ['Welcome', 'Rules', 'Schedule'].map((title, cardOrder) => ({ _id: title.toLowerCase(), title, cardOrder }));

describe('moveCard', () => {
  it('moves a card and renumbers cardOrder 0..n-1', () => {
    const moved = moveCard(cards, 0, 2);
    expect(moved.map((c) => c.title)).toEqual(['Rules', 'Schedule', 'Welcome']);
    expect(moved.map((c) => c.cardOrder)).toEqual([0, 1, 2]);
  });

  it.each([
    ['no destination', null],
    ['an undefined destination', undefined],
    ['the same place', 1],
  ])('changes nothing for a drop with %s', (_, to) => {
    expect(moveCard(cards, 1, to)).toBe(cards);
  });

  it('does not touch the list it was given', () => {
    moveCard(cards, 2, 0);
    expect(cards.map((c) => c.title)).toEqual(['Welcome', 'Rules', 'Schedule']);
  });

  it('always yields the same cards with orders 0..n-1, the moved card at its destination', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }).chain((n) => fc.tuple(fc.constant(n), fc.nat(n - 1), fc.nat(n - 1))),
        ([n, from, to]) => {
          const list = Array.from({ length: n }, (_, i) => ({ _id: `c${i}`, cardOrder: i }));
          const moved = moveCard(list, from, to);
          expect(moved.map((c) => c.cardOrder)).toEqual(list.map((_, i) => i));
          expect(new Set(moved.map((c) => c._id))).toEqual(new Set(list.map((c) => c._id)));
          expect(moved[to]?._id).toBe(`c${from}`);
        },
      ),
    );
  });
});

it('cardOrderBody sends only ids and positions', () => {
  expect(cardOrderBody(moveCard(cards, 2, 0))).toEqual([
    { _id: 'schedule', cardOrder: 0 },
    { _id: 'welcome', cardOrder: 1 },
    { _id: 'rules', cardOrder: 2 },
  ]);
});
