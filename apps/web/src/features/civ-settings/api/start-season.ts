import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SeasonDto, startSeasonBody } from '@smm/shared/civilization/ladder-schemas';
import { api } from '../../../lib/api-client';

/** What the form sends, before the server fills in its defaults. */
export type StartSeasonInput = z.input<typeof startSeasonBody>;

/** Administrators end the current season now and start the next; answers 400 with `fields` when the form is off. */
export const startSeason = (body: StartSeasonInput) => api.post<SeasonDto>('/api/civilization/startSeason', body);

/**
 * A new season changes what the rankings and statistics show by default (the current season), so
 * they reload with the seasons list.
 */
export function useStartSeason(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startSeason,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['groups', groupID, 'civ'] }),
        queryClient.invalidateQueries({ queryKey: ['groups', groupID, 'rankings'] }),
      ]),
  });
}
