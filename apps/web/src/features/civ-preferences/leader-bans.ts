import type { CivLeader } from '@smm/shared/civilization/catalogue-types';
import { civChoiceLabel } from '@smm/shared/civilization/labels';

/** How a leader reads in the Leader Bans list: 'Gitarja (Indonesia)'. */
export const leaderLabel = (leader: Pick<CivLeader, 'leader' | 'nation'>) => civChoiceLabel(leader);

// Case and accents do not matter: 'hojo' finds Hōjō, 'kongo' finds Kongo.
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Whether a leader matches the search box, by leader or nation name. An empty search matches everyone. */
export function matchesSearch(leader: CivLeader, search: string): boolean {
  const words = fold(search).split(/\s+/).filter(Boolean);
  const haystack = fold(`${leader.leader} ${leader.nation}`);
  return words.every((word) => haystack.includes(word));
}

export interface PackOfLeaders {
  pack: string;
  leaders: CivLeader[];
}

/**
 * The leaders grouped under their DLC pack, packs in the catalogue's order (a pack the list does
 * not name comes last), leaders in catalogue order; packs with no leader left are dropped.
 */
export function leadersByPack(leaders: readonly CivLeader[], packs: readonly string[]): PackOfLeaders[] {
  const groups = new Map<string, CivLeader[]>(packs.map((pack) => [pack, []]));
  for (const leader of leaders) {
    const group = groups.get(leader.pack);
    if (group) group.push(leader);
    else groups.set(leader.pack, [leader]);
  }
  return [...groups].filter(([, list]) => list.length > 0).map(([pack, list]) => ({ pack, leaders: list }));
}

/** An add or a remove of one item (a leader's civID, a map's name) still on its way to the server. */
export interface Toggle {
  id: string;
  operation: 'add' | 'remove';
}

/** The saved list with the writes still on their way applied in order: what the member sees. */
export function withToggles(saved: readonly string[], pending: readonly Toggle[]): string[] {
  let list = [...saved];
  for (const { id, operation } of pending) {
    if (operation === 'remove') list = list.filter((item) => item !== id);
    else if (!list.includes(id)) list = [...list, id];
  }
  return list;
}
