import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { slotKey, type Slot } from '@smm/shared/civilization/availability';
import { errorBodyOf } from '../../../lib/api-client';
import { Loading } from '../../../lib/ui/Loading';
import { useToast } from '../../../lib/ui/toasts';
import { useFullGroup } from '../../groups/api/get-full-group';
import { usePlayerAvailability } from '../api/get-player-availability';
import { usePostPlayerAvailability } from '../api/post-player-availability';
import { isFreeIn, slotLabel } from '../availability-grid';
import { SlotTable } from './SlotTable';

interface Props {
  groupID: string;
  user: { id: string; username: string };
}

/** The member's own Weekly Availability on User Settings: a tick per slot they are free in, saved on each click. */
export function WeeklyAvailabilityCard({ groupID, user }: Props) {
  const full = useFullGroup(groupID);
  const mine = usePlayerAvailability(groupID, user.id);
  const save = usePostPlayerAvailability(groupID, { userID: user.id, username: user.username });
  const toast = useToast();

  function change(slot: Slot, available: boolean) {
    // Per-call mutate() callbacks only reach the latest click; each click's own promise tells of its failure.
    save
      .mutateAsync({ day: slot.day, time: slot.time, available })
      .catch((error: unknown) =>
        toast({ title: 'Error!', body: `${slotLabel(slot)} was not saved: ${errorBodyOf(error).message}`, variant: 'danger' }),
      );
  }

  let body;
  if (full.isPending || mine.isPending) body = <Loading label="Loading availability…" />;
  else if (full.isError || mine.isError) body = <Alert variant="danger">{(full.error ?? mine.error)?.message}</Alert>;
  else {
    const slots = mine.data;
    body = (
      <>
        <p className="mb-3">
          Tick the times you are usually free to play. Times are in <strong>{full.data.timeZone}</strong>, the group&rsquo;s time zone.
        </p>
        <SlotTable
          caption={`Your weekly availability, times in ${full.data.timeZone}`}
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
