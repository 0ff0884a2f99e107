import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const deleteGroup = (groupID: string) => api.post<{ message: string }>(`/api/groups/deleteGroup/${encodeURIComponent(groupID)}`);

/** The caches are cleaned by the caller once it has left the group's pages (see forget-group.ts). */
export const useDeleteGroup = () => useMutation({ mutationFn: deleteGroup });
