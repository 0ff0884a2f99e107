import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { errorBodyOf } from '../../../../lib/api-client';
import { useChoiceWhileSaving } from '../../../../lib/use-choice-while-saving';
import { Loading } from '../../../../lib/ui/Loading';
import { useToast } from '../../../../lib/ui/toasts';
import { useFullGroup } from '../../api/get-full-group';
import { useSaveMemberNotifications } from '../../api/save-member-notifications';

/** The Notifications card: the member's own 'Event Notifications' checkbox, saved as soon as it changes. */
export function NotificationsCard({ groupID, userID }: { groupID: string; userID: string }) {
  const full = useFullGroup(groupID);
  const save = useSaveMemberNotifications(groupID, userID);
  const toast = useToast();
  const member = full.data?.members.find((m) => m.userID === userID);
  const choice = useChoiceWhileSaving(member?.notifications.receiveEventNotifications ?? false);
  const saving = choice.saving || save.isPending;

  function change(receiveEventNotifications: boolean) {
    choice.choose(receiveEventNotifications);
    save.mutate(receiveEventNotifications, {
      onSettled: choice.settle,
      onSuccess: () =>
        toast({
          title: 'Success!',
          body: receiveEventNotifications ? 'Event notifications are on' : 'Event notifications are off',
          variant: 'success',
        }),
      onError: (error) => toast({ title: 'Error!', body: errorBodyOf(error).message, variant: 'danger' }),
    });
  }

  return (
    <Card className="h-100">
      <Card.Header>
        <h3 className="h5 mb-0">Notifications</h3>
      </Card.Header>
      <Card.Body>
        {full.isPending ? (
          <Loading label="Loading settings…" />
        ) : full.isError ? (
          <Alert variant="danger">{full.error.message}</Alert>
        ) : (
          <div className="d-flex align-items-center gap-2">
            <Form.Check
              type="checkbox"
              id="event-notifications"
              label="Event Notifications"
              checked={choice.shown}
              disabled={saving}
              onChange={(e) => change(e.target.checked)}
            />
            {saving && <Spinner animation="border" size="sm" role="status" aria-label="Saving" />}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
