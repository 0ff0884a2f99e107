import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { RegisterFields, useRegister } from '../../auth/components/RegisterFields';
import { FormDialogFooter } from '../../../lib/ui/FormDialogFooter';

interface Props {
  onHide: () => void;
  /** A successful register leads to the login dialog, with the registered email. */
  onRegistered: (registered: { email: string }) => void;
}

/** Register without leaving the invite; server errors show under each field. */
export function InviteRegisterModal({ onHide, onRegistered }: Props) {
  const register = useRegister(onRegistered);
  return (
    <Modal show onHide={onHide} backdrop="static" keyboard={false} aria-labelledby="invite-register-title">
      <Form onSubmit={register.submit} aria-busy={register.submitting}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="invite-register-title">Register</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <RegisterFields idPrefix="invite-register" register={register} />
        </Modal.Body>
        <FormDialogFooter onCancel={onHide} working={register.submitting} label="Register" workingLabel="Registering…" />
      </Form>
    </Modal>
  );
}
