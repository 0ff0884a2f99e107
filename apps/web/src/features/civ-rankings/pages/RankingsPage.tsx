import Alert from 'react-bootstrap/Alert';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useSearchParams } from 'react-router';
import type { GameType } from '@smm/shared/civilization/games-schemas';
import { Loading } from '../../../lib/ui/Loading';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useViewerTimeZone } from '../../events/api/time-zone';
import { GroupGate } from '../../groups/components/area/GroupGate';
import { useGroupArea } from '../../groups/components/area/group-area';
import { ALL_TIME, defaultSeason, useSeasons } from '../api/get-seasons';
import { RankingsTable } from '../components/RankingsTable';
import { SeasonSelect } from '../components/SeasonSelect';
import { StatisticsTab } from '../components/StatisticsTab';

function Rankings() {
  const { area, groupID, user } = useGroupArea();
  const timeZone = useViewerTimeZone(user.id);
  const [params, setParams] = useSearchParams();
  const seasons = useSeasons(groupID);
  // The tab, season and game type live in the address, so a member page's Back returns to the same view.
  const tab = params.get('tab') === 'statistics' ? 'statistics' : 'rankings';
  const statisticsType: GameType = params.get('gameType') === 'team' ? 'team' : 'ffa';

  function setParam(key: string, value: string | null) {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  }

  // The tables wait for the seasons so that they ask once, for the season they show.
  if (seasons.isPending) return <Loading label="Loading seasons…" />;
  let season: string | undefined;
  if (!seasons.isError) {
    const asked = params.get('season');
    season = asked === ALL_TIME || seasons.data.some((s) => s._id === asked) ? (asked as string) : defaultSeason(seasons.data);
  }

  return (
    <div className="mt-3">
      {seasons.isError ? (
        <Alert variant="warning">The seasons could not be loaded ({seasons.error.message}); the tables show the current season.</Alert>
      ) : (
        seasons.data.length > 0 &&
        season !== undefined && (
          <SeasonSelect seasons={seasons.data} value={season} onChange={(s) => setParam('season', s)} timeZone={timeZone} />
        )
      )}
      <Tabs
        id="rankings-tabs"
        activeKey={tab}
        onSelect={(key) => setParam('tab', key === 'statistics' ? 'statistics' : null)}
        mountOnEnter
        className="mb-3"
      >
        <Tab eventKey="rankings" title="Rankings">
          <p className="text-body-secondary small">
            Rating is a skill estimate from every finished game (higher is better): the estimate minus three times its uncertainty, so it
            grows as a member plays and wins. Wins are counted by victory type.
          </p>
          <RankingsTable area={area} groupID={groupID} gameType="ffa" season={season} title="Rankings - FFA" userID={user.id} />
          <RankingsTable area={area} groupID={groupID} gameType="team" season={season} title="Rankings - Teams" userID={user.id} />
        </Tab>
        <Tab eventKey="statistics" title="Statistics">
          <StatisticsTab
            area={area}
            groupID={groupID}
            season={season}
            gameType={statisticsType}
            onGameType={(type) => setParam('gameType', type === 'ffa' ? null : type)}
            userID={user.id}
          />
        </Tab>
      </Tabs>
    </div>
  );
}

/** /civGroup/rankings, for members: Rankings - FFA and Rankings - Teams, and the group's statistics, by season. */
export default function RankingsPage() {
  useDocumentTitle('Rankings', useGroupArea().group.groupName);
  return (
    <GroupGate action="viewGames">
      <Rankings />
    </GroupGate>
  );
}
