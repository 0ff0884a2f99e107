import { CLAN_CONTEST_TEAMS_MIN } from '@smm/shared/runescape/clan-contest-schemas';

/** The team names a teams dialog opens with: the current ones, else "Team 1", "Team 2". */
export const initialTeamNames = (current: readonly string[]): string[] =>
  current.length >= CLAN_CONTEST_TEAMS_MIN
    ? [...current]
    : Array.from({ length: CLAN_CONTEST_TEAMS_MIN }, (_, i) => current[i] ?? `Team ${i + 1}`);

/** Teams by hand: each team's name (trimmed) with the participants put in it; a participant out of range goes to the first team. */
export function handTeams(names: readonly string[], assigned: Readonly<Record<string, number>>): { name: string; userIDs: string[] }[] {
  const teams = names.map((name) => ({ name: name.trim(), userIDs: [] as string[] }));
  for (const [userID, index] of Object.entries(assigned)) (teams[index] ?? teams[0])?.userIDs.push(userID);
  return teams;
}
