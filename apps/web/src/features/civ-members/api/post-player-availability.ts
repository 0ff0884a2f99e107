import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Slot } from '@smm/shared/civilization/availability';
import type { AvailabilityDto, PostPlayerAvailabilityBody } from '@smm/shared/civilization/schemas';
import { api } from '../../../lib/api-client';
import { withSlot } from '../availability-grid';
import { groupAvailabilityQueryKey } from './get-group-availability';
import { playerAvailabilityQueryKey } from './get-player-availability';

export interface AvailabilityChange extends Slot {
  available: boolean;
  /** The member's zone as this page knows it; the server prefers the profile's. */
  timeZone: string;
}

/** The caller marks one slot free or not; the server answers all of the caller's slots. */
export const postPlayerAvailability = (groupID: string, userID: string, change: AvailabilityChange) =>
  api.post<AvailabilityDto[]>(`/api/civilization/postPlayerAvailability/${encodeURIComponent(groupID)}/${encodeURIComponent(userID)}`, {
    day: change.day,
    time: change.time,
    available: change.available,
    timeZone: change.timeZone,
  } satisfies PostPlayerAvailabilityBody);

/**
 * Saves one click of the member's own grid. The cell changes at once; a failed save undoes just that
 * cell (not clicks made since). Saves run one after another, so the server sees them in click order.
 */
export function usePostPlayerAvailability(groupID: string, member: { userID: string; username: string }) {
  const queryClient = useQueryClient();
  const playerKey = playerAvailabilityQueryKey(groupID, member.userID);
  const mutationKey = [...playerKey, 'post'];
  const setSlot = (change: AvailabilityChange, available: boolean) =>
    queryClient.setQueryData<AvailabilityDto[]>(playerKey, (slots) => withSlot(slots ?? [], change, available, member, change.timeZone));
  // Only the last save of a burst of clicks may write the server's answer or reload: an earlier
  // answer does not yet hold the later clicks and would flick their cells back for a moment.
  const isLastSave = () => queryClient.isMutating({ mutationKey }) === 1;

  return useMutation({
    mutationKey,
    scope: { id: mutationKey.join('\u0000') },
    mutationFn: (change: AvailabilityChange) => postPlayerAvailability(groupID, member.userID, change),
    onMutate: async (change) => {
      // A read under way would land after the click and show the old cell again.
      await queryClient.cancelQueries({ queryKey: playerKey });
      setSlot(change, change.available);
    },
    onError: (_error, change) => setSlot(change, !change.available),
    onSuccess: (slots) => {
      if (isLastSave()) queryClient.setQueryData(playerKey, slots);
    },
    // The group grid (members page) and this member's grid both read from under this key. Not
    // awaited: the save is done once the server has answered, the reload is for other members' changes.
    onSettled: () => {
      if (isLastSave()) void queryClient.invalidateQueries({ queryKey: groupAvailabilityQueryKey(groupID) });
    },
  });
}
