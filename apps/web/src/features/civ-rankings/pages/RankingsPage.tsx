import { GroupGate } from '../../groups/components/area/GroupGate';
import { useGroupArea } from '../../groups/components/area/group-area';
import { RankingsTable } from '../components/RankingsTable';
import { useDocumentTitle } from '../../../lib/use-document-title';

function Rankings() {
  const { groupID, user } = useGroupArea();
  return (
    <div className="mt-3">
      <p className="text-body-secondary small">
        Rating is a skill estimate from every finished game (higher is better): the estimate minus three times its uncertainty, so it grows
        as a member plays and wins. Wins are counted by victory type.
      </p>
      <RankingsTable groupID={groupID} gameType="ffa" title="Rankings - FFA" userID={user.id} />
      <RankingsTable groupID={groupID} gameType="team" title="Rankings - Teams" userID={user.id} />
    </div>
  );
}

/** /civGroup/rankings, for members: Rankings - FFA and Rankings - Teams. */
export default function RankingsPage() {
  useDocumentTitle('Rankings', useGroupArea().group.groupName);
  return (
    <GroupGate action="viewGames">
      <Rankings />
    </GroupGate>
  );
}
