import type { FormEvent, ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { CLAN_CONTEST_NAME_MAX } from '@smm/shared/runescape/clan-contest-schemas';
import { FormDialogFooter } from '../../../lib/ui/FormDialogFooter';
import { TextField } from '../../../lib/ui/TextField';
import { ContestTimesFields } from './ContestTimesFields';
import { firstProblem } from './contest-view';

interface Props {
  /** 'competition' or 'bingo': in the title, the notice and the field ids. */
  noun: string;
  editing: boolean;
  size?: 'lg';
  /** The form's name and times; the times are epoch milliseconds, null while not picked. */
  form: { name: string; startsAt: number | null; endsAt: number | null };
  /** The start of a contest that has begun, which then keeps only its name and end time editable. */
  startedAt: string | null;
  timeZone: string;
  /** Said above the times, if the contest needs it. */
  timesNote?: ReactNode;
  fields: Record<string, string>;
  alert: string | null;
  pending: boolean;
  change: (patch: { name?: string; startsAt?: number | null; endsAt?: number | null }) => void;
  onSubmit: (e: FormEvent) => void;
  onHide: () => void;
  /** Shown beside the footer's buttons, e.g. a refused save's Reload. */
  beside?: ReactNode;
  /** The contest's own fields, after the name and times. */
  children: ReactNode;
}

/** Create or Edit a competition or bingo: its name and times, then its own fields, with Submit and Cancel. */
export function ContestFormDialog(props: Props) {
  const { noun, editing, size, form, startedAt, timeZone, timesNote, fields, alert, pending, change, onSubmit, onHide, beside, children } =
    props;
  return (
    <Modal show onHide={onHide} backdrop="static" keyboard={false} size={size} aria-labelledby={`${noun}-form-title`}>
      <Form onSubmit={onSubmit} noValidate aria-busy={pending}>
        <Modal.Header>
          <Modal.Title id={`${noun}-form-title`}>{editing ? `Edit ${noun}` : `Create ${noun}`}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {alert && (
            <Alert variant="danger" role="alert">
              {alert}
            </Alert>
          )}
          {startedAt !== null && (
            <p className="small text-body-secondary">This {noun} has started: only its name and end time can change.</p>
          )}
          <TextField
            id={`${noun}-name`}
            label="Name"
            value={form.name}
            onChange={(name) => change({ name })}
            maxLength={CLAN_CONTEST_NAME_MAX}
            error={fields.name}
          />
          {timesNote}
          <ContestTimesFields
            idPrefix={noun}
            timeZone={timeZone}
            startsAt={form.startsAt}
            endsAt={form.endsAt}
            startedAt={startedAt}
            errors={fields}
            onChange={change}
          />
          {children}
        </Modal.Body>
        <FormDialogFooter
          onCancel={onHide}
          working={pending}
          label="Submit"
          workingLabel="Saving…"
          cancelDisabled={pending}
          problem={firstProblem(fields)}
          beside={beside}
        />
      </Form>
    </Modal>
  );
}
