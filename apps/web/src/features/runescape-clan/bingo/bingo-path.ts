/** A bingo's page inside the clan's area (its bar and navigation). */
export const bingoPath = (groupID: string, bingoID: string) => `/runeScapeClan/bingo?${new URLSearchParams({ groupID, bingoID })}`;

/** The clan's list of bingos. */
export const bingosPath = (groupID: string) => `/runeScapeClan/bingos?${new URLSearchParams({ groupID })}`;
