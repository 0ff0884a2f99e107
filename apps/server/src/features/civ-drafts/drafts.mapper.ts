import { draftAsText, type DraftResult, type DraftedPlayer } from '@smm/shared/civilization/draft';
import type { DraftDto } from '@smm/shared/civilization/draft-schemas';
import type { GameType } from '@smm/shared/civilization/games-schemas';
import type { DraftRow } from './drafts.repo';

/** What was asked of a draft, stored beside what was dealt. */
export interface DraftOptions {
  numCiv: number;
  freeBans: number;
  bansRemovePicks: boolean;
  teamSplit: string;
  teamCount: number;
  eventID: string | null;
}

/** The dealt draft as stored: written only by draftGame, from draft()'s own result. */
export const parseResult = (row: Pick<DraftRow, 'result'>): DraftResult => JSON.parse(row.result) as DraftResult;

export const parseOptions = (row: Pick<DraftRow, 'options'>): DraftOptions => JSON.parse(row.options) as DraftOptions;

/**
 * Whether the reader may see this player's hand: always, unless the draft is anonymous; then only their own
 * and their team-mates'. Someone who plays no part in an anonymous draft sees no hand.
 */
export function handVisible(
  anonymous: boolean,
  player: Pick<DraftedPlayer, 'userID' | 'team'>,
  reader: Pick<DraftedPlayer, 'userID' | 'team'> | undefined,
) {
  if (!anonymous) return true;
  if (!reader) return false;
  return reader.userID === player.userID || (reader.team !== null && reader.team === player.team);
}

/** The draft as its reader may see it: in anonymous mode other players' hands are withheld, in the Discord copy too. */
export function toDraftDto(row: DraftRow, readerID: string): DraftDto {
  const result = parseResult(row);
  const anonymous = row.anonymous_mode === 1;
  const reader = result.players.find((p) => p.userID === readerID);
  return {
    draftID: row.id,
    groupID: row.group_id,
    gameType: row.game_type as GameType,
    anonymousMode: anonymous,
    numCiv: result.numCiv,
    map: result.map,
    players: result.players.map((player) => {
      const visible = handVisible(anonymous, player, reader);
      return {
        userID: player.userID,
        username: player.username,
        team: player.team,
        civChoices: visible ? player.civChoices : [],
        civChoicesHidden: !visible,
      };
    }),
    bannedLeaders: result.bannedLeaders,
    settings: result.settings,
    dateCreated: new Date(Number(row.created_at)).toISOString(),
    discordText: draftAsText(result, { anonymous, viewerID: readerID }),
    gameID: row.game_id,
  };
}
