import type { CivChoiceDto, GameType } from '@smm/shared/civilization/games-schemas';
import type { LinkUrl } from '@smm/shared/games/catalogue';
import { groupPagePath } from '../groups/components/area/group-area';

/** How the ladder's numbers read on the rankings, statistics and member pages. */

export const GAME_TYPE_LABELS: Record<GameType, string> = { ffa: 'FFA', team: 'Teams' };

/** A mean finishing place to two decimals ("2.25"), or a dash when there is none. */
export const formatAveragePlacement = (value: number | null | undefined): string =>
  value === null || value === undefined ? '–' : value.toFixed(2);

/** A rating (openskill ordinal) to one decimal. */
export const formatRating = (value: number): string => value.toFixed(1);

/** A rating change with its sign: "+1.8", "-0.6", "0.0". */
export const formatRatingChange = (delta: number): string => {
  const text = Math.abs(delta).toFixed(1);
  if (text === '0.0') return '0.0';
  return delta > 0 ? `+${text}` : `-${text}`;
};

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });
/** A win rate (0 to 1) as a whole percentage: "67%". */
export const formatWinRate = (rate: number): string => percent.format(rate);

const ordinalRules = new Intl.PluralRules('en-US', { type: 'ordinal' });
const ORDINAL_SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
/** A finishing place: "1st", "2nd", "11th"; a dash when it was not recorded. */
export const formatPlacement = (placement: number | null): string =>
  placement === null ? '–' : `${placement}${ORDINAL_SUFFIX[ordinalRules.select(placement)] ?? 'th'}`;

/** "Gandhi — India", or the civ's id when the catalogue no longer has it. */
export const leaderName = (civID: string, leader: CivChoiceDto | null): string => (leader ? `${leader.leader} — ${leader.nation}` : civID);

/** "1 game", "7 games". */
export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

/** A member's page: /civGroup/member?groupID=..&userID=..[&gameType=team]. */
export function memberPagePath(area: LinkUrl, groupID: string, userID: string, gameType: GameType = 'ffa'): string {
  const path = `${groupPagePath(area, 'member', groupID)}&userID=${encodeURIComponent(userID)}`;
  return gameType === 'ffa' ? path : `${path}&gameType=${gameType}`;
}
