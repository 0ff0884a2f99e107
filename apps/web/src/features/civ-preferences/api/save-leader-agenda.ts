import { useQueryClient } from '@tanstack/react-query';
import type { UserLeaderAgendaResponse } from '@smm/shared/civilization/schemas';
import { api } from '../../../lib/api-client';
import { usePreferenceWrite, type PreferenceWriteCallbacks } from './preference-write';

export const postUserLeaderAgenda = (groupID: string, userLeaderAgenda: string) =>
  api.post<UserLeaderAgendaResponse>('/api/civilization/postUserLeaderAgenda', { userLeaderAgenda }, { groupID });

/** Saves the member's Leader Agenda (free text, at most 500 characters). */
export function useSaveLeaderAgenda(
  groupID: string,
  userID: string,
  callbacks: PreferenceWriteCallbacks<string, UserLeaderAgendaResponse>,
) {
  const queryClient = useQueryClient();
  return usePreferenceWrite(
    groupID,
    userID,
    'leaderAgenda',
    (agenda: string) => postUserLeaderAgenda(groupID, agenda),
    (cached, answer) => ({ ...cached, userLeaderAgenda: answer.userLeaderAgenda }),
    {
      ...callbacks,
      onSuccess: (answer, agenda) => {
        // The Members page's table shows every member's agenda.
        void queryClient.invalidateQueries({ queryKey: ['groups', groupID, 'leaderAgendas'] });
        callbacks.onSuccess?.(answer, agenda);
      },
    },
  );
}
