import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { DraftDto } from '@smm/shared/civilization/draft-schemas';
import { GAME_NAME_MAX, type GameDto } from '@smm/shared/civilization/games-schemas';
import { ApiError, errorBodyOf } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/failure-message';
import { TextField } from '../../../lib/ui/TextField';
import { useToast } from '../../../lib/ui/toasts';
import { useCreateGame, type CreateGameInput } from '../../civ-games/api/create-game';
import { civGamePath } from '../../civ-games/game-links';
import { draftQueryKey } from '../api/get-draft';

interface Props {
  groupID: string;
  draft: DraftDto;
  viewerID: string;
  /** What the New Game form was given, when the draft was started from it in this tab. */
  prefill: { gameName?: string; host?: string | null };
}

/**
 * Makes the game from the complete draft: the server takes players, teams, leaders, bans, map and settings
 * from the draft it holds (by draftID), so only the name and host go with it.
 */
export function AddDraftedGame({ groupID, draft, viewerID, prefill }: Props) {
  const create = useCreateGame(groupID);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  // The name typed in this tab's New Game form, else the one kept with the draft when it was started.
  const [gameName, setGameName] = useState(prefill.gameName || draft.gameName || '');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [keepEarlier, setKeepEarlier] = useState<string | null>(null);
  const ids = draft.players.map((player) => player.userID);
  // The host chosen in this tab's New Game form, else the one kept with the draft, else the viewer.
  const host = [prefill.host, draft.host, viewerID].find((id): id is string => Boolean(id && ids.includes(id))) ?? ids[0];

  function send(body: CreateGameInput) {
    setFields({});
    setMessage(null);
    setKeepEarlier(null);
    create.mutate(body, {
      onSuccess: (game: GameDto) => {
        void queryClient.invalidateQueries({ queryKey: draftQueryKey(groupID, draft.draftID) });
        toast({ title: 'Success!', body: `Successfully added ${game.gameName}`, variant: 'success' });
        navigate(civGamePath(groupID, game._id));
      },
      onError: (error) => {
        const answer = errorBodyOf(error);
        // The event's earlier game has results, comments or notes: the server keeps it and asks first.
        if (error instanceof ApiError && error.status === 409 && answer.fields?.keepEarlier !== undefined && !body.keepEarlier) {
          setKeepEarlier(answer.message);
          return;
        }
        setFields(answer.fields ?? {});
        setMessage(failureMessage(error, `Unexpected error while adding the game: ${answer.message}`));
      },
    });
  }

  /** The createGame body: the draft by its id, with the players and teams as it dealt them and no hands. */
  const bodyFor = (keep: boolean): CreateGameInput => ({
    groupID,
    draftID: draft.draftID,
    gameName: gameName.trim(),
    ...(host ? { host } : {}),
    members: draft.players.map((player) => ({ userID: player.userID, team: player.team })),
    gameType: draft.gameType,
    anonymousMode: draft.anonymousMode,
    draftMode: true,
    lobbyLink: '',
    ...(keep ? { keepEarlier: true } : {}),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (gameName.trim() === '' || create.isPending) return;
    send(bodyFor(false));
  }

  return (
    <Form onSubmit={submit} noValidate aria-labelledby="add-drafted-game-title" className="civ-draft-add border rounded p-3 mt-3">
      <h3 id="add-drafted-game-title" className="h5">
        Add the game
      </h3>
      <p className="small text-body-secondary">The game is made from this draft: its players, teams, leaders, bans, map and settings.</p>
      <fieldset disabled={create.isPending}>
        <legend className="visually-hidden">Game</legend>
        <TextField
          id="drafted-game-name"
          label="Game Name"
          value={gameName}
          onChange={setGameName}
          maxLength={GAME_NAME_MAX}
          error={fields.gameName}
        />
      </fieldset>
      <Button type="submit" disabled={gameName.trim() === '' || create.isPending}>
        {create.isPending && <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-1" />}
        {create.isPending ? 'Adding…' : 'Add game'}
      </Button>
      {message && (
        <Alert variant="danger" role="alert" className="py-2 px-3 mt-2 mb-0 small">
          {message}
        </Alert>
      )}
      {keepEarlier && (
        <Alert variant="warning" role="alert" className="mt-2 mb-0">
          <p className="mb-2">{keepEarlier}</p>
          <p className="mb-2">You can add this game beside the earlier one; both stay, each with its own results.</p>
          <Button size="sm" disabled={create.isPending} onClick={() => send(bodyFor(true))}>
            Add beside the earlier game
          </Button>
        </Alert>
      )}
    </Form>
  );
}
