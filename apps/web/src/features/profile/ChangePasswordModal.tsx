import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { ApiErrorBody } from '@smm/shared/errors';
import { PASSWORD_MAX } from '@smm/shared/limits';
import { PRODUCT_NAME } from '@smm/shared/constants';
import { errorBodyOf } from '../../lib/api-client';
import { TextField } from '../../lib/ui/TextField';
import { updatePassword } from '../auth/api';
import { useAppState, useCurrentUser } from '../auth/app-state';
import { FormDialogFooter } from '../../lib/ui/FormDialogFooter';

const empty = { currentPassword: '', newPassword: '', newPassword2: '' };

/** Current, new and confirmed password; success closes the modal and shows the spec's alert for 5 s. */
export function ChangePasswordModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const user = useCurrentUser();
  const { showAlert, applyToken } = useAppState();
  const [form, setForm] = useState(empty);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ApiErrorBody | null>(null);

  function close() {
    setForm(empty);
    setError(null);
    onHide();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      // The change ends every older session; this one goes on with the token that comes back.
      const { token } = await updatePassword({ userID: user.id, ...form });
      applyToken(token);
      close();
      showAlert('success', `Successfully saved new password to ${PRODUCT_NAME}`);
    } catch (e) {
      setError(errorBodyOf(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal show={show} onHide={close} backdrop="static" keyboard={false} aria-labelledby="change-password-title">
      <Form onSubmit={submit} aria-busy={saving}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="change-password-title">Change Password</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && !error.fields && <Alert variant="danger">{error.message}</Alert>}
          <TextField
            id="current-password"
            label="Current Password"
            type="password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
            value={form.currentPassword}
            onChange={(currentPassword) => setForm({ ...form, currentPassword })}
            error={error?.fields?.currentPassword}
          />
          <TextField
            id="new-password"
            label="New Password"
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            value={form.newPassword}
            onChange={(newPassword) => setForm({ ...form, newPassword })}
            error={error?.fields?.newPassword}
          />
          <TextField
            id="new-password2"
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            value={form.newPassword2}
            onChange={(newPassword2) => setForm({ ...form, newPassword2 })}
            error={error?.fields?.newPassword2}
          />
        </Modal.Body>
        <FormDialogFooter onCancel={close} working={saving} label="Save" workingLabel="Saving…" />
      </Form>
    </Modal>
  );
}
