import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { BingoDetail } from '@smm/shared/runescape/bingo-schemas';
import { errorBodyOf } from '../../../../lib/api-client';
import { failureMessage } from '../../../../lib/failure-message';
import { FieldError } from '../../../../lib/ui/FieldError';
import { FormDialogFooter } from '../../../../lib/ui/FormDialogFooter';
import { useSetBingoModerators } from '../api/bingos';

interface Props {
  groupID: string;
  detail: BingoDetail;
  /** Members who are not Administrators (Administrators moderate anyway). */
  candidates: readonly { userID: string; username: string }[];
  onHide: () => void;
}

/** Administrators appoint members who may accept, decline or hold this bingo's claims. */
export function ModeratorsModal({ groupID, detail, candidates, onHide }: Props) {
  const [picked, setPicked] = useState(() => new Set(detail.moderators.map((m) => m.userID)));
  const [error, setError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const save = useSetBingoModerators(groupID);

  function submit(e: FormEvent) {
    e.preventDefault();
    setAlert(null);
    save.mutate(
      { bingoID: detail.bingo.bingoID, userIDs: [...picked] },
      {
        onSuccess: onHide,
        onError: (failure) => {
          const { fields = {} } = errorBodyOf(failure);
          setError(fields.userIDs);
          if (!fields.userIDs) setAlert(failureMessage(failure));
        },
      },
    );
  }

  const toggle = (userID: string, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(userID);
      else next.delete(userID);
      return next;
    });

  return (
    <Modal show onHide={onHide} backdrop="static" keyboard={false} aria-labelledby="bingo-moderators-title">
      <Form onSubmit={submit} noValidate aria-busy={save.isPending}>
        <Modal.Header>
          <Modal.Title id="bingo-moderators-title">Moderators of {detail.bingo.name}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {alert && (
            <Alert variant="danger" role="alert">
              {alert}
            </Alert>
          )}
          <fieldset aria-describedby={error ? 'bingo-moderators-error' : 'bingo-moderators-hint'}>
            <legend className="form-label fs-6 mb-1">Members who decide claims</legend>
            <p id="bingo-moderators-hint" className="small text-body-secondary">
              Administrators always may; moderators see every team&apos;s claims and proofs.
            </p>
            {candidates.length === 0 ? (
              <p className="small text-body-secondary">Every member is an Administrator.</p>
            ) : (
              candidates.map((m) => (
                <Form.Check
                  key={m.userID}
                  id={`bingo-moderator-${m.userID}`}
                  type="checkbox"
                  label={m.username}
                  checked={picked.has(m.userID)}
                  onChange={(e) => toggle(m.userID, e.target.checked)}
                />
              ))
            )}
            <FieldError id="bingo-moderators-error" message={error} />
          </fieldset>
        </Modal.Body>
        <FormDialogFooter
          onCancel={onHide}
          working={save.isPending}
          label="Save moderators"
          workingLabel="Saving…"
          cancelDisabled={save.isPending}
          problem={error ? `Fix the marked field: ${error}` : undefined}
        />
      </Form>
    </Modal>
  );
}
