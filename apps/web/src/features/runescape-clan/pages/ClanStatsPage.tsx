import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ToggleButton from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';
import { Link } from 'react-router';
import { CLAN_PERIODS, type ClanPeriod } from '@smm/shared/runescape/clan-schemas';
import { ApiError, errorBodyOf } from '../../../lib/api-client';
import { Loading } from '../../../lib/ui/Loading';
import { GroupGate } from '../../groups/components/area/GroupGate';
import { groupPagePath, useGroupArea } from '../../groups/components/area/group-area';
import { useClanStats, useUpdateClanStats } from '../api/clan-stats';
import { ClanStatsTable } from '../components/ClanStatsTable';
import { RosterCard } from '../components/RosterCard';
import { TopGainers } from '../components/TopGainers';

const PERIOD_LABELS: Record<ClanPeriod, string> = { day: 'Day', week: 'Week', month: 'Month' };

function ClanStats() {
  const { groupID, area } = useGroupArea();
  const [period, setPeriod] = useState<ClanPeriod>('week');
  const stats = useClanStats(groupID, period);
  const update = useUpdateClanStats(groupID);
  const [notice, setNotice] = useState<{ variant: 'success' | 'warning' | 'danger'; text: string } | null>(null);

  function runUpdate() {
    setNotice(null);
    update.mutate(undefined, {
      onSuccess: ({ updated, skipped, failed }) =>
        setNotice({
          variant: failed > 0 ? 'warning' : 'success',
          text:
            `Updated ${updated} account${updated === 1 ? '' : 's'} from the hiscores.` +
            (skipped > 0 ? ` ${skipped} checked in the last minute were left as they were.` : '') +
            (failed > 0 ? ` ${failed} could not be read; they will be tried again later.` : ''),
        }),
      onError: (error) =>
        setNotice({ variant: error instanceof ApiError && error.status === 429 ? 'warning' : 'danger', text: errorBodyOf(error).message }),
    });
  }

  return (
    <section aria-labelledby="clan-stats-title" className="mt-3 clan-stats">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 id="clan-stats-title" className="h4 mb-0 me-auto">
          Clan Stats
        </h2>
        <Link to={groupPagePath(area, 'competitions', groupID)}>Competitions</Link>
        <ToggleButtonGroup
          type="radio"
          name="clan-period"
          value={period}
          onChange={(value: ClanPeriod) => setPeriod(value)}
          aria-label="Period"
        >
          {CLAN_PERIODS.map((p) => (
            <ToggleButton key={p} id={`clan-period-${p}`} value={p} variant="outline-primary" size="sm">
              {PERIOD_LABELS[p]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button size="sm" onClick={runUpdate} disabled={update.isPending}>
          {update.isPending ? 'Updating…' : 'Update'}
        </Button>
      </div>
      {notice && (
        <Alert variant={notice.variant} dismissible onClose={() => setNotice(null)} role="status">
          {notice.text}
        </Alert>
      )}
      {stats.isPending ? (
        <Loading label="Loading clan stats…" />
      ) : stats.isError ? (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{stats.error.message}</span>
          <Button variant="outline-danger" size="sm" onClick={() => void stats.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : stats.data.members.length === 0 ? (
        <Card body>
          No member has linked an account yet. Link yours in{' '}
          <Link to={groupPagePath(area, 'userSettings', groupID)}>User Settings</Link>.
        </Card>
      ) : (
        <>
          <TopGainers stats={stats.data} />
          <Card>
            <Card.Header className="d-flex justify-content-between align-items-baseline">
              <h3 id="clan-table-title" className="h5 mb-0">
                Members
              </h3>
              {stats.isFetching && <span className="small text-body-secondary">Refreshing…</span>}
            </Card.Header>
            <ClanStatsTable groupID={groupID} game={stats.data.game} period={stats.data.period} members={stats.data.members} />
          </Card>
        </>
      )}
      <RosterCard />
    </section>
  );
}

/** /runeScapeClan/stats?groupID=: the clan's hiscores, members only. */
export default function ClanStatsPage() {
  return (
    <GroupGate action="viewClanStats">
      <ClanStats />
    </GroupGate>
  );
}
