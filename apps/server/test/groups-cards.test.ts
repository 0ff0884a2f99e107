import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupCardDto } from '@smm/shared/components/schemas';
import { call, createCast, groupWithCast, snapshot, type Cast } from './groups-fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) => call(t.app, url, { method: 'POST', as: cast.admin, payload });
const cardsOf = async (groupID: string) => (await call(t.app, `/api/components/getGroupCards?groupID=${groupID}`)).body as GroupCardDto[];
const summary = (cards: GroupCardDto[]) => cards.map((card) => `${card.cardOrder}:${card.title}`);

describe('Welcome cards', () => {
  it('adds cards last (cardOrder = current count) and lists them by cardOrder', async () => {
    const group = await groupWithCast(t.app, cast, false);
    const res = await post('/api/components/postGroupCard', {
      groupID: group._id,
      title: 'Events',
      body: 'Line 1\nLine 2',
      footer: 'See you',
      cardOrder: 0,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      _id: expect.any(String),
      groupID: group._id,
      title: 'Events',
      body: 'Line 1\nLine 2',
      footer: 'See you',
      cardOrder: 2,
      updatedAt: expect.any(Number),
    });
    expect(summary(await cardsOf(group._id))).toEqual(['0:Welcome', '1:Rules', '2:Events']);
  });

  it('edits a card in place, keeping its order', async () => {
    const group = await groupWithCast(t.app, cast, false);
    const rules = group.cards[1]!;
    const res = await post('/api/components/postGroupCard', {
      groupID: group._id,
      _id: rules._id,
      title: 'House rules',
      body: 'Be kind.',
      cardOrder: 0,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...rules, title: 'House rules', body: 'Be kind.', footer: '', updatedAt: expect.any(Number) });
    expect(res.body.updatedAt).toBeGreaterThan(rules.updatedAt);
    expect(summary(await cardsOf(group._id))).toEqual(['0:Welcome', '1:House rules']);
  });

  it("refuses to edit another group's card through this group (404) and invalid cards (400)", async () => {
    const group = await groupWithCast(t.app, cast, false);
    const other = await groupWithCast(t.app, cast, false);
    const before = await snapshot(t.database.db, group._id);
    const foreign = await post('/api/components/postGroupCard', {
      groupID: group._id,
      _id: other.cards[0]!._id,
      title: 'Hijack',
      body: '',
    });
    expect(foreign.status).toBe(404);
    const noTitle = await post('/api/components/postGroupCard', { groupID: group._id, title: '  ', body: 'x' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.fields.title).toBe('Title field is required');
    const long = await post('/api/components/postGroupCard', { groupID: group._id, title: 'x'.repeat(101), body: 'x' });
    expect(long.body.fields.title).toMatch(/at most 100/);
    expect(await snapshot(t.database.db, group._id)).toEqual(before);
    expect(await snapshot(t.database.db, other._id)).toMatchObject({
      cards: [expect.objectContaining({ title: 'Welcome' }), expect.anything()],
    });
  });

  it('saves a new order of all cards in one go', async () => {
    const group = await groupWithCast(t.app, cast, false);
    const third = (await post('/api/components/postGroupCard', { groupID: group._id, title: 'Third', body: '' })).body as GroupCardDto;
    const [welcome, rules] = group.cards as [GroupCardDto, GroupCardDto];
    const res = await post(`/api/components/postGroupCardOrder?groupID=${group._id}`, [
      { ...welcome, cardOrder: 2 },
      { _id: rules._id, cardOrder: 0 },
      { _id: third._id, cardOrder: 1 },
    ]);
    expect(res.status).toBe(200);
    expect(summary(res.body)).toEqual(['0:Rules', '1:Third', '2:Welcome']);
    expect(summary(await cardsOf(group._id))).toEqual(['0:Rules', '1:Third', '2:Welcome']);
  });

  it("refuses an order that is not exactly the group's cards numbered 0..n-1, changing nothing", async () => {
    const group = await groupWithCast(t.app, cast, false);
    const other = await groupWithCast(t.app, cast, false);
    const [a, b] = group.cards.map((card) => card._id) as [string, string];
    const before = await snapshot(t.database.db, group._id);
    const bad = [
      [{ _id: a, cardOrder: 1 }],
      [
        { _id: a, cardOrder: 1 },
        { _id: b, cardOrder: 1 },
      ],
      [
        { _id: a, cardOrder: 1 },
        { _id: b, cardOrder: 2 },
      ],
      [
        { _id: a, cardOrder: -1 },
        { _id: b, cardOrder: 0 },
      ],
      [
        { _id: a, cardOrder: 1 },
        { _id: a, cardOrder: 0 },
      ],
      [
        { _id: a, cardOrder: 1 },
        { _id: other.cards[0]!._id, cardOrder: 0 },
      ],
      [
        { _id: a, cardOrder: 1 },
        { _id: b, cardOrder: 0 },
        { _id: other.cards[1]!._id, cardOrder: 2 },
      ],
      [
        { _id: a, cardOrder: 0.5 },
        { _id: b, cardOrder: 0 },
      ],
    ];
    for (const order of bad) {
      const res = await post(`/api/components/postGroupCardOrder?groupID=${group._id}`, order);
      expect(res.status, JSON.stringify(order)).toBe(400);
    }
    expect(await snapshot(t.database.db, group._id)).toEqual(before);
  });

  it('deletes a card and renumbers the rest 0..n-1', async () => {
    const group = await groupWithCast(t.app, cast, false);
    await post('/api/components/postGroupCard', { groupID: group._id, title: 'Third', body: '' });
    const res = await post('/api/components/postRemoveGroupCard', { groupID: group._id, _id: group.cards[0]!._id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Card removed' });
    expect(summary(await cardsOf(group._id))).toEqual(['0:Rules', '1:Third']);
    const added = await post('/api/components/postGroupCard', { groupID: group._id, title: 'Fourth', body: '' });
    expect(added.body.cardOrder).toBe(2);
    const again = await post('/api/components/postRemoveGroupCard', { groupID: group._id, _id: group.cards[0]!._id });
    expect(again.status).toBe(404);
  });
});
