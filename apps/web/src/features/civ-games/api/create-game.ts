import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createGameBody, GameDto } from '@smm/shared/civilization/games-schemas';
import { api } from '../../../lib/api-client';
import { eventsQueryKey } from '../../events/api/get-events';
import { gamesQueryKey } from './get-active-games';

/** What the form sends: the schema's input, before the server fills in its defaults. */
export type CreateGameInput = z.input<typeof createGameBody>;

/**
 * Adds a game: a drafted one by the server's draftID (its hands come from the stored draft), or one
 * without Draft Mode from its members. The server answers 400 with `fields` when something is off.
 */
export const createGame = (body: CreateGameInput) => api.post<GameDto>('/api/civilization/createGame', body);

/** After a game is added the games tables reload, and so do the events (drafting marks an event drafted). */
export function useCreateGame(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGame,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: gamesQueryKey(groupID) }),
        queryClient.invalidateQueries({ queryKey: eventsQueryKey(groupID) }),
      ]),
  });
}
