/** A live draft's page: /civGroup/draft?groupID=..&draftID=.. */
export const civDraftPath = (groupID: string, draftID: string) =>
  `/civGroup/draft?groupID=${encodeURIComponent(groupID)}&draftID=${encodeURIComponent(draftID)}`;
