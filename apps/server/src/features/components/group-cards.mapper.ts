import type { GroupCardDto } from '@smm/shared/components/schemas';
import type { GroupCardRow } from './group-cards.repo';

export const toGroupCardDto = (row: GroupCardRow): GroupCardDto => ({
  _id: row.id,
  groupID: row.group_id,
  title: row.title,
  body: row.body,
  footer: row.footer,
  cardOrder: row.card_order,
  updatedAt: Number(row.updated_at),
});
