import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { DISCORD_URL, MESSAGE_TYPES, PRODUCT_NAME, type MessageType } from '@smm/shared/constants';
import type { ApiErrorBody } from '@smm/shared/errors';
import { EMAIL_MAX, MESSAGE_MAX, SUBJECT_MAX } from '@smm/shared/limits';
import { api, errorBodyOf } from '../../lib/api-client';
import { FieldError } from '../../lib/ui/FieldError';
import { TextField } from '../../lib/ui/TextField';
import { useAppState } from '../auth/app-state';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function ContactPage() {
  useDocumentTitle('Contact Us');
  const { auth, showAlert } = useAppState();
  const empty = { email: auth.user.email ?? '', subject: '', message: '', messageType: MESSAGE_TYPES[0] as MessageType };
  const [form, setForm] = useState(empty);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<ApiErrorBody | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      await api.post('/api/admin/message', form);
      setForm(empty);
      showAlert('success', `Successfully sent message to ${PRODUCT_NAME}`);
    } catch (e) {
      setError(errorBodyOf(e));
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <h1 className="page-title">Contact Us</h1>
      <Card className="mb-4">
        <Card.Body>
          <h2 className="h5">Discord</h2>
          <p className="mb-0">
            The fastest way to reach us and other group organisers is our <a href={DISCORD_URL} rel="noreferrer" target="_blank">Discord server</a>.
          </p>
        </Card.Body>
      </Card>
      <Card>
        <Card.Body>
          <h2 className="h5">Send us an email</h2>
          {error && !error.fields && <Alert variant="danger">{error.message}</Alert>}
          <Form onSubmit={submit} aria-busy={sending}>
            <TextField id="contact-email" label="Your Email" type="email" autoComplete="email" maxLength={EMAIL_MAX} value={form.email} onChange={(email) => setForm({ ...form, email })} error={error?.fields?.email} />
            <Form.Group className="mb-3" controlId="contact-type">
              <Form.Label>Message Type</Form.Label>
              <Form.Select value={form.messageType} onChange={(e) => setForm({ ...form, messageType: e.target.value as MessageType })} aria-describedby="contact-type-error">
                {MESSAGE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </Form.Select>
              <FieldError id="contact-type-error" message={error?.fields?.messageType} />
            </Form.Group>
            <TextField id="contact-subject" label="Subject" maxLength={SUBJECT_MAX} value={form.subject} onChange={(subject) => setForm({ ...form, subject })} error={error?.fields?.subject} />
            <TextField id="contact-message" label="Message" as="textarea" rows={6} maxLength={MESSAGE_MAX} value={form.message} onChange={(message) => setForm({ ...form, message })} error={error?.fields?.message} />
            <Button type="submit" disabled={sending}>
              {sending ? 'Sending…' : 'Send'}
            </Button>
          </Form>
        </Card.Body>
      </Card>
    </>
  );
}
