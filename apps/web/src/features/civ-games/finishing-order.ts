import type { GameDto } from '@smm/shared/civilization/games-schemas';

/** One place of a finished game: the sides (players or teams) that share it. */
export interface Place {
  placement: number;
  sides: string[];
}

/**
 * A finished game's places, first to last, from members[].placement: players in a free-for-all,
 * teams in a team game (a team's members share its place). Empty while nothing is placed.
 */
export function finishingOrder(game: Pick<GameDto, 'gameType' | 'members'>): Place[] {
  const placeOf = new Map<string, number>();
  for (const member of game.members) {
    if (member.placement === null) continue;
    if (game.gameType === 'team') {
      if (member.team !== null) placeOf.set(`Team ${member.team}`, member.placement);
    } else placeOf.set(member.username, member.placement);
  }
  const places = new Map<number, string[]>();
  for (const [side, placement] of placeOf) places.set(placement, [...(places.get(placement) ?? []), side]);
  return [...places]
    .sort(([a], [b]) => a - b)
    .map(([placement, sides]) => ({ placement, sides: sides.sort((a, b) => a.localeCompare(b, undefined, { numeric: true })) }));
}

/** "1. Alice", or "=3. Carol, Dan" for a shared place. */
export const placeText = ({ placement, sides }: Place) => `${sides.length > 1 ? '=' : ''}${placement}. ${sides.join(', ')}`;

/** "1. Alice · 2. Bob · =3. Carol, Dan". */
export const finishingOrderText = (places: readonly Place[]) => places.map(placeText).join(' · ');
