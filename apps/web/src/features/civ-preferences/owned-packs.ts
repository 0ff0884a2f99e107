/** Every member owns the base game; it is shown ticked and cannot be unticked. */
export const BASE_GAME = 'Base Game';

/**
 * The packs the member owns as the page shows them: null when they have not said (every pack is
 * dealt), else the packs of the game's catalogue they ticked, in catalogue order, without the base game.
 */
export function ownedDlcPacks(ownedPacks: readonly string[] | null | undefined, packs: readonly string[]): string[] | null {
  if (ownedPacks == null) return null;
  return packs.filter((pack) => pack !== BASE_GAME && ownedPacks.includes(pack));
}

/** Whether a pack's box is ticked: the base game always, every pack while the member has not said. */
export const isPackOwned = (owned: readonly string[] | null, pack: string) => pack === BASE_GAME || owned === null || owned.includes(pack);

/**
 * The whole list to save after ticking or unticking one pack. Unticking while "not said" starts
 * from every pack, so the member owns all the others. The base game is never sent: it is always owned.
 */
export function withPackToggled(owned: readonly string[] | null, packs: readonly string[], pack: string, own: boolean): string[] {
  const dlc = packs.filter((p) => p !== BASE_GAME);
  const before = owned ?? dlc;
  return dlc.filter((p) => (p === pack ? own : before.includes(p)));
}
