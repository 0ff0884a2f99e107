import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { NOTES_MAX } from '@smm/shared/civilization/games-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { FieldError } from '../../../lib/ui/FieldError';
import { useToast } from '../../../lib/ui/toasts';
import { useSaveNotes } from '../api/save-notes';

interface Props {
  target: { groupID: string; gameID: string; userID: string };
  notes: string;
}

/** Spec 4: the viewer's notes toggle between view and edit, then Save. */
export function NotesCard({ target, notes }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const save = useSaveNotes(target);
  const toast = useToast();
  const editing = draft !== null;

  function edit() {
    setError(undefined);
    setDraft(notes);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (draft === null) return;
    setError(undefined);
    save.mutate(draft, {
      onSuccess: () => {
        setDraft(null);
        toast({ title: 'Success!', body: 'Saved your notes', variant: 'success' });
      },
      onError: (failure) => {
        const body = errorBodyOf(failure);
        setError(body.fields?.notes ?? body.message);
      },
    });
  }

  return (
    <Card as="section" aria-labelledby="game-notes-title">
      <Card.Header className="d-flex align-items-center gap-2">
        <h3 id="game-notes-title" className="h5 mb-0 me-auto">
          My Notes
        </h3>
        {!editing && (
          <Button size="sm" variant="outline-primary" onClick={edit}>
            Edit
          </Button>
        )}
      </Card.Header>
      <Card.Body>
        {editing ? (
          <Form onSubmit={submit} noValidate aria-busy={save.isPending}>
            <Form.Group controlId="game-notes" className="mb-2">
              <Form.Label>Notes</Form.Label>
              <Form.Control
                as="textarea"
                rows={8}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                maxLength={NOTES_MAX}
                isInvalid={Boolean(error)}
                aria-describedby={error ? 'game-notes-error' : 'game-notes-help'}
                autoFocus
              />
              <Form.Text id="game-notes-help">Only you can see these notes.</Form.Text>
              <FieldError id="game-notes-error" message={error} />
            </Form.Group>
            <div className="d-flex gap-2">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving…' : 'Save'}
              </Button>
              <Button variant="secondary" onClick={() => setDraft(null)} disabled={save.isPending}>
                Cancel
              </Button>
            </div>
          </Form>
        ) : notes ? (
          <p className="mb-0 civ-notes-text" data-testid="game-notes-text">
            {notes}
          </p>
        ) : (
          <p className="mb-0 text-body-secondary">No notes yet. Only you can see the notes you keep here.</p>
        )}
      </Card.Body>
    </Card>
  );
}
