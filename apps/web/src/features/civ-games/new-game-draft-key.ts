import { unsavedDraftKey } from '../../lib/unsaved-drafts';

/** Where a half-filled New Game form is kept in this tab: the viewer's, for this group (or this event's draft). */
export const newGameDraftKey = (viewerID: string, groupID: string, eventID?: string) =>
  unsavedDraftKey('new-game', viewerID, groupID, eventID ?? 'games');
