import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { COMMENT_MAX } from '@smm/shared/civilization/games-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { FieldError } from '../../../lib/ui/FieldError';
import { Loading } from '../../../lib/ui/Loading';
import { useComments } from '../api/get-comments';
import { usePostComment } from '../api/post-comment';
import { useViewerTimeZone } from '../api/get-time-zone';
import { formatInZone } from '../format';

interface Props {
  groupID: string;
  gameID: string;
  user: { id: string; username: string };
}

/** The game's comments, newest first, and the form members post with. */
export function CommentsSection({ groupID, gameID, user }: Props) {
  const comments = useComments(groupID, gameID);
  const post = usePostComment(groupID, gameID);
  const timeZone = useViewerTimeZone(user.id);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();

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
        {comments.isPending ? (
          <Loading label="Loading comments…" />
        ) : comments.isError ? (
          <Alert variant="danger" className="mb-0">
            {comments.error.message}
          </Alert>
        ) : comments.data.length === 0 ? (
          <p className="text-body-secondary mb-0">No comments yet.</p>
        ) : (
          <ol className="list-unstyled mb-0 civ-comments" aria-label="Comments, newest first">
            {comments.data.map((item) => (
              <li key={item._id} className="civ-comment">
                <div className="d-flex flex-wrap gap-2 align-items-baseline">
                  <span className="fw-semibold">{item.username}</span>
                  <time dateTime={item.date} className="small text-body-secondary">
                    {formatInZone(item.date, timeZone)}
                  </time>
                </div>
                <p className="mb-0 civ-comment-text">{item.comment}</p>
              </li>
            ))}
          </ol>
        )}
      </Card.Body>
    </Card>
  );
}
