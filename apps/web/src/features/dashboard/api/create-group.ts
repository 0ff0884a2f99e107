import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGroupBody, FullGroupDto } from '@smm/shared/groups/schemas';
import { api } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/browser-time-zone';
import { fullGroupQueryOptions } from '../../groups/api/get-full-group';

/** Sends the browser's zone too: a new group takes its owner's zone, this one when their profile names none. */
export const createGroup = (body: CreateGroupBody) =>
  api.post<FullGroupDto>('/api/groups/createGroup', { timeZone: browserTimeZone(), ...body });

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
