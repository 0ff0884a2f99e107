/** A game's page: /civGroup/civGame?groupID=..&gameID=.. (spec 2). */
export const civGamePath = (groupID: string, gameID: string) =>
  `/civGroup/civGame?groupID=${encodeURIComponent(groupID)}&gameID=${encodeURIComponent(gameID)}`;
