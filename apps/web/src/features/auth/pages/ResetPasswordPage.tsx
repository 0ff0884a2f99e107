import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { ApiErrorBody } from '@smm/shared/errors';
import { EMAIL_MAX } from '@smm/shared/limits';
import { errorBodyOf } from '../../../lib/api-client';
import { TextField } from '../../../lib/ui/TextField';
import { requestPasswordReset } from '../api';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<ApiErrorBody | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      setSent((await requestPasswordReset(email)).message);
    } catch (e) {
      setError(errorBodyOf(e));
    } finally {
      setSending(false);
    }
  }

  return (
    <Card className="auth-card">
      <Card.Body>
        <h1 className="h3 mb-3">Reset Password</h1>
        <p>Enter the email of your account and we will send you a link to choose a new password.</p>
        {sent && <Alert variant="success">{sent}</Alert>}
        {error && !error.fields && <Alert variant="danger">{error.message}</Alert>}
        <Form onSubmit={submit} aria-busy={sending}>
          <TextField id="reset-email" label="Email" type="email" autoComplete="email" maxLength={EMAIL_MAX} value={email} onChange={setEmail} error={error?.fields?.email} />
          <Button type="submit" disabled={sending}>
            {sending ? 'Sending…' : 'Send'}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
