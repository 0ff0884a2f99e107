import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateGroupBody } from '@smm/shared/civilization/schemas';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { api } from '../../../lib/api-client';

/** Administrators: the time zone, the leader ban limit and the entries sent; answers the updated group. */
export const updateGroup = (groupID: string, body: UpdateGroupBody) =>
  api.post<FullGroupDto>('/api/civilization/updateGroup', body, { groupID });

/** Saves the Edit Game Settings dialog. */
export function useUpdateGroupGameSettings(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateGroupBody) => updateGroup(groupID, body),
    onSuccess: (group) => {
      queryClient.setQueryData(['groups', groupID, 'full'], group);
      // The time zone moves the availability grid and the settings change what members may choose:
      // everything else read about the group is read again.
      return queryClient.invalidateQueries({ queryKey: ['groups', groupID], predicate: (query) => query.queryKey[2] !== 'full' });
    },
  });
}
