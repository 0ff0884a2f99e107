import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { CARD_BODY_MAX, CARD_TITLE_MAX, type GroupCardDto } from '@smm/shared/components/schemas';
import type { ApiErrorBody } from '@smm/shared/errors';
import { errorBodyOf } from '../../../../lib/api-client';
import { TextField } from '../../../../lib/ui/TextField';
import { useToast } from '../../../../lib/ui/toasts';
import { useSaveGroupCard } from '../../api/save-group-card';

interface Props {
  groupID: string;
  /** The card to edit; null adds a new one. */
  card: GroupCardDto | null;
  show: boolean;
  onHide: () => void;
  onDelete: (card: GroupCardDto) => void;
}

/** The Add / Edit Card dialog: title, body (20 rows), Delete for an existing card, Save. */
export function CardFormModal({ groupID, card, show, onHide, onDelete }: Props) {
  const [title, setTitle] = useState(card?.title ?? '');
  const [body, setBody] = useState(card?.body ?? '');
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const save = useSaveGroupCard(groupID);
  const toast = useToast();
  const heading = card ? 'Edit Card' : 'Add Card';

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    save.mutate(
      { groupID, title, body, footer: card?.footer ?? '', ...(card ? { _id: card._id } : {}) },
      {
        onSuccess: () => {
          toast({ title: 'Success!', body: 'Successfully saved card', variant: 'success' });
          onHide();
        },
        onError: (e) => setError(errorBodyOf(e)),
      },
    );
  }

  return (
    <Modal show={show} onHide={onHide} backdrop="static" keyboard={false} size="lg" aria-labelledby="card-form-title">
      <Form onSubmit={submit} aria-busy={save.isPending}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="card-form-title">{heading}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && !error.fields && (
            <Alert variant="danger" role="alert">
              {error.message}
            </Alert>
          )}
          <TextField
            id="card-title"
            label="Title"
            value={title}
            onChange={setTitle}
            maxLength={CARD_TITLE_MAX}
            error={error?.fields?.title}
          />
          <TextField
            id="card-body"
            label="Body"
            as="textarea"
            rows={20}
            value={body}
            onChange={setBody}
            maxLength={CARD_BODY_MAX}
            required={false}
            error={error?.fields?.body}
          />
        </Modal.Body>
        <Modal.Footer>
          {card && (
            <Button variant="outline-danger" className="me-auto" onClick={() => onDelete(card)}>
              Delete
            </Button>
          )}
          <Button variant="secondary" onClick={onHide}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
