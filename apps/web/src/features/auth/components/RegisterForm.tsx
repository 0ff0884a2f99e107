import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { RegisterFields, useRegister } from './RegisterFields';

/** The /register page's form. */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const register = useRegister(onRegistered);
  return (
    <Form onSubmit={register.submit} aria-busy={register.submitting}>
      <RegisterFields idPrefix="register" register={register} />
      <Button type="submit" disabled={register.submitting}>
        {register.submitting ? 'Registering…' : 'Register'}
      </Button>
    </Form>
  );
}
