import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DraftDto } from '@smm/shared/civilization/draft-schemas';
import { api } from '../../../lib/api-client';

/** One draft as its reader may see it: hidden picks and proposals are absent from the answer. */
export const getDraft = (draftID: string, signal?: AbortSignal) => api.get<DraftDto>('/api/civilization/getDraft', { draftID }, signal);

/** Under the group's 'drafts', so a 'drafts' change on the group's live stream reloads it. */
export const draftQueryKey = (groupID: string, draftID: string) => ['groups', groupID, 'drafts', draftID] as const;

/** The live stream tells of every step; this slow poll only covers a stream that dropped without a word. */
const RUNNING_POLL_MS = 20_000;

export const draftQueryOptions = (groupID: string, draftID: string) =>
  queryOptions({
    queryKey: draftQueryKey(groupID, draftID),
    queryFn: ({ signal }) => getDraft(draftID, signal),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? RUNNING_POLL_MS : false),
  });

export const useDraft = (groupID: string, draftID: string) => useQuery(draftQueryOptions(groupID, draftID));
