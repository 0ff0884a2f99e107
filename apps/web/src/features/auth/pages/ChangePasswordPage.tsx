import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ApiErrorBody } from '@smm/shared/errors';
import { PASSWORD_MAX } from '@smm/shared/limits';
import { errorBodyOf } from '../../../lib/api-client';
import { TextField } from '../../../lib/ui/TextField';
import { resetPassword } from '../api';
import { useAppState } from '../app-state';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /changePassword?userID=..&token=..: the page a reset mail links to. */
export default function ChangePasswordPage() {
  useDocumentTitle('Change Password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { showAlert } = useAppState();
  const userID = params.get('userID') ?? '';
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ApiErrorBody | null>(null);

  if (!userID || !token) {
    return (
      <Alert variant="danger" className="auth-card">
        This password reset link is incomplete. <Link to="/resetPassword">Ask for a new link</Link>.
      </Alert>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await resetPassword(userID, token, { password });
      showAlert('success', 'Your password has been updated. Please log in.');
      navigate('/login');
    } catch (e) {
      setError(errorBodyOf(e));
      setSaving(false);
    }
  }

  return (
    <Card className="auth-card">
      <Card.Body>
        <h1 className="h3 mb-3">Change Password</h1>
        {error && !error.fields && (
          <Alert variant="danger">
            {error.message} <Link to="/resetPassword">Ask for a new link</Link>.
          </Alert>
        )}
        <Form onSubmit={submit} aria-busy={saving}>
          <TextField id="new-password" label="New Password" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} value={password} onChange={setPassword} error={error?.fields?.password} />
          <Button type="submit" disabled={saving}>
            {saving ? 'Updating…' : 'Update'}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
