import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { GamePermissions } from '@smm/shared/civilization/game-policy';
import type { GameDto } from '@smm/shared/civilization/games-schemas';
import type { ProposalDto, ProposalStatus } from '@smm/shared/civilization/ladder-schemas';
import { Loading } from '../../../lib/ui/Loading';
import { useGameHistory } from '../api/get-game-history';
import { formatInZone } from '../format';
import { ProposalResponseModal, type ProposalResponse } from './ProposalResponseModal';

interface Props {
  game: GameDto;
  permissions: GamePermissions;
  userID: string;
  timeZone: string;
}

const OUTCOME: Record<Exclude<ProposalStatus, 'pending'>, { label: string; bg: string }> = {
  accepted: { label: 'Accepted', bg: 'success' },
  rejected: { label: 'Rejected', bg: 'danger' },
  superseded: { label: 'Superseded', bg: 'secondary' },
};

function When({ iso, timeZone }: { iso: string; timeZone: string }) {
  return <time dateTime={iso}>{formatInZone(iso, timeZone)}</time>;
}

function Proposal({ proposal, timeZone, children }: { proposal: ProposalDto; timeZone: string; children?: ReactNode }) {
  const outcome = proposal.status === 'pending' ? null : OUTCOME[proposal.status];
  return (
    <li className="list-group-item px-0">
      <div className="d-flex flex-wrap align-items-baseline column-gap-2">
        <span className="fw-semibold text-break">{proposal.proposedByName} proposed</span>
        <span className="small text-body-secondary">
          <When iso={proposal.dateProposed} timeZone={timeZone} />
        </span>
        {outcome && <Badge bg={outcome.bg}>{outcome.label}</Badge>}
      </div>
      <ul className="mb-1">
        {proposal.summary.map((line) => (
          <li key={line} className="text-break">
            {line}
          </li>
        ))}
      </ul>
      <p className="mb-1 civ-comment-text">
        <span className="fw-semibold">Reason:</span> {proposal.reason}
      </p>
      {proposal.votes.length > 0 && (
        <ul className="list-unstyled small mb-1" aria-label="Votes">
          {proposal.votes.map((vote) => (
            <li key={vote.userID} className="text-break">
              <Badge
                bg={vote.vote === 'confirm' ? 'success' : 'warning'}
                text={vote.vote === 'confirm' ? undefined : 'dark'}
                className="me-1"
              >
                {vote.vote === 'confirm' ? 'Confirmed' : 'Contested'}
              </Badge>
              {vote.username}: {vote.reason}
            </li>
          ))}
        </ul>
      )}
      {outcome && proposal.decidedByName && (
        <p className="small text-body-secondary mb-1">
          {outcome.label} by {proposal.decidedByName}
          {proposal.dateDecided && (
            <>
              {' '}
              on <When iso={proposal.dateDecided} timeZone={timeZone} />
            </>
          )}
          {proposal.decisionReason && <>: {proposal.decisionReason}</>}
        </p>
      )}
      {children}
    </li>
  );
}

/**
 * The proposed corrections of a game: pending ones with what the viewer may answer (managers accept
 * or reject, the other players confirm or contest), then the earlier ones with their outcome.
 */
export function ProposalsPanel({ game, permissions, userID, timeZone }: Props) {
  const history = useGameHistory(game.groupID, game._id);
  const [answering, setAnswering] = useState<{ proposal: ProposalDto; response: ProposalResponse } | null>(null);
  const expected = (game.pendingProposals ?? 0) > 0;

  if (history.isPending) return expected ? <Loading label="Loading the proposed corrections…" /> : null;
  if (history.isError) {
    return (
      <Alert variant="warning" className="mb-3">
        The proposed corrections could not be loaded ({history.error.message}).
      </Alert>
    );
  }
  const pending = history.data.proposals.filter((p) => p.status === 'pending');
  const earlier = history.data.proposals.filter((p) => p.status !== 'pending');
  if (pending.length === 0 && earlier.length === 0) return null;

  const answer = (proposal: ProposalDto, response: ProposalResponse) => setAnswering({ proposal, response });

  return (
    <Card as="section" aria-labelledby="proposals-title" className="mb-3" border={pending.length > 0 ? 'warning' : undefined}>
      <Card.Header>
        <h3 id="proposals-title" className="h5 mb-0">
          Proposed corrections{' '}
          {pending.length > 0 && (
            <Badge bg="warning" text="dark">
              {pending.length} pending
            </Badge>
          )}
        </h3>
      </Card.Header>
      <Card.Body className="py-1">
        {pending.length > 0 && (
          <ul className="list-group list-group-flush" aria-label="Pending proposals">
            {pending.map((proposal) => {
              const voted = proposal.votes.some((vote) => vote.userID === userID);
              // A correction of a result that has changed since would undo the newer change: it is only rejected.
              const mayVote = permissions.voteProposal && proposal.proposedBy !== userID && !voted && !proposal.outOfDate;
              return (
                <Proposal key={proposal._id} proposal={proposal} timeZone={timeZone}>
                  {proposal.outOfDate && (
                    <p className="small text-warning-emphasis mb-1">
                      The result changed after this was proposed, so it can no longer be accepted: it would undo the newer change. Propose
                      it again if it still applies.
                    </p>
                  )}
                  {(permissions.decideProposal || mayVote) && (
                    <div className="d-flex flex-wrap gap-2 mt-2">
                      {permissions.decideProposal && (
                        <>
                          {!proposal.outOfDate && (
                            <Button size="sm" variant="success" onClick={() => answer(proposal, 'accept')}>
                              Accept
                            </Button>
                          )}
                          <Button size="sm" variant="outline-danger" onClick={() => answer(proposal, 'reject')}>
                            Reject
                          </Button>
                        </>
                      )}
                      {mayVote && (
                        <>
                          <Button size="sm" variant="outline-success" onClick={() => answer(proposal, 'confirm')}>
                            Confirm
                          </Button>
                          <Button size="sm" variant="outline-secondary" onClick={() => answer(proposal, 'contest')}>
                            Contest
                          </Button>
                        </>
                      )}
                    </div>
                  )}
                </Proposal>
              );
            })}
          </ul>
        )}
        {earlier.length > 0 && (
          <details className="py-2" open={pending.length === 0}>
            <summary>Earlier proposals ({earlier.length})</summary>
            <ul className="list-group list-group-flush" aria-label="Earlier proposals">
              {earlier.map((proposal) => (
                <Proposal key={proposal._id} proposal={proposal} timeZone={timeZone} />
              ))}
            </ul>
          </details>
        )}
      </Card.Body>
      {answering && (
        <ProposalResponseModal game={game} proposal={answering.proposal} response={answering.response} onHide={() => setAnswering(null)} />
      )}
    </Card>
  );
}
