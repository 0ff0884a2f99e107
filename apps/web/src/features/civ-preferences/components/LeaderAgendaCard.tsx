import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { USER_LEADER_AGENDA_MAX } from '@smm/shared/civilization/schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { FieldError } from '../../../lib/ui/FieldError';
import { useToast } from '../../../lib/ui/toasts';
import { useSaveLeaderAgenda } from '../api/save-leader-agenda';

interface Props {
  groupID: string;
  userID: string;
  saved: string;
}

/** 'User Leader Agenda': free text about the leaders the member likes to play, saved with Save. */
export function LeaderAgendaCard({ groupID, userID, saved }: Props) {
  const [agenda, setAgenda] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const toast = useToast();
  const save = useSaveLeaderAgenda(groupID, userID, {
    onSuccess: (answer, sent) => {
      setError(undefined);
      // The server trims; show what it kept, unless the member has typed on since.
      setAgenda((current) => (current === sent ? answer.userLeaderAgenda : current));
      toast({ title: 'Success!', body: 'Successfully saved leader agenda', variant: 'success' });
    },
    onError: (failure) => {
      const body = errorBodyOf(failure);
      setError(body.fields?.userLeaderAgenda ?? body.message);
      toast({ title: 'Error!', body: body.message, variant: 'danger' });
    },
  });
  const changed = agenda !== saved;

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(agenda);
  }

  return (
    <Card as="section" id="leader-agenda-section" aria-labelledby="leader-agenda-title">
      <Card.Header>
        <h3 id="leader-agenda-title" className="h5 mb-0">
          User Leader Agenda
        </h3>
      </Card.Header>
      <Card.Body>
        <Form onSubmit={submit} aria-busy={save.isPending}>
          <Form.Group controlId="leader-agenda" className="mb-2">
            <Form.Label>Leader Agenda</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              value={agenda}
              maxLength={USER_LEADER_AGENDA_MAX}
              onChange={(e) => setAgenda(e.target.value)}
              isInvalid={Boolean(error)}
              aria-invalid={Boolean(error)}
              aria-describedby={`leader-agenda-help${error ? ' leader-agenda-error' : ''}`}
            />
            <FieldError id="leader-agenda-error" message={error} />
          </Form.Group>
          <div className="d-flex flex-wrap align-items-center gap-2">
            <Form.Text id="leader-agenda-help" className="me-auto mt-0">
              The leaders you like to play and how, shown to your group. {agenda.length}/{USER_LEADER_AGENDA_MAX} characters.
            </Form.Text>
            <Button type="submit" disabled={save.isPending || !changed}>
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
