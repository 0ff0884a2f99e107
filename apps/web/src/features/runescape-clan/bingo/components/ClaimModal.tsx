import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { BINGO_NOTE_MAX, BINGO_PROOF_TYPES, type BingoTile } from '@smm/shared/runescape/bingo-schemas';
import { errorBodyOf } from '../../../../lib/api-client';
import { failureMessage } from '../../../../lib/failure-message';
import { FieldError } from '../../../../lib/ui/FieldError';
import { FormDialogFooter } from '../../../../lib/ui/FormDialogFooter';
import { firstProblem } from '../../contests/contest-view';
import { readAsDataUrl, useClaimBingoTile } from '../api/bingos';
import { proofProblem } from '../proof-file';

interface Props {
  groupID: string;
  bingoID: string;
  tile: BingoTile;
  onHide: () => void;
  onClaimed: () => void;
}

/**
 * Claim a task tile for the viewer's team: a screenshot (checked here for its type and size before
 * anything is sent, and previewed) and a note for the moderators.
 */
export function ClaimModal({ groupID, bingoID, tile, onHide, onClaimed }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const claim = useClaimBingoTile(groupID);

  useEffect(() => {
    if (!file) return;
    let current = true;
    readAsDataUrl(file)
      .then((url) => current && setPreview(url))
      .catch(() => current && setPreview(null));
    return () => {
      current = false;
    };
  }, [file]);

  function pick(e: ChangeEvent<HTMLInputElement>) {
    const picked = e.target.files?.[0] ?? null;
    const problem = proofProblem(picked);
    setFields(({ proof: _, ...rest }) => (problem ? { ...rest, proof: problem } : rest));
    if (problem || !picked) {
      setFile(null);
      setPreview(null);
      return;
    }
    setFile(picked);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setAlert(null);
    const problem = proofProblem(file);
    if (problem || !file) return setFields({ proof: problem ?? '' });
    setFields({});
    claim.mutate(
      { bingoID, tileID: tile.tileID, note: note.trim(), proof: file },
      {
        onSuccess: onClaimed,
        onError: (error) => {
          const { fields: serverFields = {}, message } = errorBodyOf(error);
          // A screenshot the server refuses (not an image, too large) is said under the file field.
          const status = (error as { status?: number }).status;
          const byField = status === 413 && !serverFields.proof ? { ...serverFields, proof: message } : serverFields;
          setFields(byField);
          if (Object.keys(byField).length === 0) setAlert(failureMessage(error));
        },
      },
    );
  }

  return (
    <Modal show onHide={onHide} backdrop="static" keyboard={false} aria-labelledby="claim-form-title">
      <Form onSubmit={submit} noValidate aria-busy={claim.isPending}>
        <Modal.Header>
          <Modal.Title id="claim-form-title">Claim {tile.title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {alert && (
            <Alert variant="danger" role="alert">
              {alert}
            </Alert>
          )}
          {tile.description && <p className="small">{tile.description}</p>}
          <Form.Group controlId="claim-proof" className="mb-3">
            <Form.Label>Screenshot</Form.Label>
            <Form.Control
              type="file"
              accept={BINGO_PROOF_TYPES.join(',')}
              onChange={pick}
              isInvalid={Boolean(fields.proof)}
              aria-describedby={fields.proof ? 'claim-proof-error claim-proof-hint' : 'claim-proof-hint'}
            />
            <Form.Text id="claim-proof-hint">PNG, JPEG or WebP, at most 5 MB. Moderators and your team see it.</Form.Text>
            <FieldError id="claim-proof-error" message={fields.proof} />
          </Form.Group>
          {preview && file && (
            <figure className="mb-3">
              <img src={preview} alt={`Preview of ${file.name}`} className="img-fluid rounded border" style={{ maxHeight: '12rem' }} />
              <figcaption className="small text-body-secondary">{file.name}</figcaption>
            </figure>
          )}
          <Form.Group controlId="claim-note" className="mb-3">
            <Form.Label>Note (optional)</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={note}
              maxLength={BINGO_NOTE_MAX}
              onChange={(e) => setNote(e.target.value)}
              isInvalid={Boolean(fields.note)}
              aria-describedby={fields.note ? 'claim-note-error' : undefined}
            />
            <FieldError id="claim-note-error" message={fields.note} />
          </Form.Group>
        </Modal.Body>
        <FormDialogFooter
          onCancel={onHide}
          working={claim.isPending}
          label="Send claim"
          workingLabel="Sending…"
          cancelDisabled={claim.isPending}
          problem={firstProblem(fields)}
        />
      </Form>
    </Modal>
  );
}
