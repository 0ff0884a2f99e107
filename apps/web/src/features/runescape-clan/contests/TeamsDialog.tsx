import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { CLAN_CONTEST_TEAM_NAME_MAX, type TeamSplit } from '@smm/shared/runescape/clan-contest-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/failure-message';
import { FieldError } from '../../../lib/ui/FieldError';
import { FormDialogFooter } from '../../../lib/ui/FormDialogFooter';
import { firstProblem } from './contest-view';
import { TeamCountSelect, TeamModeRadios } from './TeamChoiceFields';
import { initialTeamNames } from './teams';

/** What the Administrator chose: team names to fill by hand, or an even split into that many teams. */
export type TeamsChoice = { names: string[] } | { split: { teams: number; by: TeamSplit } };

interface Props {
  /** Prefix of the dialog's field ids and radio group name, so two dialogs never share ids. */
  idPrefix: string;
  titleID: string;
  title: string;
  /** A line under the title, if the contest needs one. */
  note?: ReactNode;
  /** The current teams' names, in order. */
  currentNames: readonly string[];
  splitLabels: Record<TeamSplit, string>;
  saving: boolean;
  /** Sends the choice; the dialog shows the server's per-field errors, or its message. */
  onSave: (choice: TeamsChoice, handlers: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  onHide: () => void;
  /** Who goes in which team, shown while teams are set by hand. */
  children: (names: readonly string[]) => ReactNode;
}

/** Teams of a competition or bingo before its start: how many, named by hand or split evenly by level or experience. */
export function TeamsDialog({ idPrefix, titleID, title, note, currentNames, splitLabels, saving, onSave, onHide, children }: Props) {
  const [mode, setMode] = useState<'hand' | TeamSplit>('hand');
  const [names, setNames] = useState(() => initialTeamNames(currentNames));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);

  const setCount = (count: number) => setNames((current) => Array.from({ length: count }, (_, i) => current[i] ?? `Team ${i + 1}`));

  function submit(e: FormEvent) {
    e.preventDefault();
    setAlert(null);
    const missing: Record<string, string> = {};
    if (mode === 'hand' && names.some((n) => !n.trim())) missing.teams = 'Team name is required';
    setFields(missing);
    if (Object.keys(missing).length > 0) return;
    onSave(mode === 'hand' ? { names } : { split: { teams: names.length, by: mode } }, {
      onSuccess: onHide,
      onError: (error) => {
        const { fields: serverFields = {} } = errorBodyOf(error);
        setFields(serverFields);
        if (Object.keys(serverFields).length === 0) setAlert(failureMessage(error));
      },
    });
  }

  return (
    <Modal show onHide={onHide} backdrop="static" keyboard={false} aria-labelledby={titleID}>
      <Form onSubmit={submit} noValidate aria-busy={saving}>
        <Modal.Header>
          <Modal.Title id={titleID}>{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {alert && (
            <Alert variant="danger" role="alert">
              {alert}
            </Alert>
          )}
          {note}
          <TeamCountSelect id={`${idPrefix}-count`} className="mb-3" value={names.length} onChange={setCount} />
          <fieldset className="mb-3" aria-describedby={fields.split ? `${idPrefix}-split-error` : undefined}>
            <legend className="form-label fs-6 mb-1">How</legend>
            <TeamModeRadios
              idPrefix={idPrefix}
              name={`${idPrefix}-mode`}
              labels={{ hand: 'By hand', ...splitLabels }}
              value={mode}
              onChange={setMode}
            />
            <FieldError id={`${idPrefix}-split-error`} message={fields.split} />
          </fieldset>
          {mode === 'hand' && (
            <>
              <fieldset className="mb-3" aria-describedby={fields.teams ? `${idPrefix}-error` : undefined}>
                <legend className="form-label fs-6 mb-1">Team names</legend>
                {names.map((name, i) => (
                  <Form.Control
                    key={i}
                    className="mb-1"
                    size="sm"
                    aria-label={`Name of team ${i + 1}`}
                    value={name}
                    maxLength={CLAN_CONTEST_TEAM_NAME_MAX}
                    isInvalid={Boolean(fields.teams) && !name.trim()}
                    onChange={(e) => setNames((current) => current.map((n, j) => (j === i ? e.target.value : n)))}
                  />
                ))}
                <FieldError id={`${idPrefix}-error`} message={fields.teams} />
              </fieldset>
              {children(names)}
            </>
          )}
        </Modal.Body>
        <FormDialogFooter
          onCancel={onHide}
          working={saving}
          label="Save teams"
          workingLabel="Saving…"
          cancelDisabled={saving}
          problem={firstProblem(fields)}
        />
      </Form>
    </Modal>
  );
}

/** The teams a member may be put in, by name (or "Team n" while its name is blank). */
export function TeamOptions({ names }: { names: readonly string[] }) {
  return names.map((name, i) => (
    <option key={i} value={i}>
      {name.trim() || `Team ${i + 1}`}
    </option>
  ));
}
