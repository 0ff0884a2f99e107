import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { LoginFields, useLogin } from '../../auth/components/LoginFields';
import { FormDialogFooter } from '../../../lib/ui/FormDialogFooter';

interface Props {
  onHide: () => void;
  onLoggedIn: () => void;
  onRegister: () => void;
  /** Shown above the form, e.g. after registering. */
  notice?: string;
  /** The email to start with, e.g. the one just registered. */
  email?: string;
}

/** Login without leaving the invite: the token is stored and the invite page accepts the invite. */
export function InviteLoginModal({ onHide, onLoggedIn, onRegister, notice, email }: Props) {
  const login = useLogin(onLoggedIn, email);
  return (
    <Modal show onHide={onHide} backdrop="static" keyboard={false} aria-labelledby="invite-login-title">
      <Form onSubmit={login.submit} aria-busy={login.submitting}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="invite-login-title">Login</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <LoginFields idPrefix="invite-login" login={login} notice={notice} />
          <div className="d-flex justify-content-between flex-wrap gap-2 small">
            <Link to="/resetPassword">Forgot Password?</Link>
            <span>
              No account yet?{' '}
              <Button variant="link" size="sm" className="p-0 align-baseline" onClick={onRegister}>
                Register
              </Button>
            </span>
          </div>
        </Modal.Body>
        <FormDialogFooter onCancel={onHide} working={login.submitting} label="Login" workingLabel="Logging in…" />
      </Form>
    </Modal>
  );
}
