import type { EventDto } from '@smm/shared/events/schemas';

/** "Cancelled" once the event is cancelled, else "Below minimum" while its check found too few players. */
export function EventQuorumBadges({ event }: { event: Pick<EventDto, 'cancelledAt' | 'belowMinimum' | 'minPlayers'> }) {
  if (event.cancelledAt) return <span className="badge text-bg-danger">Cancelled</span>;
  if (event.belowMinimum) {
    return (
      <span className="badge text-bg-warning" title={`Fewer players than its minimum of ${event.minPlayers ?? ''}`}>
        Below minimum
      </span>
    );
  }
  return null;
}
