import type { FILTER_TYPES, GAME_FILTER_FIELDS } from '@smm/shared/civilization/games-schemas';

export type GameFilterField = (typeof GAME_FILTER_FIELDS)[number];
export type GameFilterType = (typeof FILTER_TYPES)[number];

/** One filter, applied by the server to the three games tables at once. */
export interface GamesFilter {
  field: GameFilterField;
  type: GameFilterType;
  value: string;
}

/** The columns a member can filter on, in the words of the tables' headers. */
export const FILTER_FIELD_LABELS: Record<GameFilterField, string> = {
  gameName: 'Game Name',
  host: 'Host',
  map: 'Map',
  member: 'Members',
  winner: 'Winner',
  victoryType: 'Victory Type',
};

/** Spec 2: the filter types are Is and Includes. */
export const FILTER_TYPE_LABELS: Record<GameFilterType, string> = { is: 'Is', includes: 'Includes' };

/** The query-string parameters of a games list call for a filter (none without one). */
export const filterParams = (filter: GamesFilter | null) =>
  filter ? { filterField: filter.field, filterType: filter.type, filterValue: filter.value } : {};

/** "Game Name includes "rome"", to tell the viewer what the tables are showing. */
export const describeFilter = (filter: GamesFilter) =>
  `${FILTER_FIELD_LABELS[filter.field]} ${FILTER_TYPE_LABELS[filter.type].toLowerCase()} “${filter.value}”`;
