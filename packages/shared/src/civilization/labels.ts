/** 'Leader (Nation)', without repeating a nation the leader's name already carries ('Kublai Khan (China)'). */
export const civChoiceLabel = ({ leader, nation }: { leader: string; nation: string }): string =>
  !nation || leader.endsWith(`(${nation})`) ? leader : `${leader} (${nation})`;
