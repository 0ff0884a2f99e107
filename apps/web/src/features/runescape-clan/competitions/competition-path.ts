/** A competition's page inside the clan's area (its bar and navigation). */
export const competitionPath = (groupID: string, competitionID: string) =>
  `/runeScapeClan/competition?${new URLSearchParams({ groupID, competitionID })}`;

/** The clan's list of competitions. */
export const competitionsPath = (groupID: string) => `/runeScapeClan/competitions?${new URLSearchParams({ groupID })}`;
