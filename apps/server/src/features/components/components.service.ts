import {
  CARD_CHANGED_MESSAGE,
  type GroupCardDto,
  type PostGroupCardInput,
  type PostGroupCardOrderBody,
  type PostRemoveGroupCardBody,
} from '@smm/shared/components/schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import { assertCan, loadAccess } from '../groups/group-access';
import * as cards from './group-cards.repo';
import { toGroupCardDto } from './group-cards.mapper';
import { transactionWithChanges, type GroupChanges } from '../live/group-changes';

interface Deps {
  db: Db;
  clock: Clock;
  changes: GroupChanges;
}

const ORDER_MESSAGE = 'The new order must list every card of the group exactly once, with cardOrder 0 to n-1';

/** Whether `order` holds exactly the ids of `existing`, each once, with orders a permutation of 0..n-1. */
function isPermutationOf(existing: { id: string }[], order: PostGroupCardOrderBody): boolean {
  if (order.length !== existing.length) return false;
  const ids = new Set(existing.map((card) => card.id));
  const seenIds = new Set(order.map((card) => card._id));
  const seenOrders = new Set(order.map((card) => card.cardOrder));
  return (
    seenIds.size === order.length &&
    [...seenIds].every((id) => ids.has(id)) &&
    seenOrders.size === order.length &&
    order.every((card) => card.cardOrder >= 0 && card.cardOrder < order.length)
  );
}

/** Welcome card use cases: read, add, edit, reorder and delete. */
export function createComponentsService({ db, clock, changes }: Deps) {
  const cardsChanged = { topic: 'cards', action: 'changed' } as const;

  return {
    /** A group's cards by cardOrder: public groups to anyone, private ones to members. */
    async getGroupCards(actor: UserDto | null, groupID: string): Promise<GroupCardDto[]> {
      const access = await loadAccess(db, groupID, actor ?? null);
      assertCan(access, 'viewWelcome');
      return (await cards.listByGroup(db, groupID)).map(toGroupCardDto);
    },

    /**
     * Administrators add a card (placed last: cardOrder = current count) or edit one when `_id` is
     * given; an edit with `expectedUpdatedAt` over a version saved since is refused (409).
     */
    async postGroupCard(actor: UserDto, body: PostGroupCardInput): Promise<GroupCardDto> {
      return transactionWithChanges(db, changes, async (tx, record) => {
        const access = await loadAccess(tx, body.groupID, actor, { lock: true });
        assertCan(access, 'editCards');
        record({ groupId: body.groupID, ...cardsChanged });
        const content = { title: body.title, body: body.body, footer: body.footer };
        if (body._id) {
          const card = await cards.find(tx, body.groupID, body._id);
          if (!card) throw notFound('Card not found');
          const stored = Number(card.updated_at);
          if (body.expectedUpdatedAt !== undefined && body.expectedUpdatedAt !== stored) throw conflict(CARD_CHANGED_MESSAGE);
          // Strictly later than the stored version, so two saves in one millisecond still differ.
          const edited = { ...content, updated_at: Math.max(clock.now(), stored + 1) };
          if (!(await cards.updateContent(tx, card.id, edited, body.expectedUpdatedAt))) throw conflict(CARD_CHANGED_MESSAGE);
          return toGroupCardDto({ ...card, ...edited });
        }
        const card = {
          id: newId(),
          group_id: body.groupID,
          ...content,
          card_order: await cards.count(tx, body.groupID),
          created_at: clock.now(),
          updated_at: clock.now(),
        };
        await cards.insert(tx, card);
        return toGroupCardDto(card);
      });
    },

    /** Administrators save a new order of all the group's cards, in one transaction. */
    async postGroupCardOrder(actor: UserDto, groupID: string, order: PostGroupCardOrderBody): Promise<GroupCardDto[]> {
      return transactionWithChanges(db, changes, async (tx, record) => {
        const access = await loadAccess(tx, groupID, actor, { lock: true });
        assertCan(access, 'editCards');
        const existing = await cards.listByGroup(tx, groupID);
        if (!isPermutationOf(existing, order)) throw badRequest(ORDER_MESSAGE);
        for (const card of order) await cards.setOrder(tx, card._id, card.cardOrder);
        record({ groupId: groupID, ...cardsChanged });
        return (await cards.listByGroup(tx, groupID)).map(toGroupCardDto);
      });
    },

    /** Administrators delete a card; the remaining cards are numbered 0..n-1 again. */
    async postRemoveGroupCard(actor: UserDto, body: PostRemoveGroupCardBody): Promise<{ message: string }> {
      return transactionWithChanges(db, changes, async (tx, record) => {
        const access = await loadAccess(tx, body.groupID, actor, { lock: true });
        assertCan(access, 'editCards');
        const card = await cards.find(tx, body.groupID, body._id);
        if (!card) throw notFound('Card not found');
        await cards.deleteById(tx, card.id);
        const remaining = await cards.listByGroup(tx, body.groupID);
        for (const [index, row] of remaining.entries()) if (row.card_order !== index) await cards.setOrder(tx, row.id, index);
        record({ groupId: body.groupID, ...cardsChanged });
        return { message: 'Card removed' };
      });
    },
  };
}
export type ComponentsService = ReturnType<typeof createComponentsService>;
