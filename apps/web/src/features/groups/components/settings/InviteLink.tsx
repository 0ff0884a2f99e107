import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { ALERT_TIMEOUT_MS } from '@smm/shared/constants';
import { can, type GroupContext } from '@smm/shared/groups/policy';
import { errorBodyOf } from '../../../../lib/api-client';
import { useToast } from '../../../../lib/ui/toasts';
import { useRegenerateInviteLink } from '../../api/regenerate-invite-link';

interface Props {
  groupID: string;
  inviteURL: string;
  context: GroupContext;
}

/** The invite link with Copy ('Copied!' or 'Error' for 5 s) and, for Administrators, a new link. */
export function InviteLink({ groupID, inviteURL, context }: Props) {
  const [copied, setCopied] = useState<'Copied!' | 'Error' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const regenerate = useRegenerateInviteLink(groupID);
  const toast = useToast();
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    let result: 'Copied!' | 'Error';
    try {
      // Missing outside secure contexts, and refused without the page's permission: both are an Error.
      await navigator.clipboard.writeText(inviteURL);
      result = 'Copied!';
    } catch {
      result = 'Error';
    }
    setCopied(result);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), ALERT_TIMEOUT_MS);
  }

  function newLink() {
    regenerate.mutate(undefined, {
      onSuccess: () => toast({ title: 'Success!', body: 'Created a new invite link; the old one no longer works', variant: 'success' }),
      onError: (error) => toast({ title: 'Error!', body: errorBodyOf(error).message, variant: 'danger' }),
    });
  }

  return (
    <Form.Group controlId="invite-link">
      <Form.Label>Invite Link</Form.Label>
      <InputGroup>
        <Form.Control readOnly value={inviteURL} onFocus={(e) => e.currentTarget.select()} />
        <Button variant="outline-primary" onClick={() => void copy()}>
          Copy
        </Button>
      </InputGroup>
      <div aria-live="polite">
        {copied && (
          <Alert variant={copied === 'Copied!' ? 'success' : 'danger'} className="py-1 px-2 mt-2 mb-0 small">
            {copied}
          </Alert>
        )}
      </div>
      {can('regenerateInviteLink', context) && (
        <Button variant="link" size="sm" className="px-0 mt-1" onClick={newLink} disabled={regenerate.isPending}>
          {regenerate.isPending ? 'Creating a new link…' : 'New Invite Link'}
        </Button>
      )}
    </Form.Group>
  );
}
