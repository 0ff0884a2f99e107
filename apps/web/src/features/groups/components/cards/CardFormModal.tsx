import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { CARD_BODY_MAX, CARD_TITLE_MAX, type GroupCardDto } from '@smm/shared/components/schemas';
import type { ApiErrorBody } from '@smm/shared/errors';
import { ApiError, errorBodyOf } from '../../../../lib/api-client';
import { EditConflict } from '../../../../lib/ui/EditConflict';
import { TextField } from '../../../../lib/ui/TextField';
import { useToast } from '../../../../lib/ui/toasts';
import { groupCardsQueryOptions, useGroupCards } from '../../api/get-group-cards';
import { useSaveGroupCard } from '../../api/save-group-card';

interface Props {
  groupID: string;
  /** The card to edit; null adds a new one. */
  card: GroupCardDto | null;
  show: boolean;
  onHide: () => void;
  onDelete: (card: GroupCardDto) => void;
}

export const CARD_DELETED_MEANWHILE_MESSAGE = 'This card was deleted by someone else.';

/**
 * The Add / Edit Card dialog: title, body (20 rows), Delete for an existing card, Save. An edit is
 * saved against the version it opened: a save over another Administrator's change is refused and
 * offers Reload, and such a change arriving while editing is said beside Save; the text typed stays
 * until Reload is chosen.
 */
export function CardFormModal({ groupID, card, show, onHide, onDelete }: Props) {
  const [title, setTitle] = useState(card?.title ?? '');
  const [body, setBody] = useState(card?.body ?? '');
  const [footer, setFooter] = useState(card?.footer ?? '');
  /** The version the form holds: the card's updatedAt when opened or last reloaded. */
  const [base, setBase] = useState(card?.updatedAt);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const queryClient = useQueryClient();
  const cards = useGroupCards(groupID);
  const save = useSaveGroupCard(groupID);
  const toast = useToast();
  const heading = card ? 'Edit Card' : 'Add Card';
  const latest = card ? cards.data?.find((c) => c._id === card._id) : undefined;
  // Only a newer version, and not while this dialog's own save is on its way: its change comes back live too.
  const changedMeanwhile = Boolean(latest && base !== undefined && latest.updatedAt > base && !save.isPending && !save.isSuccess);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setConflict(null);
    save.mutate(
      { groupID, title, body, footer, ...(card ? { _id: card._id, expectedUpdatedAt: base } : {}) },
      {
        onSuccess: () => {
          toast({ title: 'Success!', body: 'Successfully saved card', variant: 'success' });
          onHide();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 409) setConflict(errorBodyOf(e).message);
          else setError(errorBodyOf(e));
        },
      },
    );
  }

  /** Reads the cards again and refills the form with this card as it is now. */
  async function reload() {
    if (!card) return;
    setReloading(true);
    try {
      const fresh = (await queryClient.fetchQuery({ ...groupCardsQueryOptions(groupID), staleTime: 0 })).find((c) => c._id === card._id);
      setConflict(null);
      if (!fresh) {
        setError({ message: CARD_DELETED_MEANWHILE_MESSAGE });
        return;
      }
      setTitle(fresh.title);
      setBody(fresh.body);
      setFooter(fresh.footer);
      setBase(fresh.updatedAt);
      setError(null);
    } catch (e) {
      setError(errorBodyOf(e));
    } finally {
      setReloading(false);
    }
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
          <EditConflict conflict={conflict} changedMeanwhile={changedMeanwhile} reloading={reloading} onReload={() => void reload()} />
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
