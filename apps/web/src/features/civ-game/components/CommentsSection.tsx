import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { COMMENT_MAX, type CommentDto } from '@smm/shared/civilization/games-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { FieldError } from '../../../lib/ui/FieldError';
import { Loading } from '../../../lib/ui/Loading';
import { useDeleteComment, useRestoreComment } from '../api/edit-comment';
import { useComments } from '../api/get-comments';
import { usePostComment } from '../api/post-comment';
import { useViewerTimeZone } from '../../events/api/time-zone';
import { formatInZone } from '../format';
import { CommentItem } from './CommentItem';

interface Props {
  groupID: string;
  gameID: string;
  user: { id: string; username: string };
  /** Administrators delete anyone's comment; members only their own. */
  canModerate?: boolean;
}

/** The game's comments, newest first, in pages; the form members post with; edit and delete with an undo. */
export function CommentsSection({ groupID, gameID, user, canModerate = false }: Props) {
  const comments = useComments(groupID, gameID);
  const post = usePostComment(groupID, gameID);
  const remove = useDeleteComment(groupID, gameID);
  const restore = useRestoreComment(groupID, gameID);
  const timeZone = useViewerTimeZone(user.id);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [deleting, setDeleting] = useState<CommentDto | null>(null);
  const [deleted, setDeleted] = useState<CommentDto | null>(null);
  const [actionError, setActionError] = useState<string | undefined>();

  function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    post.mutate(
      { comment, username: user.username, userID: user.id, groupID, gameID, date: new Date().toISOString() },
      {
        onSuccess: () => setComment(''),
        onError: (failure) => {
          const body = errorBodyOf(failure);
          setError(body.fields?.comment ?? body.message);
        },
      },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    const item = deleting;
    setActionError(undefined);
    remove.mutate(
      { commentID: item._id, groupID },
      {
        onSuccess: () => {
          setDeleting(null);
          setDeleted(item);
        },
        onError: (failure) => {
          setDeleting(null);
          setActionError(errorBodyOf(failure).message);
        },
      },
    );
  }

  function undoDelete() {
    if (!deleted) return;
    setActionError(undefined);
    restore.mutate(
      { commentID: deleted._id, groupID },
      { onSuccess: () => setDeleted(null), onError: (failure) => setActionError(errorBodyOf(failure).message) },
    );
  }

  return (
    <Card as="section" aria-labelledby="comments-title" className="mt-3">
      <Card.Header>
        <h3 id="comments-title" className="h5 mb-0">
          Comments
        </h3>
      </Card.Header>
      <Card.Body>
        <Form onSubmit={submit} noValidate className="mb-3" aria-busy={post.isPending}>
          <Form.Group controlId="game-comment" className="mb-2">
            <Form.Label>Comment</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              maxLength={COMMENT_MAX}
              isInvalid={Boolean(error)}
              aria-describedby={error ? 'game-comment-error' : undefined}
            />
            <FieldError id="game-comment-error" message={error} />
          </Form.Group>
          <Button type="submit" disabled={post.isPending}>
            {post.isPending ? 'Posting…' : 'Post'}
          </Button>
        </Form>
        {deleted && (
          <Alert variant="secondary" role="status" className="d-flex flex-wrap gap-2 align-items-center py-2">
            <span>Comment deleted.</span>
            <Button size="sm" variant="outline-secondary" onClick={undoDelete} disabled={restore.isPending}>
              {restore.isPending ? 'Restoring…' : 'Undo'}
            </Button>
          </Alert>
        )}
        {actionError && (
          <Alert variant="danger" onClose={() => setActionError(undefined)} dismissible>
            {actionError}
          </Alert>
        )}
        {comments.isPending ? (
          <Loading label="Loading comments…" />
        ) : comments.isError ? (
          <Alert variant="danger" className="mb-0">
            {comments.error.message}
          </Alert>
        ) : comments.data.length === 0 ? (
          <p className="text-body-secondary mb-0">No comments yet.</p>
        ) : (
          <>
            <ol className="list-unstyled mb-0 civ-comments" aria-label="Comments, newest first">
              {comments.data.map((item) => (
                <CommentItem
                  key={item._id}
                  item={item}
                  timeZone={timeZone}
                  isOwn={item.userID === user.id}
                  canDelete={item.userID === user.id || canModerate}
                  onDelete={setDeleting}
                />
              ))}
            </ol>
            {comments.hasNextPage && (
              <Button
                variant="outline-secondary"
                size="sm"
                className="mt-3"
                onClick={() => void comments.fetchNextPage()}
                disabled={comments.isFetchingNextPage}
              >
                {comments.isFetchingNextPage ? 'Loading older comments…' : 'Show older comments'}
              </Button>
            )}
          </>
        )}
      </Card.Body>
      {deleting && (
        <ConfirmDialog
          title="Delete comment"
          question={deleting.userID === user.id ? 'Delete your comment?' : `Delete ${deleting.username}'s comment?`}
          working={remove.isPending}
          workingLabel="Deleting…"
          confirmLabel="Delete"
          onConfirm={confirmDelete}
          onHide={() => setDeleting(null)}
        >
          <blockquote className="border-start ps-2 text-body-secondary mb-2">{deleting.comment}</blockquote>
          <p className="small mb-0">
            Written {formatInZone(deleting.date, timeZone)}. It disappears from the game for everyone; you can undo this right after.
          </p>
        </ConfirmDialog>
      )}
    </Card>
  );
}
