import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { NOTES_MAX } from '@smm/shared/civilization/games-schemas';
import { ApiError, errorBodyOf } from '../../../lib/api-client';
import { FieldError } from '../../../lib/ui/FieldError';
import { useToast } from '../../../lib/ui/toasts';
import { clearUnsavedDraft, readUnsavedDraft, unsavedDraftKey, useBeforeUnloadPrompt, writeUnsavedDraft } from '../../../lib/unsaved-drafts';
import { useSaveNotes } from '../api/save-notes';

interface Props {
  target: { groupID: string; gameID: string; userID: string };
  notes: string;
  /** The saved notes' version (null before any save): a save over a newer one is refused. */
  updatedAt: number | null;
  /** Refetches the saved notes; answers the fresh copy. */
  onReload: () => Promise<{ notes: string; updatedAt: number | null } | undefined>;
}

/** What is kept across a reload: the text being written and the version it started from. */
interface UnsavedNotes {
  text: string;
  base: number | null;
}

export const notesDraftKey = (target: Props['target']) => unsavedDraftKey('notes', target.userID, target.groupID, target.gameID);

/**
 * Spec 4: the viewer's notes toggle between view and edit, then Save. Unsaved text survives a reload
 * (restored with a Discard button) and leaving the page asks first; a save over notes saved meanwhile
 * (e.g. in another tab) is refused and offers Reload rather than overwriting them.
 */
export function NotesCard({ target, notes, updatedAt, onReload }: Props) {
  const storageKey = notesDraftKey(target);
  const [unsaved] = useState(() => readUnsavedDraft<UnsavedNotes>(storageKey));
  const [draft, setDraft] = useState<string | null>(unsaved?.text ?? null);
  const [base, setBase] = useState<number | null>(unsaved ? unsaved.base : updatedAt);
  const [restored, setRestored] = useState(unsaved !== null);
  const [error, setError] = useState<string | undefined>();
  const [conflict, setConflict] = useState<string | undefined>();
  const [reloading, setReloading] = useState(false);
  const save = useSaveNotes(target);
  const toast = useToast();
  const editing = draft !== null;
  const dirty = draft !== null && draft !== notes;

  useEffect(() => {
    if (dirty) writeUnsavedDraft<UnsavedNotes>(storageKey, { text: draft, base });
    else clearUnsavedDraft(storageKey);
  }, [dirty, draft, base, storageKey]);
  useBeforeUnloadPrompt(dirty);

  function close() {
    clearUnsavedDraft(storageKey);
    setDraft(null);
    setRestored(false);
    setConflict(undefined);
    setError(undefined);
  }

  function edit() {
    setError(undefined);
    setConflict(undefined);
    setBase(updatedAt);
    setDraft(notes);
  }

  async function reload() {
    setReloading(true);
    try {
      const fresh = await onReload();
      if (fresh) {
        setDraft(fresh.notes);
        setBase(fresh.updatedAt);
        setConflict(undefined);
        setRestored(false);
      }
    } catch (failure) {
      setConflict(errorBodyOf(failure).message);
    } finally {
      setReloading(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (draft === null) return;
    setError(undefined);
    setConflict(undefined);
    save.mutate(
      { notes: draft, expectedUpdatedAt: base },
      {
        onSuccess: () => {
          close();
          toast({ title: 'Success!', body: 'Saved your notes', variant: 'success' });
        },
        onError: (failure) => {
          const body = errorBodyOf(failure);
          if (failure instanceof ApiError && failure.status === 409) setConflict(body.message);
          else setError(body.fields?.notes ?? body.message);
        },
      },
    );
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
            {restored && (
              <Alert variant="info" className="py-2 d-flex flex-wrap align-items-center gap-2" role="status">
                <span className="me-auto">Restored your unsaved notes.</span>
                <Button size="sm" variant="outline-secondary" onClick={close} disabled={save.isPending}>
                  Discard
                </Button>
              </Alert>
            )}
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
            <div className="d-flex flex-wrap align-items-center gap-2">
              <Button type="submit" disabled={save.isPending || reloading}>
                {save.isPending ? 'Saving…' : 'Save'}
              </Button>
              <Button variant="secondary" onClick={close} disabled={save.isPending}>
                Cancel
              </Button>
              {conflict && (
                <div role="alert" className="d-flex flex-wrap align-items-center gap-2 text-danger small">
                  <span>{conflict}</span>
                  <Button size="sm" variant="outline-danger" onClick={() => void reload()} disabled={reloading}>
                    {reloading ? 'Reloading…' : 'Reload'}
                  </Button>
                </div>
              )}
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
