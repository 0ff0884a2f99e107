import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGroupBody, FullGroupDto } from '@smm/shared/groups/schemas';
import { api } from '../../../lib/api-client';

export const createGroup = (body: CreateGroupBody) => api.post<FullGroupDto>('/api/groups/createGroup', body);

export function useCreateGroup(userID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', userID, 'groups'] }),
  });
}
