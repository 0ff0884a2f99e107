import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import type { CompetitionGame } from '@smm/shared/runescape/competition-metrics';
import {
  COMPETITION_KINDS,
  COMPETITION_PARTICIPATIONS,
  type CompetitionDetail,
  type CompetitionSummary,
} from '@smm/shared/runescape/competition-schemas';
import { ApiError, errorBodyOf } from '../../../../lib/api-client';
import { EditConflict } from '../../../../lib/ui/EditConflict';
import { failureMessage } from '../../../../lib/failure-message';
import { FieldError } from '../../../../lib/ui/FieldError';
import { useErrorToast } from '../../../../lib/ui/use-error-toast';
import { useEvents } from '../../../events/api/get-events';
import { formatWithZone } from '../../../events/event-time';
import { competitionQueryOptions, useCreateCompetition, useSetCompetitionTeams, useUpdateCompetition } from '../api/competitions';
import { KIND_LABELS, missingFields, PARTICIPATION_LABELS, TEAM_SPLIT_LABELS, type CompetitionForm } from '../competition-view';
import { ContestFormDialog } from '../../contests/ContestFormDialog';
import { TeamCountSelect, TeamModeRadios } from '../../contests/TeamChoiceFields';
import { MetricPicker } from './MetricPicker';

interface Props {
  groupID: string;
  game: CompetitionGame;
  timeZone: string;
  /** The competition to edit; null creates one. */
  competition: CompetitionSummary | null;
  onSaved: (saved: CompetitionDetail) => void;
  onHide: () => void;
}

const initialForm = (c: CompetitionSummary | null): CompetitionForm => ({
  name: c?.name ?? '',
  startsAt: c ? Date.parse(c.startsAt) : null,
  endsAt: c ? Date.parse(c.endsAt) : null,
  metrics: c?.metrics ?? [],
  kind: c?.kind ?? 'classic',
  participation: c?.participation ?? 'everyone',
  eventID: c?.eventID ?? '',
  teams: 'hand',
  teamCount: 2,
});

/**
 * Create competition / Edit competition (Administrators). Once a competition has started only its
 * name and end time may change, so the other fields are shown but locked.
 */
export function CompetitionFormModal({ groupID, game, timeZone, competition: opened, onSaved, onHide }: Props) {
  // The version being edited: the one opened, or the one a Reload after a refused save brought.
  const [competition, setCompetition] = useState(opened);
  const [form, setForm] = useState(() => initialForm(opened));
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const create = useCreateCompetition(groupID);
  const update = useUpdateCompetition(groupID);
  const setTeams = useSetCompetitionTeams(groupID);
  const showError = useErrorToast();
  const events = useEvents(groupID);
  const pending = create.isPending || update.isPending || setTeams.isPending;
  const started = competition !== null && competition.status !== 'upcoming';
  const change = (patch: Partial<CompetitionForm>) => setForm((current) => ({ ...current, ...patch }));

  function submit(e: FormEvent) {
    e.preventDefault();
    setAlert(null);
    setConflict(null);
    const missing = missingFields(form);
    setFields(missing);
    if (Object.keys(missing).length > 0 || form.startsAt === null || form.endsAt === null) return;
    const onError = (error: unknown) => {
      if (error instanceof ApiError && error.status === 409) return setConflict(error.message);
      const { fields: serverFields = {} } = errorBodyOf(error);
      setFields(serverFields);
      if (Object.keys(serverFields).length === 0) setAlert(failureMessage(error));
    };
    const times = { startsAt: new Date(form.startsAt).toISOString(), endsAt: new Date(form.endsAt).toISOString() };
    const details = {
      metrics: form.metrics,
      kind: form.kind,
      participation: form.participation,
      eventID: form.participation === 'event' ? form.eventID : null,
    };
    if (competition) {
      const body = started
        ? { competitionID: competition.competitionID, name: form.name, endsAt: times.endsAt, expectedUpdatedAt: competition.updatedAt }
        : { competitionID: competition.competitionID, name: form.name, ...times, ...details, expectedUpdatedAt: competition.updatedAt };
      update.mutate(body, { onSuccess: onSaved, onError });
      return;
    }
    create.mutate(
      { name: form.name, ...times, ...details },
      {
        onError,
        onSuccess: (created) => {
          if (form.kind !== 'teams' || form.teams === 'hand') return onSaved(created);
          // The even split is of the participants known now; the competition's page can split again before the start.
          setTeams.mutate(
            { competitionID: created.competition.competitionID, split: { teams: form.teamCount, by: form.teams } },
            {
              onSuccess: onSaved,
              onError: (error) => {
                showError(error, 'The competition was created, but its teams could not be split. Split them on its page.');
                onSaved(created);
              },
            },
          );
        },
      },
    );
  }

  /** Takes the competition as it is now; what was typed gives way to it, as the Reload button says. */
  async function reload() {
    if (!competition) return;
    setReloading(true);
    try {
      await queryClient.invalidateQueries({ queryKey: competitionQueryOptions(groupID, competition.competitionID).queryKey });
      const latest = await queryClient.fetchQuery(competitionQueryOptions(groupID, competition.competitionID));
      setCompetition(latest.competition);
      setForm(initialForm(latest.competition));
      setFields({});
      setConflict(null);
    } catch (error) {
      setAlert(failureMessage(error));
    } finally {
      setReloading(false);
    }
  }

  const eventOptions = events.data ?? [];
  return (
    <ContestFormDialog
      noun="competition"
      editing={competition !== null}
      form={form}
      startedAt={started ? competition!.startsAt : null}
      timeZone={timeZone}
      fields={fields}
      alert={alert}
      pending={pending}
      change={change}
      onSubmit={submit}
      onHide={onHide}
      beside={<EditConflict conflict={conflict} changedMeanwhile={false} reloading={reloading} onReload={() => void reload()} />}
    >
      {started ? null : (
        <>
          <MetricPicker
            id="competition-metrics"
            game={game}
            value={form.metrics}
            onChange={(metrics) => change({ metrics })}
            error={fields.metrics}
          />
          <fieldset className="mb-3" aria-describedby={fields.participation ? 'competition-participation-error' : undefined}>
            <legend className="form-label fs-6 mb-1">Who takes part</legend>
            {COMPETITION_PARTICIPATIONS.map((p) => (
              <Form.Check
                key={p}
                id={`competition-participation-${p}`}
                type="radio"
                name="competition-participation"
                label={PARTICIPATION_LABELS[p]}
                checked={form.participation === p}
                onChange={() => change({ participation: p })}
              />
            ))}
            <FieldError id="competition-participation-error" message={fields.participation} />
          </fieldset>
          {form.participation === 'event' && (
            <Form.Group controlId="competition-event" className="mb-3">
              <Form.Label>Event</Form.Label>
              <Form.Select
                value={form.eventID}
                onChange={(e) => change({ eventID: e.target.value })}
                isInvalid={Boolean(fields.eventID)}
                aria-describedby={fields.eventID ? 'competition-event-error' : undefined}
              >
                <option value="">{events.isPending ? 'Loading events…' : 'Pick an event'}</option>
                {eventOptions.map((ev) => (
                  <option key={ev._id} value={ev._id}>
                    {ev.eventName} ({formatWithZone(ev.startDate, timeZone)})
                  </option>
                ))}
              </Form.Select>
              <FieldError id="competition-event-error" message={fields.eventID} />
            </Form.Group>
          )}
          <fieldset className="mb-3" aria-describedby={fields.kind ? 'competition-kind-error' : undefined}>
            <legend className="form-label fs-6 mb-1">Kind</legend>
            {COMPETITION_KINDS.map((k) => (
              <Form.Check
                key={k}
                inline
                id={`competition-kind-${k}`}
                type="radio"
                name="competition-kind"
                label={KIND_LABELS[k]}
                checked={form.kind === k}
                onChange={() => change({ kind: k })}
              />
            ))}
            <FieldError id="competition-kind-error" message={fields.kind} />
          </fieldset>
          {form.kind === 'teams' && !competition && (
            <fieldset className="mb-3">
              <legend className="form-label fs-6 mb-1">Teams</legend>
              <TeamModeRadios
                idPrefix="competition-teams"
                name="competition-teams"
                labels={{ hand: "By hand, on the competition's page", ...TEAM_SPLIT_LABELS }}
                value={form.teams}
                onChange={(teams) => change({ teams })}
              />
              {form.teams !== 'hand' && (
                <TeamCountSelect
                  id="competition-team-count"
                  className="mt-2"
                  value={form.teamCount}
                  onChange={(teamCount) => change({ teamCount })}
                />
              )}
            </fieldset>
          )}
        </>
      )}
    </ContestFormDialog>
  );
}
