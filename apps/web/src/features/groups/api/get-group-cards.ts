import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupCardDto } from '@smm/shared/components/schemas';
import { api } from '../../../lib/api-client';

/** The Welcome cards, sorted by cardOrder. */
export const getGroupCards = async (groupID: string, signal?: AbortSignal) => {
  const cards = await api.get<GroupCardDto[]>('/api/components/getGroupCards', { groupID }, signal);
  // The server sorts too; sorting here keeps the grid right whatever the response order.
  return [...cards].sort((a, b) => a.cardOrder - b.cardOrder);
};

export const groupCardsQueryOptions = (groupID: string) =>
  queryOptions({ queryKey: ['groups', groupID, 'cards'], queryFn: ({ signal }) => getGroupCards(groupID, signal) });

export const useGroupCards = (groupID: string) => useQuery(groupCardsQueryOptions(groupID));
