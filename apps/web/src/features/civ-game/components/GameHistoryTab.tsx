import Alert from 'react-bootstrap/Alert';
import type { AuditAction } from '@smm/shared/civilization/ladder-schemas';
import { Loading } from '../../../lib/ui/Loading';
import { useGameHistory } from '../api/get-game-history';
import { formatInZone } from '../format';

const ACTION_TEXT: Record<AuditAction, string> = {
  created: 'created the game',
  edited: 'edited the game',
  finished: 'finished the game',
  reopened: 'reopened the game',
  proposed: 'proposed a correction',
  accepted: 'accepted a correction',
  rejected: 'rejected a correction',
  confirmed: 'confirmed a correction',
  contested: 'contested a correction',
  deleted: 'deleted the game',
  restored: 'restored the game',
  replaced: 'redrafted the game',
};

/** The audit trail: every change to the game, newest first, with who made it and the values before and after. */
export function GameHistoryTab({ groupID, gameID, timeZone }: { groupID: string; gameID: string; timeZone: string }) {
  const history = useGameHistory(groupID, gameID);
  if (history.isPending) return <Loading label="Loading the history…" />;
  if (history.isError) return <Alert variant="danger">{history.error.message}</Alert>;
  const audit = history.data.audit;
  return (
    <section aria-labelledby="game-history-title">
      <h3 id="game-history-title" className="h5">
        History
      </h3>
      {audit.length === 0 ? (
        <p className="text-body-secondary">Nothing has been recorded about this game yet.</p>
      ) : (
        <ol className="list-group" aria-label="Changes, newest first">
          {audit.map((entry) => (
            <li key={entry._id} className="list-group-item">
              <div className="d-flex flex-wrap align-items-baseline column-gap-2">
                <span className="text-break">
                  <span className="fw-semibold">{entry.username}</span> {ACTION_TEXT[entry.action]}
                </span>
                <time dateTime={entry.date} className="small text-body-secondary">
                  {formatInZone(entry.date, timeZone)}
                </time>
              </div>
              {entry.changes.length > 0 && (
                <ul className="mb-0 mt-1 small">
                  {entry.changes.map((change, index) => (
                    <li key={`${change.field}-${index}`} className="text-break">
                      <span className="fw-semibold">{change.field}:</span> {change.before} → {change.after}
                    </li>
                  ))}
                </ul>
              )}
              {entry.note && <p className="mb-0 mt-1 small civ-comment-text">{entry.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
