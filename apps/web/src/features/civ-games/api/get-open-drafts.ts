import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpenDraftDto } from '@smm/shared/civilization/draft-schemas';
import { api } from '../../../lib/api-client';

/** The group's live drafts still being played: mode, players and timer, never a hand or a pick. */
export const getOpenDrafts = (groupID: string, signal?: AbortSignal) =>
  api.get<OpenDraftDto[]>('/api/civilization/getOpenDrafts', { groupID }, signal);

/** Under the group's 'drafts', so a 'drafts' change on the group's live stream (a start, a step, the end) reloads it. */
export const openDraftsQueryOptions = (groupID: string) =>
  queryOptions({
    queryKey: ['groups', groupID, 'drafts', 'open'] as const,
    queryFn: ({ signal }) => getOpenDrafts(groupID, signal),
  });

export const useOpenDrafts = (groupID: string) => useQuery(openDraftsQueryOptions(groupID));
