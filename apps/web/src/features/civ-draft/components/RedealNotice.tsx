import Alert from 'react-bootstrap/Alert';
import type { DraftDto } from '@smm/shared/civilization/draft-schemas';
import { formatWithZone } from '../../events/event-time';

interface Props {
  draft: Pick<DraftDto, 'dealNumber' | 'earlierDeals'>;
  /** The viewer's own zone (their profile's, else the browser's). */
  timeZone: string;
}

const FORMER_MEMBER = 'A former member';

/** The earlier deals by dealer, in the order they first dealt. */
function byDealer(deals: DraftDto['earlierDeals']) {
  const groups = new Map<string, string[]>();
  for (const deal of deals) {
    const name = deal.dealtBy ?? FORMER_MEMBER;
    groups.set(name, [...(groups.get(name) ?? []), deal.dealtAt]);
  }
  return [...groups];
}

/**
 * Tells every player that this deal replaced earlier ones for them, who dealt those and when (in the viewer's
 * zone), so nobody can deal until they like a hand without the table knowing. Nothing when it is the first deal.
 */
export function RedealNotice({ draft, timeZone }: Props) {
  if (draft.dealNumber <= 1) return null;
  const dealers = byDealer(draft.earlierDeals);
  return (
    <Alert variant="warning" className="civ-draft-redeal py-2" aria-label="Earlier deals">
      <strong>Deal {draft.dealNumber} for these players</strong> —{' '}
      {dealers.map(([name, times], i) => (
        <span key={name}>
          {i > 0 && (i === dealers.length - 1 ? ' and ' : ', ')}
          {name} dealt {times.length} earlier {times.length === 1 ? 'draft' : 'drafts'} (
          {times.length > 2 ? (
            // Many re-deals read as a span of time, not a wall of dates.
            <>
              the first <time dateTime={times[0]}>{formatWithZone(times[0]!, timeZone)}</time>, the last{' '}
              <time dateTime={times.at(-1)}>{formatWithZone(times.at(-1)!, timeZone)}</time>
            </>
          ) : (
            times.map((time, j) => (
              <span key={time}>
                {j > 0 && ' and '}
                <time dateTime={time}>{formatWithZone(time, timeZone)}</time>
              </span>
            ))
          )}
          )
        </span>
      ))}{' '}
      that this one replaced. <span className="text-body-secondary">(Your time zone, {timeZone}.)</span>
    </Alert>
  );
}
