import Card from 'react-bootstrap/Card';
import type { BingoDetail } from '@smm/shared/runescape/bingo-schemas';
import { Loading } from '../../../../lib/ui/Loading';
import { formatWithZone } from '../../../events/event-time';
import { useBingoClaims } from '../api/bingos';
import { reviewDeadline } from '../bingo-view';
import { ClaimCard } from './ClaimCard';

interface Props {
  groupID: string;
  detail: BingoDetail;
  timeZone: string;
}

/**
 * Moderators: the queue of claims waiting for a decision (every team's), then the decided ones; a
 * moderator on a team does not decide that team's claims. After the end the claims sent before it
 * are still decided, by a deadline each waiting list states; once the final table is posted nobody
 * decides (the bingo is closed), and the queue stays only to show the claims left undecided.
 * Members: their own team's claims and what became of them (other teams' claims are never sent).
 */
export function ClaimsCard({ groupID, detail, timeZone }: Props) {
  const { viewer, bingo } = detail;
  const claims = useBingoClaims(groupID, bingo.bingoID);
  if (!viewer.isModerator && viewer.teamID === null) return null;
  const all = claims.data?.claims ?? [];
  const waiting = all.filter((c) => c.status === 'pending' || c.status === 'held');
  const decided = all.filter((c) => c.status === 'accepted' || c.status === 'declined');
  // Once the final table is posted the claims are closed: what still waits stays undecided.
  const closed = bingo.finalAt !== null;
  const reviewing = bingo.status === 'finished' && !closed;
  const deadline = reviewing ? formatWithZone(reviewDeadline(bingo.endsAt), timeZone) : '';
  const sections = viewer.isModerator
    ? [
        {
          id: 'claims-queue',
          title: closed ? 'Claims not decided' : 'Claims to decide',
          list: waiting,
          empty: 'No claim is waiting for a decision.',
          review: `The bingo has ended: decide these claims, sent before the end, by ${deadline} at the latest. Once none is waiting, the final table is posted and decisions close.`,
        },
        {
          id: 'claims-decided',
          title: 'Decided claims',
          list: decided,
          empty: closed ? 'No claim was decided.' : 'No claim has been decided yet.',
          review: '',
        },
      ]
        // A closed bingo's queue shows only the claims it left undecided; with none there is nothing to say.
        .filter((section) => !(closed && section.id === 'claims-queue' && waiting.length === 0))
    : [
        {
          id: 'claims-team',
          title: "Your team's claims",
          list: all,
          empty: 'Your team has not claimed a tile yet.',
          review: `The bingo has ended: moderators may still decide your team's waiting claims until the final table is posted, by ${deadline} at the latest.`,
        },
      ];

  return (
    <>
      {sections.map((section) => (
        <Card key={section.id} className="mt-3">
          <Card.Header>
            <h3 id={section.id} className="h5 mb-0">
              {section.title}
              {section.id === 'claims-queue' && waiting.length > 0 && ` (${waiting.length})`}
            </h3>
          </Card.Header>
          {closed && section.id !== 'claims-decided' && waiting.length > 0 && (
            <Card.Body className="small text-body-secondary border-bottom" data-testid="claims-closed">
              This bingo is closed: its final table has been posted, so its claims can no longer be decided.
            </Card.Body>
          )}
          {reviewing && section.id !== 'claims-decided' && waiting.length > 0 && (
            <Card.Body className="small border-bottom" data-testid="claims-review">
              {section.review}
            </Card.Body>
          )}
          {claims.isPending ? (
            <Card.Body>
              <Loading label="Loading claims…" />
            </Card.Body>
          ) : claims.isError ? (
            <Card.Body className="text-danger">{claims.error.message}</Card.Body>
          ) : section.list.length === 0 ? (
            <Card.Body className="text-body-secondary">{section.empty}</Card.Body>
          ) : (
            <ul className="list-group list-group-flush" aria-labelledby={section.id}>
              {section.list.map((claim) => (
                <ClaimCard
                  key={claim.claimID}
                  groupID={groupID}
                  claim={claim}
                  timeZone={timeZone}
                  mayDecide={!closed && viewer.isModerator && claim.teamID !== viewer.teamID}
                  closed={closed}
                  ownTeam={claim.teamID === viewer.teamID}
                />
              ))}
            </ul>
          )}
        </Card>
      ))}
    </>
  );
}
