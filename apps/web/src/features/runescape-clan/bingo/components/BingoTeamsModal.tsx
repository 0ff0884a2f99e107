import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { BINGO_TEAM_NAME_MAX, BINGO_TEAMS_MAX, BINGO_TEAMS_MIN, type BingoDetail } from '@smm/shared/runescape/bingo-schemas';
import { errorBodyOf } from '../../../../lib/api-client';
import { failureMessage } from '../../../../lib/failure-message';
import { FieldError } from '../../../../lib/ui/FieldError';
import { FormDialogFooter } from '../../../../lib/ui/FormDialogFooter';
import { firstProblem } from '../../competitions/competition-view';
import { useSetBingoTeams } from '../api/bingos';

interface Props {
  groupID: string;
  detail: BingoDetail;
  /** The clan's members, who may be put in teams. */
  members: readonly { userID: string; username: string }[];
  onHide: () => void;
}

const TEAM_COUNTS = Array.from({ length: BINGO_TEAMS_MAX - BINGO_TEAMS_MIN + 1 }, (_, i) => BINGO_TEAMS_MIN + i);
const NO_TEAM = -1;

/** Before the start, Administrators put members in teams by hand or split the linked members evenly by level or XP. */
export function BingoTeamsModal({ groupID, detail, members, onHide }: Props) {
  const { bingo, teams } = detail;
  const [mode, setMode] = useState<'hand' | 'level' | 'xp'>('hand');
  const [names, setNames] = useState(() =>
    teams.length >= BINGO_TEAMS_MIN ? teams.map((t) => t.name) : Array.from({ length: BINGO_TEAMS_MIN }, (_, i) => `Team ${i + 1}`),
  );
  const [assigned, setAssigned] = useState<Record<string, number>>(() =>
    Object.fromEntries(members.map((m) => [m.userID, teams.findIndex((t) => t.members.some((tm) => tm.userID === m.userID))])),
  );
  const [fields, setFields] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const save = useSetBingoTeams(groupID);

  const setCount = (count: number) => setNames((current) => Array.from({ length: count }, (_, i) => current[i] ?? `Team ${i + 1}`));

  function submit(e: FormEvent) {
    e.preventDefault();
    setAlert(null);
    if (mode === 'hand' && names.some((n) => !n.trim())) return setFields({ teams: 'Team name is required' });
    setFields({});
    const body =
      mode === 'hand'
        ? {
            teams: names.map((name, i) => ({
              name: name.trim(),
              userIDs: members.filter((m) => assigned[m.userID] === i).map((m) => m.userID),
            })),
          }
        : { split: { teams: names.length, by: mode } };
    save.mutate(
      { bingoID: bingo.bingoID, ...body, expectedUpdatedAt: bingo.updatedAt },
      {
        onSuccess: onHide,
        onError: (error) => {
          const { fields: serverFields = {} } = errorBodyOf(error);
          setFields(serverFields);
          if (Object.keys(serverFields).length === 0) setAlert(failureMessage(error));
        },
      },
    );
  }

  return (
    <Modal show onHide={onHide} backdrop="static" keyboard={false} aria-labelledby="bingo-teams-title">
      <Form onSubmit={submit} noValidate aria-busy={save.isPending}>
        <Modal.Header>
          <Modal.Title id="bingo-teams-title">Teams of {bingo.name}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {alert && (
            <Alert variant="danger" role="alert">
              {alert}
            </Alert>
          )}
          <p className="small text-body-secondary">Teams are fixed once the bingo starts.</p>
          <Form.Group controlId="bingo-teams-count" className="mb-3">
            <Form.Label>Number of teams</Form.Label>
            <Form.Select value={names.length} onChange={(e) => setCount(Number(e.target.value))}>
              {TEAM_COUNTS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <fieldset className="mb-3" aria-describedby={fields.split ? 'bingo-teams-split-error' : undefined}>
            <legend className="form-label fs-6 mb-1">How</legend>
            <Form.Check
              id="bingo-teams-hand"
              type="radio"
              name="bingo-teams-mode"
              label="By hand"
              checked={mode === 'hand'}
              onChange={() => setMode('hand')}
            />
            <Form.Check
              id="bingo-teams-level"
              type="radio"
              name="bingo-teams-mode"
              label="Split members with a linked account evenly by total level"
              checked={mode === 'level'}
              onChange={() => setMode('level')}
            />
            <Form.Check
              id="bingo-teams-xp"
              type="radio"
              name="bingo-teams-mode"
              label="Split members with a linked account evenly by total experience"
              checked={mode === 'xp'}
              onChange={() => setMode('xp')}
            />
            <FieldError id="bingo-teams-split-error" message={fields.split} />
          </fieldset>
          {mode === 'hand' && (
            <>
              <fieldset className="mb-3" aria-describedby={fields.teams ? 'bingo-teams-error' : undefined}>
                <legend className="form-label fs-6 mb-1">Team names</legend>
                {names.map((name, i) => (
                  <Form.Control
                    key={i}
                    className="mb-1"
                    size="sm"
                    aria-label={`Name of team ${i + 1}`}
                    value={name}
                    maxLength={BINGO_TEAM_NAME_MAX}
                    isInvalid={Boolean(fields.teams) && !name.trim()}
                    onChange={(e) => setNames((current) => current.map((n, j) => (j === i ? e.target.value : n)))}
                  />
                ))}
                <FieldError id="bingo-teams-error" message={fields.teams} />
              </fieldset>
              <fieldset>
                <legend className="form-label fs-6 mb-1">Members</legend>
                {members.map((m) => (
                  <Form.Group key={m.userID} controlId={`bingo-team-of-${m.userID}`} className="d-flex align-items-center gap-2 mb-1">
                    <Form.Label className="mb-0 me-auto text-break">{m.username}</Form.Label>
                    <Form.Select
                      size="sm"
                      className="w-auto"
                      value={assigned[m.userID] ?? NO_TEAM}
                      onChange={(e) => setAssigned((current) => ({ ...current, [m.userID]: Number(e.target.value) }))}
                    >
                      <option value={NO_TEAM}>No team</option>
                      {names.map((name, i) => (
                        <option key={i} value={i}>
                          {name.trim() || `Team ${i + 1}`}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                ))}
              </fieldset>
            </>
          )}
        </Modal.Body>
        <FormDialogFooter
          onCancel={onHide}
          working={save.isPending}
          label="Save teams"
          workingLabel="Saving…"
          cancelDisabled={save.isPending}
          problem={firstProblem(fields)}
        />
      </Form>
    </Modal>
  );
}
