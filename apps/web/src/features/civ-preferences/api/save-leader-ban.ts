import type { CivPreferencesDto, Operation } from '@smm/shared/civilization/schemas';
import { api } from '../../../lib/api-client';
import { replaceWith, usePendingWrites, usePreferenceWrite, type PreferenceWriteCallbacks } from './preference-write';

export interface LeaderBanChoice {
  /** The leader's civID. */
  leader: string;
  operation: Operation;
}

/** Answers 409 naming the group's limit when the member already has maxNumberOfLeaderBans bans. */
export const postCivLeaderBanPreference = (groupID: string, choice: LeaderBanChoice) =>
  api.post<CivPreferencesDto>('/api/civilization/postCivLeaderBanPreference', choice, { groupID });

/** Bans or unbans a leader for the member. */
export const useSaveLeaderBan = (
  groupID: string,
  userID: string,
  callbacks: PreferenceWriteCallbacks<LeaderBanChoice, CivPreferencesDto>,
) =>
  usePreferenceWrite(
    groupID,
    userID,
    'leaderBan',
    (choice: LeaderBanChoice) => postCivLeaderBanPreference(groupID, choice),
    replaceWith,
    callbacks,
  );

export const usePendingLeaderBans = (groupID: string, userID: string) => usePendingWrites<LeaderBanChoice>(groupID, userID, 'leaderBan');
