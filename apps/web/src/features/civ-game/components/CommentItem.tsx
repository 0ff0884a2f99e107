import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { COMMENT_MAX, type CommentDto } from '@smm/shared/civilization/games-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { FieldError } from '../../../lib/ui/FieldError';
import { LinkedText } from '../../../lib/ui/LinkedText';
import { useUpdateComment } from '../api/edit-comment';
import { formatInZone } from '../format';

interface Props {
  item: CommentDto;
  timeZone: string;
  /** The viewer wrote it: they may edit it. */
  isOwn: boolean;
  /** The viewer may delete it (their own, or any as an Administrator). */
  canDelete: boolean;
  onDelete: (item: CommentDto) => void;
}

/** One comment: who, when (edited when), the text with its links; Edit in place for its author, Delete. */
export function CommentItem({ item, timeZone, isOwn, canDelete, onDelete }: Props) {
  const update = useUpdateComment(item.groupID, item.gameID);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const fieldID = `comment-edit-${item._id}`;

  function save(e: FormEvent) {
    e.preventDefault();
    if (draft === null) return;
    setError(undefined);
    update.mutate(
      { commentID: item._id, groupID: item.groupID, comment: draft },
      {
        onSuccess: () => setDraft(null),
        onError: (failure) => {
          const body = errorBodyOf(failure);
          setError(body.fields?.comment ?? body.message);
        },
      },
    );
  }

  return (
    <li className="civ-comment">
      <div className="d-flex flex-wrap gap-2 align-items-baseline">
        <span className="fw-semibold">{item.username}</span>
        <time dateTime={item.date} className="small text-body-secondary">
          {formatInZone(item.date, timeZone)}
        </time>
        {item.editedAt && (
          <span className="small text-body-secondary" title={`Edited ${formatInZone(item.editedAt, timeZone)}`}>
            (edited)
          </span>
        )}
        {draft === null && (isOwn || canDelete) && (
          <span className="ms-auto d-flex gap-1">
            {isOwn && (
              <Button
                size="sm"
                variant="link"
                className="p-0 px-1"
                onClick={() => setDraft(item.comment)}
                aria-label={`Edit your comment from ${formatInZone(item.date, timeZone)}`}
              >
                Edit
              </Button>
            )}
            {canDelete && (
              <Button
                size="sm"
                variant="link"
                className="p-0 px-1 link-danger"
                onClick={() => onDelete(item)}
                aria-label={`Delete ${isOwn ? 'your' : `${item.username}'s`} comment from ${formatInZone(item.date, timeZone)}`}
              >
                Delete
              </Button>
            )}
          </span>
        )}
      </div>
      {draft === null ? (
        <p className="mb-0 civ-comment-text">
          <LinkedText text={item.comment} />
        </p>
      ) : (
        <Form onSubmit={save} noValidate aria-busy={update.isPending} className="mt-1">
          <Form.Group controlId={fieldID} className="mb-2">
            <Form.Label className="visually-hidden">Edit comment</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              maxLength={COMMENT_MAX}
              isInvalid={Boolean(error)}
              aria-describedby={error ? `${fieldID}-error` : undefined}
              autoFocus
            />
            <FieldError id={`${fieldID}-error`} message={error} />
          </Form.Group>
          <div className="d-flex gap-2">
            <Button type="submit" size="sm" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save'}
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={() => (setDraft(null), setError(undefined))} disabled={update.isPending}>
              Cancel
            </Button>
          </div>
        </Form>
      )}
    </li>
  );
}
