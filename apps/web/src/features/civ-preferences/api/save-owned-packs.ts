import { useQueryClient } from '@tanstack/react-query';
import type { CivPreferencesDto, PostOwnedPacksBody } from '@smm/shared/civilization/schemas';
import { api } from '../../../lib/api-client';
import { replaceWith, usePendingWrites, usePreferenceWrite, type PreferenceWriteCallbacks } from './preference-write';

/** The packs the member owns, or null for "not said" (dealt from every pack). */
export type OwnedPacksChoice = PostOwnedPacksBody['ownedPacks'];

/** Saves the whole list of packs; the answer is the member's preferences in this group. */
export const postOwnedPacks = (groupID: string, ownedPacks: OwnedPacksChoice) =>
  api.post<CivPreferencesDto>('/api/civilization/postOwnedPacks', { groupID, ownedPacks } satisfies PostOwnedPacksBody);

/** Saves the packs of the group's game the member owns (they hold for every group of that game). */
export function useSaveOwnedPacks(
  groupID: string,
  userID: string,
  callbacks: PreferenceWriteCallbacks<OwnedPacksChoice, CivPreferencesDto>,
) {
  const queryClient = useQueryClient();
  return usePreferenceWrite(
    groupID,
    userID,
    'ownedPacks',
    (ownedPacks: OwnedPacksChoice) => postOwnedPacks(groupID, ownedPacks),
    replaceWith,
    {
      ...callbacks,
      onSuccess: (answer, ownedPacks) => {
        // The packs are the member's for the game, not for this group: their preferences read in
        // other groups, and the players' preferences a draft reads, are out of date.
        void queryClient.invalidateQueries({
          predicate: ({ queryKey: [root, id, kind] }) =>
            root === 'groups' && ((kind === 'civPreferences' && id !== groupID) || kind === 'memberCivPreferences'),
        });
        callbacks.onSuccess?.(answer, ownedPacks);
      },
    },
  );
}

export const usePendingOwnedPacks = (groupID: string, userID: string) => usePendingWrites<OwnedPacksChoice>(groupID, userID, 'ownedPacks');
