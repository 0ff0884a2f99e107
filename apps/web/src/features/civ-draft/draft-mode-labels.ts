import type { DraftMode } from '@smm/shared/civilization/draft-machine-schemas';

/** Each draft mode as the draft page and the Games page name it. */
export const MODE_LABELS: Record<DraftMode, string> = {
  random: 'Random draft',
  blind: 'Blind pick',
  captains: 'Captains draft',
  majorityBans: 'Majority bans',
};
