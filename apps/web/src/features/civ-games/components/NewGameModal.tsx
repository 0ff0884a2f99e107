import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import { FAILURE_TO_RETRIEVE_CIVS_MESSAGE, findCivCatalogue } from '@smm/shared/civilization/catalogue';
import { DRAFT_LIMITS } from '@smm/shared/civilization/draft';
import { DRAFT_NOT_FOUND_MESSAGE, type DraftDto } from '@smm/shared/civilization/draft-schemas';
import { GAME_NAME_MAX, type GameDto, type GameType } from '@smm/shared/civilization/games-schemas';
import { ApiError, errorBodyOf } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import {
  clearUnsavedDraft,
  readUnsavedDraft,
  useBackClosesDialog,
  useBeforeUnloadPrompt,
  writeUnsavedDraft,
} from '../../../lib/unsaved-drafts';
import { FieldError } from '../../../lib/ui/FieldError';
import { TextField } from '../../../lib/ui/TextField';
import { useToast } from '../../../lib/ui/toasts';
import { useDraftPresets } from '../../civ-draft/api/get-draft-presets';
import { civDraftPath } from '../../civ-draft/draft-links';
import { useCreateGame, type CreateGameInput } from '../api/create-game';
import { useDraftGame } from '../api/draft-game';
import { civGamePath } from '../game-links';
import { newGameDraftKey } from '../new-game-draft-key';
import {
  captainsNeedTeamGame,
  changesDraft,
  CREATE_GAME_ERROR,
  REPLACES_DRAFT_TEXT,
  createGameBodyFrom,
  draftErrorText,
  draftGameBodyFrom,
  effectiveOptions,
  hostOf,
  initialForm,
  isLiveDraft,
  leavesPreset,
  presetConfigFrom,
  selectedMembers,
  toggleMember,
  type NewGameForm,
  type NewGameMember,
} from '../new-game';
import { DraftModeFields } from './DraftModeFields';
import { DraftResultView } from './DraftResultView';
import { MemberChecklist } from './MemberChecklist';
import { MoreOptionsFields } from './MoreOptionsFields';
import { SavePresetField } from './SavePresetField';

interface Props {
  groupID: string;
  /** The group's game ('Civilization 6'): where the leaders, maps and settings come from. */
  groupGameName: string;
  members: readonly NewGameMember[];
  viewerID: string;
  /** Drafting from an event: its name and attendees to start with. */
  prefill?: { gameName?: string; memberIDs?: readonly string[] };
  /** Drafting from an event: the server marks it drafted (a redraft may replace its earlier game). */
  eventID?: string;
  /** The event already has a drafted game, which this one replaces unless its recording has started. */
  replacesDraft?: boolean;
  /** Administrators may save the form's draft options as a group preset. */
  canEditDraftPresets?: boolean;
  onHide: () => void;
}

const CIV_COUNT_CHOICES = Array.from({ length: DRAFT_LIMITS.numCivMax - DRAFT_LIMITS.numCivMin + 1 }, (_, i) => DRAFT_LIMITS.numCivMin + i);
const FREE_BAN_CHOICES = Array.from(
  { length: DRAFT_LIMITS.freeBansMax - DRAFT_LIMITS.freeBansMin + 1 },
  (_, i) => DRAFT_LIMITS.freeBansMin + i,
);

/** Server field errors that have no input of their own are listed under the draft with these names. */
const DRAFT_FIELD_LABELS: Record<string, string> = {
  players: 'Players',
  civChoices: 'Civ choices',
  bannedLeaders: 'Banned leaders',
  map: 'Map',
  team: 'Teams',
  numCiv: 'Civs per Player',
  freeBans: 'Free Bans',
  settings: 'Settings',
  eventID: 'Event',
  gameType: 'Game Type',
  teamCount: 'Teams',
  teamSplit: 'Teams',
  bansRemovePicks: 'Bans Remove Picks',
  anonymousMode: 'Anonymous Mode',
  draftID: 'Draft',
  mode: 'Draft format',
  stepSeconds: 'Seconds per step',
  captainSelection: 'Captains',
  captainIDs: 'Captains',
  captainOrder: 'Turn order',
  bansPerTeam: 'Bans per team',
  picksPerTeam: 'Picks per team',
  majorityBansPerPlayer: 'Bans per player',
  presetID: 'Preset',
};
// keepEarlier is not an error to list: it is the redraft refusal, shown with its own button.
const FIELDS_WITH_INPUTS = new Set([
  'gameName',
  'host',
  'members',
  'keepEarlier',
  'mode',
  'stepSeconds',
  'bansPerTeam',
  'picksPerTeam',
  'majorityBansPerPlayer',
  'captainIDs',
]);

/** A redraft the server refused because the earlier game's recording has started: its message and the body sent. */
interface RedraftRefusal {
  message: string;
  body: CreateGameInput;
}

/** A half-width choice of a small count (civs per player, free bans). */
function CountField(props: { id: string; label: string; value: number; choices: readonly number[]; onChange: (value: number) => void }) {
  return (
    <Col xs={6}>
      <Form.Group controlId={props.id}>
        <Form.Label>{props.label}</Form.Label>
        <Form.Select value={props.value} onChange={(e) => props.onChange(Number(e.target.value))}>
          {props.choices.map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </Col>
  );
}

/**
 * The New-game form (spec 4 and 5): members, host, type and options, a draft to preview and share, and Add Game.
 * A half-filled form survives a reload (restored with a Discard button), and browser Back asks before discarding it.
 */
export function NewGameModal({
  groupID,
  groupGameName,
  members,
  viewerID,
  prefill,
  eventID,
  replacesDraft = false,
  canEditDraftPresets = false,
  onHide,
}: Props) {
  const deal = useDraftGame();
  const presets = useDraftPresets(groupID);
  const create = useCreateGame(groupID);
  const navigate = useNavigate();
  const toast = useToast();
  const storageKey = newGameDraftKey(viewerID, groupID, eventID);
  const [pristine] = useState<NewGameForm>(() => initialForm(prefill));
  const [restoredForm] = useState(() => readUnsavedDraft<Partial<NewGameForm>>(storageKey));
  const [form, setForm] = useState<NewGameForm>(() => (restoredForm ? { ...pristine, ...restoredForm } : pristine));
  const [restored, setRestored] = useState(restoredForm !== null);
  const dirty = JSON.stringify(form) !== JSON.stringify(pristine);
  useEffect(() => {
    if (dirty) writeUnsavedDraft(storageKey, form);
    else clearUnsavedDraft(storageKey);
  }, [dirty, form, storageKey]);
  useBeforeUnloadPrompt(dirty);
  const history = useBackClosesDialog('new-game', dirty, () => {
    clearUnsavedDraft(storageKey);
    onHide();
  });
  const [result, setResult] = useState<DraftDto | null>(null);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [serverFields, setFields] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<RedraftRefusal | null>(null);
  const refusalAlert = useRef<HTMLDivElement>(null);
  const draftErrorAlert = useRef<HTMLDivElement>(null);
  // A refusal lands at the end of the body while the buttons sit in the footer: bring it into view on a phone.
  useEffect(() => {
    if (refusal) refusalAlert.current?.scrollIntoView?.({ block: 'nearest' });
  }, [refusal]);
  useEffect(() => {
    if (draftError) draftErrorAlert.current?.scrollIntoView?.({ block: 'nearest' });
  }, [draftError]);

  const players = selectedMembers(members, form);
  const host = hostOf(form, players, viewerID);
  const { draftMode } = effectiveOptions(form);
  // Blind picks, captains and majority bans are started here and played on the draft's own page.
  const live = isLiveDraft(form);
  // Captains pick for their teams, with no hand per player to size or ban from, and in the open.
  const captains = draftMode && form.mode === 'captains';
  const drafting = deal.isPending;
  const busy = drafting || create.isPending;
  const canSubmit = form.gameName.trim() !== '' && !busy && !captainsNeedTeamGame(form);
  // A draft refusal's message shows once, in the form's error place, not again under a field.
  const fields = draftError
    ? Object.fromEntries(Object.entries(serverFields).filter(([, message]) => message !== draftError))
    : serverFields;
  const otherFieldErrors = Object.entries(fields).filter(([field]) => !FIELDS_WITH_INPUTS.has(field));

  function change(patch: Partial<NewGameForm>) {
    // An option changed by hand is no longer the preset's: the draft then goes by the options shown.
    const next = leavesPreset(patch) ? { ...patch, presetID: null } : patch;
    setForm((current) => ({ ...current, ...next }));
    // The offer to add beside the earlier game was for the game as it was sent.
    setRefusal(null);
    // A draft made for other players or options no longer describes this game.
    if (changesDraft(next)) {
      setResult(null);
      setDraftError(null);
    }
  }

  /**
   * Draft and Redraft: the server deals from the stored bans, preferences and packs. Its refusals
   * (naming players by username) show as it words them; anything unexpected reads 'Unexpected error
   * while drafting: ...' (spec 8).
   */
  async function runDraft({ preview = true } = {}): Promise<DraftDto | null> {
    setDraftError(null);
    setFields({});
    setRefusal(null);
    if (!findCivCatalogue(groupGameName)?.leaders.length) {
      setResult(null);
      setDraftError(FAILURE_TO_RETRIEVE_CIVS_MESSAGE);
      return null;
    }
    try {
      const drafted = await deal.mutateAsync(draftGameBodyFrom({ groupID, form, players, eventID, host }));
      if (preview) setResult(drafted);
      return drafted;
    } catch (error) {
      setResult(null);
      setDraftError(draftErrorText(error));
      setFields(errorBodyOf(error).fields ?? {});
      return null;
    }
  }

  /** A live draft: the server opens it and everyone plays it on its page, where the game is made once it is complete. */
  async function startLiveDraft() {
    const drafted = await runDraft({ preview: false });
    if (!drafted) return;
    history.leave();
    navigate(civDraftPath(groupID, drafted.draftID), { state: { gameName: form.gameName.trim(), host } });
  }

  async function addGame(e: FormEvent) {
    e.preventDefault();
    if (!canSubmit || players.length === 0) return;
    if (live) {
      await startLiveDraft();
      return;
    }
    // Add Game before any draft drafts first, so a game in Draft Mode always has its choices.
    const drafted = draftMode ? (result ?? (await runDraft())) : null;
    if (draftMode && !drafted) return;
    send(createGameBodyFrom({ groupID, form, players, host, draft: drafted, eventID }));
  }

  function send(body: CreateGameInput) {
    setFields({});
    setRefusal(null);
    create.mutate(body, {
      onSuccess: (game: GameDto) => {
        toast({ title: 'Success!', body: `Successfully added ${game.gameName}`, variant: 'success' });
        history.leave();
        navigate(civGamePath(groupID, game._id));
      },
      onError: (error) => {
        const answer = errorBodyOf(error);
        // The earlier game of the event has results, comments or notes: the server keeps it and asks first.
        if (error instanceof ApiError && error.status === 409 && answer.fields?.keepEarlier !== undefined && !body.keepEarlier) {
          setRefusal({ message: answer.message, body });
          return;
        }
        setFields(answer.fields ?? {});
        // The draft lapsed or already made a game: drop it, so Draft deals a fresh one.
        if (body.draftID && error instanceof ApiError && error.status === 404 && answer.message === DRAFT_NOT_FOUND_MESSAGE)
          setResult(null);
        toast({ title: 'Error!', body: `${CREATE_GAME_ERROR} ${answer.message}`, variant: 'danger' });
      },
    });
  }

  function discardRestored() {
    setRestored(false);
    setForm(pristine);
    setResult(null);
    setDraftError(null);
    setFields({});
    setRefusal(null);
  }

  return (
    <>
      <ConfirmDialog
        show={history.confirming}
        title="Discard the new game?"
        question="The New Game form has changes that are not saved. Leave it and discard them?"
        working={false}
        workingLabel="Discarding…"
        confirmLabel="Discard"
        closeButton={false}
        onConfirm={history.discard}
        onHide={history.keep}
      />
      <Modal
        show
        onHide={history.close}
        backdrop="static"
        keyboard={false}
        size="lg"
        fullscreen="sm-down"
        scrollable
        aria-labelledby="new-game-title"
        className="civ-new-game"
      >
        <Form onSubmit={(e) => void addGame(e)} noValidate aria-busy={busy} className="civ-new-game-form">
          <Modal.Header>
            <Modal.Title id="new-game-title">New Game</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {restored && (
              <Alert variant="info" className="py-2 d-flex flex-wrap align-items-center gap-2" role="status">
                <span className="me-auto">Restored your unsaved new game.</span>
                <Button size="sm" variant="outline-secondary" onClick={discardRestored} disabled={busy}>
                  Discard
                </Button>
              </Alert>
            )}
            {replacesDraft && (
              <Alert variant="info" className="py-2">
                {REPLACES_DRAFT_TEXT}
              </Alert>
            )}
            <fieldset disabled={busy}>
              <legend className="visually-hidden">Game</legend>
              <TextField
                id="new-game-name"
                label="Game Name"
                value={form.gameName}
                onChange={(gameName) => change({ gameName })}
                maxLength={GAME_NAME_MAX}
                error={fields.gameName}
              />
              <MemberChecklist
                members={members}
                selected={form.memberIDs}
                onToggle={(userID) => change({ memberIDs: toggleMember(form.memberIDs, userID) })}
                error={fields.members ?? fields.players}
              />
              <Row className="g-3 mb-3">
                <Col xs={12} sm={6}>
                  <Form.Group controlId="new-game-host">
                    <Form.Label>Host</Form.Label>
                    <Form.Select
                      value={host ?? ''}
                      disabled={players.length === 0}
                      isInvalid={Boolean(fields.host)}
                      aria-describedby={fields.host ? 'new-game-host-error' : undefined}
                      onChange={(e) => change({ host: e.target.value })}
                    >
                      {players.length === 0 && <option value="">Choose members first</option>}
                      {players.map((player) => (
                        <option key={player.userID} value={player.userID}>
                          {player.username}
                        </option>
                      ))}
                    </Form.Select>
                    <FieldError id="new-game-host-error" message={fields.host} />
                  </Form.Group>
                </Col>
                <Col xs={12} sm={6}>
                  <Form.Group controlId="new-game-type">
                    <Form.Label>Game Type</Form.Label>
                    <Form.Select value={form.gameType} onChange={(e) => change({ gameType: e.target.value as GameType })}>
                      <option value="team">Team</option>
                      <option value="ffa">FFA</option>
                    </Form.Select>
                  </Form.Group>
                </Col>
                {!captains && (
                  <>
                    <CountField
                      id="new-game-num-civ"
                      label="Civs per Player"
                      value={form.numCiv}
                      choices={CIV_COUNT_CHOICES}
                      onChange={(numCiv) => change({ numCiv })}
                    />
                    <CountField
                      id="new-game-free-bans"
                      label="Free Bans"
                      value={form.freeBans}
                      choices={FREE_BAN_CHOICES}
                      onChange={(freeBans) => change({ freeBans })}
                    />
                  </>
                )}
              </Row>
              {draftMode && (
                <DraftModeFields form={form} players={players} onChange={change} presets={presets.data ?? []} fields={fields}>
                  {canEditDraftPresets && <SavePresetField groupID={groupID} config={presetConfigFrom(form, players)} />}
                </DraftModeFields>
              )}
              <Form.Check
                id="new-game-anonymous"
                type="checkbox"
                className="mb-2"
                label="Anonymous Mode"
                checked={form.anonymousMode && !captains}
                disabled={captains}
                aria-describedby="new-game-anonymous-hint"
                onChange={(e) => change({ anonymousMode: e.target.checked })}
              />
              <Form.Text id="new-game-anonymous-hint" className="d-block mb-3 mt-0">
                {captains
                  ? 'A captains draft is played in the open: both captains see every pick.'
                  : 'Players see only their own and their teammates’ choices until the game is finished.'}
              </Form.Text>
              <Form.Check
                id="new-game-more-options"
                type="checkbox"
                className="mb-2"
                label="More options"
                checked={form.moreOptions}
                aria-expanded={form.moreOptions}
                aria-controls="new-game-more-options-fields"
                onChange={(e) => change({ moreOptions: e.target.checked })}
              />
              <div id="new-game-more-options-fields">
                {form.moreOptions && <MoreOptionsFields form={form} players={players} onChange={change} teamError={fields.team} />}
              </div>
            </fieldset>

            {refusal && (
              <Alert ref={refusalAlert} variant="warning" role="alert" className="mb-3">
                <p className="mb-2">{refusal.message}</p>
                <p className="mb-2">You can add this game beside the earlier one; both stay, each with its own results.</p>
                <Button
                  variant="primary"
                  size="sm"
                  disabled={create.isPending}
                  onClick={() => send({ ...refusal.body, keepEarlier: true })}
                >
                  Add beside the earlier game
                </Button>
              </Alert>
            )}
            {draftError && (
              <Alert ref={draftErrorAlert} variant="danger" role="alert" className="mb-3">
                {draftError}
              </Alert>
            )}
            {otherFieldErrors.length > 0 && (
              <Alert variant="danger" className="mb-3">
                <ul className="mb-0 ps-3">
                  {otherFieldErrors.map(([field, message]) => (
                    <li key={field}>
                      {DRAFT_FIELD_LABELS[field] ?? field}: {message}
                    </li>
                  ))}
                </ul>
              </Alert>
            )}
            {/* Announces the draft briefly; the result itself is read at the reader's own pace. */}
            <div role="status" className="visually-hidden">
              {drafting
                ? 'Drafting…'
                : result && draftMode && !live
                  ? `Drafted ${result.players.length} players on ${result.map?.name ?? 'no map'}`
                  : ''}
            </div>
            {result && draftMode && !live && <DraftResultView draft={result} />}
          </Modal.Body>
          <Modal.Footer className="flex-wrap">
            <Button variant="secondary" className="me-auto" onClick={history.close} disabled={create.isPending}>
              Cancel
            </Button>
            {players.length > 0 && live && (
              <Button type="submit" disabled={!canSubmit}>
                {drafting && <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-1" />}
                {drafting ? 'Starting…' : 'Start draft'}
              </Button>
            )}
            {players.length > 0 && !live && (
              <>
                {draftMode && (
                  <Button variant="outline-primary" disabled={!canSubmit} onClick={() => void runDraft()}>
                    {drafting && <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-1" />}
                    {drafting ? 'Drafting…' : result ? 'Redraft' : 'Draft'}
                  </Button>
                )}
                <Button type="submit" disabled={!canSubmit}>
                  {create.isPending && <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-1" />}
                  {create.isPending ? 'Adding…' : 'Add Game'}
                </Button>
              </>
            )}
          </Modal.Footer>
        </Form>
      </Modal>
    </>
  );
}
