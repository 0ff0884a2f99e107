/** 'Leader (Nation)', without repeating a nation the leader's name already carries ('Kublai Khan (China)'). */
export const civChoiceLabel = ({ leader, nation }: { leader: string; nation: string }): string =>
  !nation || leader.endsWith(`(${nation})`) ? leader : `${leader} (${nation})`;

/** The person a leader is, whatever the persona: the name before any ' (' ('Qin Shi Huang (Unifier)' -> 'Qin Shi Huang'). */
export function personaOf(leader: string): string {
  const cut = leader.indexOf(' (');
  return (cut === -1 ? leader : leader.slice(0, cut)).trim();
}
