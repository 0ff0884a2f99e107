import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RESULT_CHANGED_MESSAGE, type GameDto } from '@smm/shared/civilization/games-schemas';
import { ApiError, errorBodyOf } from '../../lib/api-client';
import { gameQueryOptions } from './api/get-game';

/** Whether a result change was refused because someone changed the result since it was opened (409). */
export const isResultChanged = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.body.message === RESULT_CHANGED_MESSAGE;

/** Reads the game again now, for the page and whoever asks; answers it as it is stored. */
export function useReloadGame(game: Pick<GameDto, 'groupID' | '_id'>) {
  const queryClient = useQueryClient();
  const [reloading, setReloading] = useState(false);
  async function reload(): Promise<GameDto> {
    setReloading(true);
    try {
      return await queryClient.fetchQuery({ ...gameQueryOptions(game.groupID, game._id), staleTime: 0 });
    } finally {
      setReloading(false);
    }
  }
  return { reload, reloading };
}

/**
 * The game as a result dialog opened it: the dialog is filled from it and its save carries its
 * resultVersion, so a save over a result someone changed meanwhile is refused rather than overwriting
 * it. `reload` reads the game again (the page behind shows it too) and starts the dialog over from it.
 */
export function useOpenedResult(game: GameDto, onReloaded: (fresh: GameDto) => void) {
  const [opened, setOpened] = useState(game);
  const [conflict, setConflict] = useState<string | null>(null);
  const { reload: read, reloading } = useReloadGame(game);

  async function reload() {
    try {
      const fresh = await read();
      setOpened(fresh);
      setConflict(null);
      onReloaded(fresh);
    } catch (error) {
      setConflict(errorBodyOf(error).message);
    }
  }

  return {
    opened,
    /** What a save sends: the version of the result the dialog shows. */
    expectedResultVersion: opened.resultVersion,
    conflict,
    reloading,
    reload,
    /** Keeps a refusal over a newer result to be said beside Save, with Reload; false for any other failure. */
    caught(error: unknown): boolean {
      if (!isResultChanged(error)) return false;
      setConflict(errorBodyOf(error).message);
      return true;
    },
    clear: () => setConflict(null),
  };
}
