import type { QueryClient } from '@tanstack/react-query';
import type { LiveChangeMessage } from '@smm/shared/live/schemas';

/** The queries of a group a change makes stale; every group query starts with ['groups', groupID]. */
export function invalidateForChange(queryClient: QueryClient, groupID: string, change: LiveChangeMessage): Promise<void> {
  const key = (...rest: string[]) => ({ queryKey: ['groups', groupID, ...rest] });
  switch (change.topic) {
    case 'events':
    case 'attendance':
      return queryClient.invalidateQueries(key('events'));
    case 'cards':
      return Promise.all([queryClient.invalidateQueries(key('cards')), queryClient.invalidateQueries(key('full'))]).then(() => undefined);
    case 'members':
    case 'group':
      // Members appear in the group, its settings and (seats given up by a leaver) its events.
      return queryClient.invalidateQueries(key());
    case 'comments':
      // The game's comments (every page loaded); without a game id, every game's.
      return queryClient.invalidateQueries(change.gameId ? key('games', change.gameId, 'comments') : key('games'));
    case 'games':
      // A game finished: the group's games (lists and pages) and its rankings.
      return Promise.all([queryClient.invalidateQueries(key('games')), queryClient.invalidateQueries(key('rankings'))]).then(
        () => undefined,
      );
    case 'drafts':
      // Every draft of the group: an open draft page reloads the one that moved on.
      return queryClient.invalidateQueries(key('drafts'));
    case 'availability':
      // A member changed their free times: the group's heat map and grid, and each member's own grid.
      return queryClient.invalidateQueries(key('availability'));
  }
}

/** After a reconnect some changes may have been missed: everything of the group is read again. */
export const invalidateGroup = (queryClient: QueryClient, groupID: string) =>
  queryClient.invalidateQueries({ queryKey: ['groups', groupID] });
