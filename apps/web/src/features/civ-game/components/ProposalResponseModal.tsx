import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { GameDto } from '@smm/shared/civilization/games-schemas';
import { REASON_MAX, type ProposalDto } from '@smm/shared/civilization/ladder-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { FieldError } from '../../../lib/ui/FieldError';
import { FormDialogFooter } from '../../../lib/ui/FormDialogFooter';
import { useToast } from '../../../lib/ui/toasts';
import { useDecideGameProposal } from '../api/decide-game-proposal';
import { useVoteGameProposal } from '../api/vote-game-proposal';
import { useOpenedResult } from '../use-opened-result';
import { ResultConflict } from './ResultConflict';

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
  /** The proposal's game as the dialog opens: accepting changes its result. */
  game: GameDto;
  proposal: ProposalDto;
  response: ProposalResponse;
  onHide: () => void;
}

/**
 * Asks for the reason (required for a vote, optional for a decision) and sends the answer. An
 * acceptance applies the change to the result as the dialog found it: if another manager changed the
 * result since, it is refused (409) and Reload reads the game again before accepting.
 */
export function ProposalResponseModal({ game, proposal, response, onHide }: Props) {
  const words = WORDS[response];
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const result = useOpenedResult(game, () => setMessage(null));
  const decide = useDecideGameProposal(game.groupID);
  const vote = useVoteGameProposal(game.groupID);
  const working = decide.isPending || vote.isPending || result.reloading;
  const toast = useToast();

  function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    result.clear();
    const trimmed = reason.trim();
    if (words.reasonRequired && !trimmed) return setFields({ reason: 'Say why' });
    setFields({});
    const handlers = {
      onSuccess: () => {
        toast({ title: 'Success!', body: words.done, variant: 'success' as const });
        onHide();
      },
      onError: (error: Error) => {
        if (result.caught(error)) return;
        const body = errorBodyOf(error);
        setFields(body.fields ?? {});
        setMessage(body.message);
      },
    };
    if (response === 'accept' || response === 'reject') {
      // Only an acceptance changes the result, so only it goes with the version the dialog opened with.
      const version = response === 'accept' ? { expectedResultVersion: result.expectedResultVersion } : {};
      decide.mutate({ proposalID: proposal._id, decision: response, ...(trimmed ? { reason: trimmed } : {}), ...version }, handlers);
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
        <FormDialogFooter
          onCancel={onHide}
          working={working}
          label={words.label}
          workingLabel={words.working}
          cancelDisabled={working}
          beside={<ResultConflict result={result} />}
        />
      </Form>
    </Modal>
  );
}
