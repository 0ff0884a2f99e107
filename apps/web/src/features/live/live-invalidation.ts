import type { QueryClient } from '@tanstack/react-query';
import type { LiveChangeMessage } from '@smm/shared/live/schemas';

/** Parts of a game's page that change under their own topic (comments) or never by others (one's notes). */
const GAME_PARTS_OF_OTHER_TOPICS = new Set(['comments', 'notes']);

/** The queries of a group a change makes stale; every group query starts with ['groups', groupID]. */
export function invalidateForChange(queryClient: QueryClient, groupID: string, change: LiveChangeMessage): Promise<void> {
  const key = (...rest: string[]) => ({ queryKey: ['groups', groupID, ...rest] });
  switch (change.topic) {
    case 'events':
      return queryClient.invalidateQueries(key('events'));
    case 'attendance':
      // Answers and seats, and the marks of who came (Administrators' attendance rates).
      return Promise.all([queryClient.invalidateQueries(key('events')), queryClient.invalidateQueries(key('attendanceRates'))]).then(
        () => undefined,
      );
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
      // A game was added, edited (players, eliminations, winner, details, proposals), finished,
      // deleted or restored: the group's game lists, the game's page and history, the rankings and
      // member statistics. Not comments (their own topic) nor anyone's private notes.
      return Promise.all([
        queryClient.invalidateQueries({ ...key('games'), predicate: ({ queryKey }) => !GAME_PARTS_OF_OTHER_TOPICS.has(queryKey[4] as string) }),
        queryClient.invalidateQueries(key('rankings')),
        queryClient.invalidateQueries(key('memberStats')),
      ]).then(() => undefined);
    case 'preferences':
      // A member's bans, maps, setting choices, packs or leader agenda: the Preferences and Members pages.
      return Promise.all([queryClient.invalidateQueries(key('civPreferences')), queryClient.invalidateQueries(key('leaderAgendas'))]).then(
        () => undefined,
      );
    case 'gameSettings':
      // The group's game settings and time zone: the group (settings, dialog), what members may choose
      // (and bans dropped by a lower limit), and the availability slots' zone.
      return Promise.all([
        queryClient.invalidateQueries(key('full')),
        queryClient.invalidateQueries(key('civPreferences')),
        queryClient.invalidateQueries(key('availability')),
      ]).then(() => undefined);
    case 'drafts':
      // Every draft of the group: an open draft page reloads the one that moved on.
      return queryClient.invalidateQueries(key('drafts'));
    case 'availability':
      // A member changed their free times: the group's heat map and grid, and each member's own grid.
      return queryClient.invalidateQueries(key('availability'));
    case 'competitions':
      // A RuneScape competition was created, edited, joined, left or deleted, or its standings moved.
      return queryClient.invalidateQueries(key('competitions'));
    case 'bingo':
      // A RuneScape bingo was created, edited or deleted, a tile was claimed or decided, or a team's progress moved.
      return queryClient.invalidateQueries(key('bingos'));
  }
}

/** After a reconnect some changes may have been missed: everything of the group is read again. */
export const invalidateGroup = (queryClient: QueryClient, groupID: string) =>
  queryClient.invalidateQueries({ queryKey: ['groups', groupID] });
