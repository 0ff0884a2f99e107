import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import type { GameType } from '@smm/shared/civilization/games-schemas';
import type { LinkUrl } from '@smm/shared/games/catalogue';
import { Loading } from '../../../lib/ui/Loading';
import { useStatistics } from '../api/get-statistics';
import { GAME_TYPE_LABELS } from '../ladder-format';
import { GameTypeToggle } from './GameTypeToggle';
import { HeadToHeadCard } from './HeadToHeadCard';
import { LeadersTable } from './LeadersTable';
import { MemberStatisticsTable } from './MemberStatisticsTable';

interface Props {
  area: LinkUrl;
  groupID: string;
  season: string | undefined;
  gameType: GameType;
  onGameType: (gameType: GameType) => void;
  userID: string;
}

/** The Statistics tab: per member and per leader for one game type and season, and a head-to-head of two members. */
export function StatisticsTab({ area, groupID, season, gameType, onGameType, userID }: Props) {
  const statistics = useStatistics(groupID, gameType, season);
  const label = GAME_TYPE_LABELS[gameType];

  let content;
  if (statistics.isPending) content = <Loading label="Loading statistics…" />;
  else if (statistics.isError) content = <Alert variant="danger">{statistics.error.message}</Alert>;
  else {
    const { members, leaders } = statistics.data;
    const byName = [...members].sort((x, y) => x.username.localeCompare(y.username, undefined, { sensitivity: 'base' }));
    content = (
      <>
        <Card as="section" aria-labelledby="statistics-members-title" className="mb-4">
          <Card.Header>
            <h2 id="statistics-members-title" className="h5 mb-0">
              Members - {label}
            </h2>
          </Card.Header>
          {members.length === 0 ? (
            <p className="text-body-secondary m-3">No finished games yet</p>
          ) : (
            <MemberStatisticsTable
              area={area}
              groupID={groupID}
              gameType={gameType}
              members={members}
              labelledBy="statistics-members-title"
              userID={userID}
            />
          )}
        </Card>
        <Card as="section" aria-labelledby="statistics-leaders-title" className="mb-4">
          <Card.Header>
            <h2 id="statistics-leaders-title" className="h5 mb-0">
              Leaders - {label}
            </h2>
          </Card.Header>
          {leaders.length === 0 ? (
            <p className="text-body-secondary m-3">No leaders recorded yet: a leader counts once a player of a finished game records it.</p>
          ) : (
            <LeadersTable leaders={leaders} labelledBy="statistics-leaders-title" />
          )}
        </Card>
        {members.length >= 2 && (
          // Keyed by what it compares within, so a choice never carries over to a list it is not in.
          <HeadToHeadCard
            key={`${gameType}:${season ?? ''}`}
            groupID={groupID}
            gameType={gameType}
            season={season}
            members={byName}
            userID={userID}
          />
        )}
      </>
    );
  }

  return (
    <>
      <GameTypeToggle name="statistics-game-type" value={gameType} onChange={onGameType} />
      {content}
    </>
  );
}
