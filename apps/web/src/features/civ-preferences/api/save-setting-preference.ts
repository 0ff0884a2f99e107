import type { CivPreferencesDto, PostGameSettingPreferenceBody } from '@smm/shared/civilization/schemas';
import { api } from '../../../lib/api-client';
import { replaceWith, usePendingWrites, usePreferenceWrite, type PreferenceWriteCallbacks } from './preference-write';

export type SettingPreference = Pick<PostGameSettingPreferenceBody, 'title' | 'value' | 'settingType'>;

/** Answers 409 when the group has locked the setting. */
export const postGameSettingPreference = (groupID: string, preference: SettingPreference) =>
  api.post<CivPreferencesDto>('/api/civilization/postGameSettingPreference', preference, { groupID });

/** Saves the member's value for one setting the group lets members choose. */
export const useSaveSettingPreference = (
  groupID: string,
  userID: string,
  callbacks: PreferenceWriteCallbacks<SettingPreference, CivPreferencesDto>,
) =>
  usePreferenceWrite(
    groupID,
    userID,
    'settingPreference',
    (preference: SettingPreference) => postGameSettingPreference(groupID, preference),
    replaceWith,
    callbacks,
  );

export const usePendingSettingPreferences = (groupID: string, userID: string) =>
  usePendingWrites<SettingPreference>(groupID, userID, 'settingPreference');
