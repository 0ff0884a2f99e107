import { useMemo, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { NO_DEFAULT_SETTINGS_MESSAGE } from '@smm/shared/civilization/catalogue';
import { SETTING_TYPES, type SettingDefinition, type SettingType } from '@smm/shared/civilization/catalogue-types';
import { SAVED_GROUP_SETTING_MESSAGE } from '@smm/shared/civilization/schemas';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { MAX_LEADER_BANS_MAX, MAX_LEADER_BANS_MIN } from '@smm/shared/groups/settings';
import { ApiError, errorBodyOf } from '../../../lib/api-client';
import { EditConflict } from '../../../lib/ui/EditConflict';
import { FieldError } from '../../../lib/ui/FieldError';
import { FormDialogFooter } from '../../../lib/ui/FormDialogFooter';
import { useToast } from '../../../lib/ui/toasts';
import { fullGroupQueryOptions } from '../../groups/api/get-full-group';
import { useUpdateGroupGameSettings } from '../api/update-group-game-settings';
import { formFromGroup, timeZoneChoices, updateGroupBodyFrom, type EntryForm } from '../game-settings-form';
import { SETTING_TYPE_HEADINGS } from '../setting-types';

interface Props {
  group: FullGroupDto;
  definitions: readonly SettingDefinition[];
  onHide: () => void;
}

const BAN_LIMITS = Array.from({ length: MAX_LEADER_BANS_MAX - MAX_LEADER_BANS_MIN + 1 }, (_, i) => MAX_LEADER_BANS_MIN + i);
const slug = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '-');

/**
 * The 'Edit Game Settings' dialog: time zone, Max Leader Bans, duplicate civilizations and, per
 * setting, members choose or locked to a value. `group` is the live group; the form is saved against
 * the version it opened (`base`): a save over another Administrator's change is refused and offers
 * Reload, and such a change arriving while editing is said beside Save, the choices made staying
 * until Reload is chosen.
 */
export function EditGameSettingsModal({ group, definitions, onHide }: Props) {
  const [base, setBase] = useState(group);
  const [form, setForm] = useState(() => formFromGroup(group, definitions));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const zones = useMemo(() => timeZoneChoices(base.timeZone), [base.timeZone]);
  const queryClient = useQueryClient();
  const save = useUpdateGroupGameSettings(group._id);
  const toast = useToast();
  // Only a newer version, and not while this dialog's own save is on its way: its change comes back live too.
  const changedMeanwhile = group.gameSettingsUpdatedAt > base.gameSettingsUpdatedAt && !save.isPending && !save.isSuccess;

  /** Reads the group again and refills the form with its settings as they are now. */
  async function reload() {
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({ ...fullGroupQueryOptions(group._id), staleTime: 0 });
      setBase(fresh);
      setForm(formFromGroup(fresh, definitions));
      setConflict(null);
      setFailure(null);
      setFields({});
    } catch (error) {
      setFailure(errorBodyOf(error).message);
    } finally {
      setReloading(false);
    }
  }

  function changeEntry(type: SettingType, title: string, change: Partial<EntryForm>) {
    setForm((current) => ({
      ...current,
      entries: {
        ...current.entries,
        [type]: current.entries[type].map((entry) => (entry.title === title ? { ...entry, ...change } : entry)),
      },
    }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFields({});
    setFailure(null);
    setConflict(null);
    save.mutate(
      { ...updateGroupBodyFrom(base, form), expectedUpdatedAt: base.gameSettingsUpdatedAt },
      {
        onSuccess: () => {
          toast({ title: 'Success!', body: SAVED_GROUP_SETTING_MESSAGE, variant: 'success' });
          onHide();
        },
        onError: (error) => {
          const body = errorBodyOf(error);
          if (error instanceof ApiError && error.status === 409 && !body.fields) {
            setConflict(body.message);
            return;
          }
          setFields(body.fields ?? {});
          // Messages with no field of their own (and entry errors, sent under 'settings') show at the top.
          const placed = body.fields?.timeZone || body.fields?.maxNumberOfLeaderBans || body.fields?.allowDuplicateCivs;
          setFailure(body.fields?.settings ?? (placed ? null : body.message));
        },
      },
    );
  }

  const types = SETTING_TYPES.filter((type) => form.entries[type].length > 0);
  // The server drops the bans past the new limit, so the Administrator hears it before saving.
  const lowersBanLimit = form.maxNumberOfLeaderBans < base.settings.maxNumberOfLeaderBans;
  return (
    <Modal
      show
      onHide={onHide}
      backdrop="static"
      keyboard={false}
      size="lg"
      fullscreen="sm-down"
      scrollable
      aria-labelledby="edit-game-settings-title"
    >
      <Form onSubmit={submit} noValidate aria-busy={save.isPending} className="d-flex flex-column overflow-hidden">
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="edit-game-settings-title">Edit Game Settings</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && (
            <Alert variant="danger" role="alert">
              {failure}
            </Alert>
          )}
          <Row className="g-3 mb-3">
            <Col md={8}>
              <Form.Group controlId="game-settings-time-zone">
                <Form.Label>Time Zone</Form.Label>
                <Form.Select
                  value={form.timeZone}
                  onChange={(e) => setForm({ ...form, timeZone: e.target.value })}
                  isInvalid={Boolean(fields.timeZone)}
                  aria-invalid={Boolean(fields.timeZone)}
                  aria-describedby={`game-settings-time-zone-help${fields.timeZone ? ' game-settings-time-zone-error' : ''}`}
                >
                  {zones.map((zone) => (
                    <option key={zone} value={zone}>
                      {zone}
                    </option>
                  ))}
                </Form.Select>
                <Form.Text id="game-settings-time-zone-help">The weekly availability of the members is shown in this time zone.</Form.Text>
                <FieldError id="game-settings-time-zone-error" message={fields.timeZone} />
              </Form.Group>
            </Col>
            <Col md={4}>
              <Form.Group controlId="game-settings-max-bans">
                <Form.Label>Max Leader Bans</Form.Label>
                <Form.Select
                  value={form.maxNumberOfLeaderBans}
                  onChange={(e) => setForm({ ...form, maxNumberOfLeaderBans: Number(e.target.value) })}
                  isInvalid={Boolean(fields.maxNumberOfLeaderBans)}
                  aria-invalid={Boolean(fields.maxNumberOfLeaderBans)}
                  aria-describedby={[
                    'game-settings-max-bans-help',
                    fields.maxNumberOfLeaderBans && 'game-settings-max-bans-error',
                    lowersBanLimit && 'game-settings-max-bans-warning',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                >
                  {BAN_LIMITS.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </Form.Select>
                <Form.Text id="game-settings-max-bans-help">How many leaders each member may ban.</Form.Text>
                <FieldError id="game-settings-max-bans-error" message={fields.maxNumberOfLeaderBans} />
              </Form.Group>
            </Col>
          </Row>
          {lowersBanLimit && (
            <Alert variant="warning" role="status" id="game-settings-max-bans-warning">
              Lowering the limit from {base.settings.maxNumberOfLeaderBans} to {form.maxNumberOfLeaderBans} removes each member's latest
              bans beyond {form.maxNumberOfLeaderBans} when you save. They will be told on their next visit to Preferences.
            </Alert>
          )}
          <Form.Group controlId="game-settings-allow-duplicates" className="mb-3">
            <Form.Check
              type="switch"
              role="switch"
              label="Allow duplicate civilizations"
              checked={form.allowDuplicateCivs}
              onChange={(e) => setForm({ ...form, allowDuplicateCivs: e.target.checked })}
              isInvalid={Boolean(fields.allowDuplicateCivs)}
              aria-describedby={`game-settings-allow-duplicates-help${fields.allowDuplicateCivs ? ' game-settings-allow-duplicates-error' : ''}`}
            />
            <Form.Text id="game-settings-allow-duplicates-help">
              Let a draft deal one civilization, or two personas of one leader, to two players.
            </Form.Text>
            <FieldError id="game-settings-allow-duplicates-error" message={fields.allowDuplicateCivs} />
          </Form.Group>
          {types.length === 0 && (
            <Alert variant="warning" className="mb-0">
              {NO_DEFAULT_SETTINGS_MESSAGE}
            </Alert>
          )}
          {types.map((type) => (
            <fieldset key={type} className="civ-settings-edit-type">
              <legend className="h6 civ-subheading">{SETTING_TYPE_HEADINGS[type]}</legend>
              {form.entries[type].map((entry) => {
                const id = `edit-${type}-${slug(entry.title)}`;
                return (
                  <div key={entry.title} role="group" aria-labelledby={`${id}-title`} className="civ-settings-edit-row">
                    <span id={`${id}-title`} className="civ-settings-edit-title">
                      {entry.title}
                    </span>
                    <Form.Check
                      type="switch"
                      id={`${id}-enabled`}
                      label="Members choose"
                      checked={entry.isEnabled}
                      onChange={(e) => changeEntry(type, entry.title, { isEnabled: e.target.checked })}
                    />
                    <Form.Group controlId={`${id}-locked`} className="civ-settings-edit-value">
                      <Form.Label visuallyHidden>Locked value</Form.Label>
                      <Form.Select
                        size="sm"
                        value={String(entry.lockedValue)}
                        disabled={entry.isEnabled}
                        onChange={(e) =>
                          changeEntry(type, entry.title, {
                            lockedValue: entry.options.find((option) => String(option) === e.target.value) ?? e.target.value,
                          })
                        }
                      >
                        {entry.options.map((option) => (
                          <option key={String(option)} value={String(option)}>
                            {option}
                          </option>
                        ))}
                      </Form.Select>
                    </Form.Group>
                  </div>
                );
              })}
            </fieldset>
          ))}
        </Modal.Body>
        <FormDialogFooter
          onCancel={onHide}
          working={save.isPending}
          label="Save"
          workingLabel="Saving…"
          cancelDisabled={save.isPending}
          beside={
            <EditConflict conflict={conflict} changedMeanwhile={changedMeanwhile} reloading={reloading} onReload={() => void reload()} />
          }
        />
      </Form>
    </Modal>
  );
}
