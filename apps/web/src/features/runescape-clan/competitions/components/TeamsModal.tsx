import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import {
  COMPETITION_TEAM_NAME_MAX,
  COMPETITION_TEAMS_MAX,
  COMPETITION_TEAMS_MIN,
  type CompetitionDetail,
  type TeamSplit,
} from '@smm/shared/runescape/competition-schemas';
import { errorBodyOf } from '../../../../lib/api-client';
import { failureMessage } from '../../../../lib/failure-message';
import { FieldError } from '../../../../lib/ui/FieldError';
import { FormDialogFooter } from '../../../../lib/ui/FormDialogFooter';
import { useSetCompetitionTeams } from '../api/competitions';
import { firstProblem } from '../competition-view';
import { handTeams, initialTeamNames } from '../teams';

interface Props {
  groupID: string;
  detail: CompetitionDetail;
  onHide: () => void;
}

const TEAM_COUNTS = Array.from({ length: COMPETITION_TEAMS_MAX - COMPETITION_TEAMS_MIN + 1 }, (_, i) => COMPETITION_TEAMS_MIN + i);

/** Before the start, Administrators put the participants in teams by hand or split them evenly by level or experience. */
export function TeamsModal({ groupID, detail, onHide }: Props) {
  const { competition, participants } = detail;
  const [mode, setMode] = useState<'hand' | TeamSplit>('hand');
  const [names, setNames] = useState(() => initialTeamNames(detail.teams.map((t) => t.name)));
  const [assigned, setAssigned] = useState<Record<string, number>>(() =>
    Object.fromEntries(
      participants.map((p) => [
        p.userID,
        Math.max(
          0,
          detail.teams.findIndex((t) => t.name === p.team),
        ),
      ]),
    ),
  );
  const [fields, setFields] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const save = useSetCompetitionTeams(groupID);

  const setCount = (count: number) => setNames((current) => Array.from({ length: count }, (_, i) => current[i] ?? `Team ${i + 1}`));

  function submit(e: FormEvent) {
    e.preventDefault();
    setAlert(null);
    const missing: Record<string, string> = {};
    if (mode === 'hand' && names.some((n) => !n.trim())) missing.teams = 'Team name is required';
    setFields(missing);
    if (Object.keys(missing).length > 0) return;
    const body = mode === 'hand' ? { teams: handTeams(names, assigned) } : { split: { teams: names.length, by: mode } };
    save.mutate(
      { competitionID: competition.competitionID, ...body, expectedUpdatedAt: competition.updatedAt },
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
    <Modal show onHide={onHide} backdrop="static" keyboard={false} aria-labelledby="teams-form-title">
      <Form onSubmit={submit} noValidate aria-busy={save.isPending}>
        <Modal.Header>
          <Modal.Title id="teams-form-title">Teams of {competition.name}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {alert && (
            <Alert variant="danger" role="alert">
              {alert}
            </Alert>
          )}
          <Form.Group controlId="teams-count" className="mb-3">
            <Form.Label>Number of teams</Form.Label>
            <Form.Select value={names.length} onChange={(e) => setCount(Number(e.target.value))}>
              {TEAM_COUNTS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <fieldset className="mb-3" aria-describedby={fields.split ? 'teams-split-error' : undefined}>
            <legend className="form-label fs-6 mb-1">How</legend>
            <Form.Check
              id="teams-hand"
              type="radio"
              name="teams-mode"
              label="By hand"
              checked={mode === 'hand'}
              onChange={() => setMode('hand')}
            />
            <Form.Check
              id="teams-level"
              type="radio"
              name="teams-mode"
              label="Split evenly by current total level"
              checked={mode === 'level'}
              onChange={() => setMode('level')}
            />
            <Form.Check
              id="teams-xp"
              type="radio"
              name="teams-mode"
              label="Split evenly by current total experience"
              checked={mode === 'xp'}
              onChange={() => setMode('xp')}
            />
            <FieldError id="teams-split-error" message={fields.split} />
          </fieldset>
          {mode === 'hand' && (
            <>
              <fieldset className="mb-3" aria-describedby={fields.teams ? 'teams-error' : undefined}>
                <legend className="form-label fs-6 mb-1">Team names</legend>
                {names.map((name, i) => (
                  <Form.Control
                    key={i}
                    className="mb-1"
                    size="sm"
                    aria-label={`Name of team ${i + 1}`}
                    value={name}
                    maxLength={COMPETITION_TEAM_NAME_MAX}
                    isInvalid={Boolean(fields.teams) && !name.trim()}
                    onChange={(e) => setNames((current) => current.map((n, j) => (j === i ? e.target.value : n)))}
                  />
                ))}
                <FieldError id="teams-error" message={fields.teams} />
              </fieldset>
              {participants.length === 0 ? (
                <p className="small text-body-secondary">No participant yet: members who join can be put in teams later.</p>
              ) : (
                <fieldset>
                  <legend className="form-label fs-6 mb-1">Participants</legend>
                  {participants.map((p) => (
                    <Form.Group key={p.userID} controlId={`team-of-${p.userID}`} className="d-flex align-items-center gap-2 mb-1">
                      <Form.Label className="mb-0 me-auto">{p.playerName ?? p.username}</Form.Label>
                      <Form.Select
                        size="sm"
                        className="w-auto"
                        value={assigned[p.userID] ?? 0}
                        onChange={(e) => setAssigned((current) => ({ ...current, [p.userID]: Number(e.target.value) }))}
                      >
                        {names.map((name, i) => (
                          <option key={i} value={i}>
                            {name.trim() || `Team ${i + 1}`}
                          </option>
                        ))}
                      </Form.Select>
                    </Form.Group>
                  ))}
                </fieldset>
              )}
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
