import { useMutation } from '@tanstack/react-query';
import type { LeaveGroupBody } from '@smm/shared/groups/schemas';
import { api } from '../../../lib/api-client';

export const leaveGroup = (body: LeaveGroupBody) => api.post<{ message: string }>('/api/groups/leaveGroup', body);

/** The caches are cleaned by the caller once it has left the group's pages (see forget-group.ts). */
export const useLeaveGroup = () => useMutation({ mutationFn: leaveGroup });
