import { useState, type FormEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  BINGO_REASON_MAX,
  type BingoClaim,
  type BingoClaimDecision,
  type BingoClaimStatus,
  type BingoDecision,
} from '@smm/shared/runescape/bingo-schemas';
import { errorBodyOf } from '../../../../lib/api-client';
import { FieldError } from '../../../../lib/ui/FieldError';
import { useErrorToast } from '../../../../lib/ui/use-error-toast';
import { formatWithZone } from '../../../events/event-time';
import { useDecideBingoClaim } from '../api/bingos';
import { ProofImage } from './ProofImage';

export const CLAIM_STATUS_LABELS: Record<BingoClaimStatus, string> = {
  pending: 'Pending',
  held: 'On hold',
  accepted: 'Accepted',
  declined: 'Declined',
};
const DECISION_LABELS: Record<BingoClaimDecision['decision'], string> = { held: 'Held', accepted: 'Accepted', declined: 'Declined' };
const STATUS_BADGES: Record<BingoClaimStatus, string> = { pending: 'warning', held: 'info', accepted: 'success', declined: 'danger' };

interface Props {
  groupID: string;
  claim: BingoClaim;
  timeZone: string;
  /** Moderators decide a waiting claim here. */
  mayDecide: boolean;
  /** The viewer's own team's claim: a moderator on that team leaves it to another. */
  ownTeam?: boolean;
  /** The bingo's final table is posted: a claim still waiting will not be decided. */
  closed?: boolean;
}

/** One claim: the tile, who sent it, the note, the screenshot and its state; moderators accept, decline with a reason, or hold. */
export function ClaimCard({ groupID, claim, timeZone, mayDecide, ownTeam = false, closed = false }: Props) {
  const decide = useDecideBingoClaim(groupID);
  const showError = useErrorToast();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const waiting = claim.status === 'pending' || claim.status === 'held';
  const decided = claim.status === 'accepted' || claim.status === 'declined';
  const id = `claim-${claim.claimID}`;
  // A decided claim's last decision is the line below the history; the history shows what came before it.
  const earlier = decided ? claim.history.slice(0, -1) : claim.history;

  const send = (decision: BingoDecision, why = '') =>
    decide.mutate(
      { claimID: claim.claimID, decision, reason: why },
      {
        onError: (error) => {
          const fields = errorBodyOf(error).fields;
          if (fields?.reason) setReasonError(fields.reason);
          else showError(error);
        },
      },
    );

  function decline(e: FormEvent) {
    e.preventDefault();
    if (!reason.trim()) return setReasonError('Give a reason for declining');
    setReasonError(undefined);
    send('decline', reason.trim());
  }

  return (
    <li className="list-group-item" data-claim={claim.tileTitle} data-status={claim.status} aria-labelledby={`${id}-title`}>
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-1">
        <h4 id={`${id}-title`} className="h6 mb-0 me-auto text-break">
          {claim.tileTitle} <span className="fw-normal">· {claim.teamName}</span>
        </h4>
        {closed && waiting ? (
          <Badge bg="secondary">Not decided</Badge>
        ) : (
          <Badge bg={STATUS_BADGES[claim.status]} text={waiting ? 'dark' : undefined}>
            {CLAIM_STATUS_LABELS[claim.status]}
          </Badge>
        )}
      </div>
      <p className="small text-body-secondary mb-1">
        Claimed by {claim.username ?? 'a former member'} on{' '}
        <time className="text-nowrap" dateTime={claim.createdAt}>
          {formatWithZone(claim.createdAt, timeZone)}
        </time>
      </p>
      {/* The claimant's note stays with the claim, above the decisions, so a decline's reason follows its decision. */}
      {claim.note && <p className="small mb-1 text-break">“{claim.note}”</p>}
      {earlier.length > 0 && (
        <ol className="list-unstyled small text-body-secondary mb-1" aria-label="Decision history">
          {earlier.map((d, i) => (
            <li key={`${i}-${d.decidedAt}`} className="text-break">
              {DECISION_LABELS[d.decision]} by {d.decidedByUsername ?? 'a former member'} on{' '}
              <time className="text-nowrap" dateTime={d.decidedAt}>
                {formatWithZone(d.decidedAt, timeZone)}
              </time>
              {d.reason && `: ${d.reason}`}
            </li>
          ))}
        </ol>
      )}
      {decided && claim.decidedAt && (
        <p className="small text-body-secondary mb-1">
          {CLAIM_STATUS_LABELS[claim.status]} by {claim.decidedByUsername ?? 'a former member'} on{' '}
          <time className="text-nowrap" dateTime={claim.decidedAt}>
            {formatWithZone(claim.decidedAt, timeZone)}
          </time>
        </p>
      )}
      {claim.status === 'declined' && claim.reason && <p className="small mb-1 text-break">Reason: {claim.reason}</p>}
      <ProofImage claim={claim} />
      {closed && waiting && (
        <p className="small text-body-secondary mb-0 mt-2">The final table was posted before a decision, so this claim does not count.</p>
      )}
      {!closed && !mayDecide && ownTeam && waiting && (
        <p className="small text-body-secondary mb-0 mt-2">Your team&apos;s claim: a moderator of another team, or of none, decides it.</p>
      )}
      {mayDecide && waiting && (
        <div className="mt-2">
          <div className="d-flex flex-wrap gap-2">
            <Button size="sm" variant="success" onClick={() => send('accept')} disabled={decide.isPending}>
              Accept
            </Button>
            <Button size="sm" variant="outline-danger" onClick={() => setDeclining(true)} disabled={decide.isPending || declining}>
              Decline
            </Button>
            {claim.status === 'pending' && (
              <Button size="sm" variant="outline-secondary" onClick={() => send('hold')} disabled={decide.isPending}>
                Hold
              </Button>
            )}
          </div>
          {declining && (
            <Form onSubmit={decline} noValidate className="mt-2">
              <Form.Group controlId={`${id}-reason`}>
                <Form.Label className="small mb-0">Reason for declining</Form.Label>
                <Form.Control
                  size="sm"
                  value={reason}
                  maxLength={BINGO_REASON_MAX}
                  onChange={(e) => setReason(e.target.value)}
                  isInvalid={Boolean(reasonError)}
                  aria-describedby={reasonError ? `${id}-reason-error` : undefined}
                />
                <FieldError id={`${id}-reason-error`} message={reasonError} />
              </Form.Group>
              <div className="d-flex gap-2 mt-1">
                <Button size="sm" type="submit" variant="danger" disabled={decide.isPending}>
                  Decline claim
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setDeclining(false)} disabled={decide.isPending}>
                  Cancel
                </Button>
              </div>
            </Form>
          )}
        </div>
      )}
    </li>
  );
}
