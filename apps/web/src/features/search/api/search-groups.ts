import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupSummaryDto } from '@smm/shared/groups/schemas';
import { api } from '../../../lib/api-client';

/** Public groups, of one game when gameName is not empty. */
export const searchGroups = (gameName: string, signal?: AbortSignal) =>
  api.get<GroupSummaryDto[]>('/api/groups/searchGroups', { gameName: gameName || undefined }, signal);

export const searchGroupsQueryOptions = (gameName: string) =>
  queryOptions({ queryKey: ['games', gameName, 'groups'], queryFn: ({ signal }) => searchGroups(gameName, signal) });

// Keeping the last table while another game loads avoids the page jumping on every change.
export const useSearchGroups = (gameName: string) => useQuery({ ...searchGroupsQueryOptions(gameName), placeholderData: keepPreviousData });
