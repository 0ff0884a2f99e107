import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { SEASON_NAME_MAX, startSeasonBody, type SeasonDto } from '@smm/shared/civilization/ladder-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { FieldError } from '../../../lib/ui/FieldError';
import { TextField } from '../../../lib/ui/TextField';
import { useToast } from '../../../lib/ui/toasts';
import { useStartSeason, type StartSeasonInput } from '../api/start-season';

interface Props {
  groupID: string;
  /** The season that ends when the next one starts; null when the group has none yet. */
  current: SeasonDto | null;
}

const FIRST_FORM = { name: '', minGames: '1' };

/** The shared schema's messages by field, so the form answers before asking and exactly as the server would. */
function fieldErrorsOf(input: StartSeasonInput): Record<string, string> {
  const parsed = startSeasonBody.safeParse(input);
  if (parsed.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'name');
    fields[field] ??= issue.message;
  }
  return fields;
}

/** Administrators: name the next season and its table's minimum games, confirm that the current one ends now, start it. */
export function StartSeasonForm({ groupID, current }: Props) {
  const [form, setForm] = useState(FIRST_FORM);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<StartSeasonInput | null>(null);
  const start = useStartSeason(groupID);
  const toast = useToast();

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const input: StartSeasonInput = {
      groupID,
      name: form.name.trim(),
      minGames: form.minGames === '' ? Number.NaN : Number(form.minGames),
    };
    const errors = fieldErrorsOf(input);
    setFields(errors);
    if (Object.keys(errors).length === 0) setConfirming(input);
  }

  function confirm(input: StartSeasonInput) {
    start.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Success!', body: `Season ${input.name} has started.`, variant: 'success' });
        setForm(FIRST_FORM);
        setConfirming(null);
      },
      onError: (error) => {
        const body = errorBodyOf(error);
        setFields(body.fields ?? {});
        setFailure(body.fields?.name || body.fields?.minGames ? null : body.message);
        setConfirming(null);
      },
    });
  }

  return (
    <>
      <Form onSubmit={submit} noValidate aria-labelledby="start-season-title" aria-busy={start.isPending}>
        <h4 id="start-season-title" className="h6 civ-subheading">
          Start a new season
        </h4>
        {failure && (
          <Alert variant="danger" role="alert">
            {failure}
          </Alert>
        )}
        <TextField
          id="start-season-name"
          label="Season name"
          value={form.name}
          onChange={(name) => setForm({ ...form, name })}
          maxLength={SEASON_NAME_MAX}
          error={fields.name}
        />
        <Form.Group controlId="start-season-min-games" className="mb-3">
          <Form.Label>Minimum games to appear in the season's table</Form.Label>
          <Form.Control
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            value={form.minGames}
            onChange={(e) => setForm({ ...form, minGames: e.target.value })}
            isInvalid={Boolean(fields.minGames)}
            aria-describedby={`start-season-min-games-help${fields.minGames ? ' start-season-min-games-error' : ''}`}
          />
          <Form.Text id="start-season-min-games-help">
            Members with fewer finished games this season are left out of its rankings.
          </Form.Text>
          <FieldError id="start-season-min-games-error" message={fields.minGames} />
        </Form.Group>
        <Button type="submit" disabled={start.isPending}>
          Start season
        </Button>
      </Form>
      {confirming && (
        <ConfirmDialog
          title="Start a new season?"
          question={
            current
              ? `${current.name} ends now and ${confirming.name} starts: games finished from now on count in ${confirming.name}, with ratings starting afresh.`
              : `${confirming.name} starts now: games finished from now on count in it, with ratings starting afresh.`
          }
          working={start.isPending}
          workingLabel="Starting…"
          confirmLabel="Start season"
          cancelDisabled={start.isPending}
          closeButton={!start.isPending}
          onConfirm={() => confirm(confirming)}
          onHide={() => setConfirming(null)}
        >
          <p className="mb-0 small text-body-secondary">The all-time rankings and earlier seasons stay as they are.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
