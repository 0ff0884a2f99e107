import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { REASON_MAX, type ProposalDto } from '@smm/shared/civilization/ladder-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { FieldError } from '../../../lib/ui/FieldError';
import { FormDialogFooter } from '../../../lib/ui/FormDialogFooter';
import { useToast } from '../../../lib/ui/toasts';
import { useDecideGameProposal } from '../api/decide-game-proposal';
import { useVoteGameProposal } from '../api/vote-game-proposal';

/** What the viewer answers a proposal with: a manager's decision, or another player's vote. */
export type ProposalResponse = 'accept' | 'reject' | 'confirm' | 'contest';

const WORDS: Record<ProposalResponse, { title: string; label: string; working: string; done: string; reasonRequired: boolean }> = {
  accept: {
    title: 'Accept the correction',
    label: 'Accept',
    working: 'Accepting…',
    done: 'Accepted the correction',
    reasonRequired: false,
  },
  reject: {
    title: 'Reject the correction',
    label: 'Reject',
    working: 'Rejecting…',
    done: 'Rejected the correction',
    reasonRequired: false,
  },
  confirm: {
    title: 'Confirm the correction',
    label: 'Confirm',
    working: 'Confirming…',
    done: 'Confirmed the correction',
    reasonRequired: true,
  },
  contest: {
    title: 'Contest the correction',
    label: 'Contest',
    working: 'Contesting…',
    done: 'Contested the correction',
    reasonRequired: true,
  },
};

interface Props {
  groupID: string;
  proposal: ProposalDto;
  response: ProposalResponse;
  onHide: () => void;
}

/** Asks for the reason (required for a vote, optional for a decision) and sends the answer. */
export function ProposalResponseModal({ groupID, proposal, response, onHide }: Props) {
  const words = WORDS[response];
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const decide = useDecideGameProposal(groupID);
  const vote = useVoteGameProposal(groupID);
  const working = decide.isPending || vote.isPending;
  const toast = useToast();

  function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    const trimmed = reason.trim();
    if (words.reasonRequired && !trimmed) return setFields({ reason: 'Say why' });
    setFields({});
    const handlers = {
      onSuccess: () => {
        toast({ title: 'Success!', body: words.done, variant: 'success' as const });
        onHide();
      },
      onError: (error: Error) => {
        const body = errorBodyOf(error);
        setFields(body.fields ?? {});
        setMessage(body.message);
      },
    };
    if (response === 'accept' || response === 'reject') {
      decide.mutate({ proposalID: proposal._id, decision: response, ...(trimmed ? { reason: trimmed } : {}) }, handlers);
    } else {
      vote.mutate({ proposalID: proposal._id, vote: response, reason: trimmed }, handlers);
    }
  }

  return (
    <Modal show onHide={onHide} backdrop="static" keyboard={false} aria-labelledby="proposal-response-title">
      <Form onSubmit={submit} noValidate aria-busy={working}>
        <Modal.Header>
          <Modal.Title id="proposal-response-title">{words.title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {message && (
            <Alert variant="danger" role="alert">
              {message}
            </Alert>
          )}
          <p className="mb-1">Proposed by {proposal.proposedByName}:</p>
          <ul className="mb-3">
            {proposal.summary.map((line) => (
              <li key={line} className="text-break">
                {line}
              </li>
            ))}
          </ul>
          <Form.Group controlId="proposal-response-reason">
            <Form.Label>{words.reasonRequired ? 'Reason' : 'Reason (optional)'}</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={REASON_MAX}
              required={words.reasonRequired}
              isInvalid={Boolean(fields.reason)}
              aria-describedby={fields.reason ? 'proposal-response-reason-error' : undefined}
            />
            <FieldError id="proposal-response-reason-error" message={fields.reason} />
          </Form.Group>
        </Modal.Body>
        <FormDialogFooter onCancel={onHide} working={working} label={words.label} workingLabel={words.working} cancelDisabled={working} />
      </Form>
    </Modal>
  );
}
