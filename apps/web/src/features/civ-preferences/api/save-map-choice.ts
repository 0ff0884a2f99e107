import type { CivPreferencesDto, Operation } from '@smm/shared/civilization/schemas';
import { api } from '../../../lib/api-client';
import { replaceWith, usePendingWrites, usePreferenceWrite, type PreferenceWriteCallbacks } from './preference-write';

export interface MapChoice {
  map: string;
  operation: Operation;
}

export const postCivMapPreference = (groupID: string, choice: MapChoice) =>
  api.post<CivPreferencesDto>('/api/civilization/postCivMapPreference', choice, { groupID });

/** Adds a map to, or removes it from, the maps the member would like to play. */
export const useSaveMapChoice = (groupID: string, userID: string, callbacks: PreferenceWriteCallbacks<MapChoice, CivPreferencesDto>) =>
  usePreferenceWrite(groupID, userID, 'mapChoice', (choice: MapChoice) => postCivMapPreference(groupID, choice), replaceWith, callbacks);

export const usePendingMapChoices = (groupID: string, userID: string) => usePendingWrites<MapChoice>(groupID, userID, 'mapChoice');
