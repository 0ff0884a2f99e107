import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { slotKey, type Slot } from '@smm/shared/civilization/availability';
import { errorBodyOf } from '../../../lib/api-client';
import { Loading } from '../../../lib/ui/Loading';
import { useToast } from '../../../lib/ui/toasts';
import { browserTimeZone, useSavedTimeZone } from '../../events/api/time-zone';
import { usePlayerAvailability } from '../api/get-player-availability';
import { usePostPlayerAvailability } from '../api/post-player-availability';
import { isFreeIn, slotLabel } from '../availability-grid';
import { SlotTable } from './SlotTable';

interface Props {
  groupID: string;
  user: { id: string; username: string };
}

/**
 * The member's own Weekly Availability on User Settings: a tick per part of their own day they are
 * free in, on their own clock (profile zone, else the browser's), saved on each click.
 */
export function WeeklyAvailabilityCard({ groupID, user }: Props) {
  const savedZone = useSavedTimeZone(user.id);
  const timeZone = savedZone.data?.timeZone ?? browserTimeZone();
  const mine = usePlayerAvailability(groupID, user.id);
  const save = usePostPlayerAvailability(groupID, { userID: user.id, username: user.username });
  const toast = useToast();

  function change(slot: Slot, available: boolean) {
    // Per-call mutate() callbacks only reach the latest click; each click's own promise tells of its failure.
    save
      .mutateAsync({ day: slot.day, time: slot.time, available, timeZone })
      .catch((error: unknown) =>
        toast({ title: 'Error!', body: `${slotLabel(slot)} was not saved: ${errorBodyOf(error).message}`, variant: 'danger' }),
      );
  }

  let body;
  if (savedZone.isPending || mine.isPending) body = <Loading label="Loading availability…" />;
  else if (mine.isError) body = <Alert variant="danger">{mine.error.message}</Alert>;
  else {
    const slots = mine.data;
    // Answers keep the zone they were given in until the member changes one from another zone.
    const otherZone = slots.find((row) => row.timeZone !== timeZone)?.timeZone;
    body = (
      <>
        <p className="mb-3" data-testid="availability-zone">
          Tick the times you are usually free to play. Times are in <strong>{timeZone}</strong>, your time zone
          {savedZone.data?.timeZone ? ' (from your profile)' : ' (from this browser; set one on your profile to keep it)'}.
        </p>
        {otherZone && (
          <Alert variant="info" className="py-2">
            Your ticks were made on the clock of <strong>{otherZone}</strong> and still mean those hours there. Your next change here moves
            them all to {timeZone}.
          </Alert>
        )}
        <SlotTable
          caption={`Your weekly availability, times in ${timeZone}`}
          className="slot-table-toggles"
          renderCell={(slot, labelledBy) => {
            const free = isFreeIn(slots, slot);
            return (
              <td key={slotKey(slot)} className={free ? 'is-free' : undefined}>
                <label className="availability-toggle">
                  <input
                    type="checkbox"
                    className="form-check-input m-0"
                    checked={free}
                    aria-labelledby={labelledBy}
                    onChange={(e) => change(slot, e.target.checked)}
                  />
                  <span aria-hidden="true" className="availability-toggle-text">
                    {free ? 'Free' : ''}
                  </span>
                </label>
              </td>
            );
          }}
        />
      </>
    );
  }

  return (
    <Card>
      <Card.Header className="d-flex align-items-center gap-2">
        <h3 className="h5 mb-0 me-auto">Weekly Availability</h3>
        <span role="status" className="small text-body-secondary d-flex align-items-center gap-1">
          {save.isPending && (
            <>
              <Spinner animation="border" size="sm" aria-hidden="true" />
              Saving…
            </>
          )}
          {save.isSuccess && 'Saved'}
        </span>
      </Card.Header>
      <Card.Body className="slot-card-body">{body}</Card.Body>
    </Card>
  );
}
