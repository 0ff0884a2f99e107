import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGroupBody, FullGroupDto } from '@smm/shared/groups/schemas';
import { api } from '../../../lib/api-client';
import { fullGroupQueryOptions } from '../../groups/api/get-full-group';

export const createGroup = (body: CreateGroupBody) => api.post<FullGroupDto>('/api/groups/createGroup', body);

export function useCreateGroup(userID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: (group) => {
      // The new group opens next with its invite link: it needs no second read.
      queryClient.setQueryData(fullGroupQueryOptions(group._id).queryKey, group);
      return queryClient.invalidateQueries({ queryKey: ['users', userID, 'groups'] });
    },
  });
}
