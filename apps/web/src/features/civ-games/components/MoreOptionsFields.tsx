import Form from 'react-bootstrap/Form';
import { FieldError } from '../../../lib/ui/FieldError';
import {
  effectiveOptions,
  manualTeamOf,
  TEAM_CHOICES,
  teamCountChoices,
  teamCountFor,
  type NewGameForm,
  type NewGameMember,
} from '../new-game';

interface Props {
  form: NewGameForm;
  players: readonly NewGameMember[];
  onChange: (patch: Partial<NewGameForm>) => void;
  teamError?: string;
}

/**
 * What 'More options' reveals (spec 4): for a team game random, balanced or chosen teams, then draft
 * mode and bans remove picks. Random and balanced exclude each other; with neither, each player's team is chosen.
 */
export function MoreOptionsFields({ form, players, onChange, teamError }: Props) {
  const teamCounts = teamCountChoices(players.length);
  const teamCount = teamCountFor(form.teamCount, players.length);
  const { teamSplit } = effectiveOptions(form);
  return (
    <div className="civ-new-game-more border rounded p-3 mb-3">
      {form.gameType === 'team' && (
        <>
          {players.length < 2 ? (
            <p className="text-body-secondary mb-3">Choose at least 2 members to set up teams.</p>
          ) : (
            <>
              <Form.Check
                id="new-game-random-teams"
                type="checkbox"
                label="Random Teams"
                className="mb-2"
                checked={teamSplit === 'random'}
                onChange={(e) => onChange({ teamSplit: e.target.checked ? 'random' : 'manual' })}
              />
              <Form.Check
                id="new-game-balanced-teams"
                type="checkbox"
                label="Balanced Teams"
                checked={teamSplit === 'balanced'}
                disabled={!form.draftMode}
                aria-describedby="new-game-balanced-teams-hint"
                onChange={(e) => onChange({ teamSplit: e.target.checked ? 'balanced' : 'manual' })}
              />
              <Form.Text id="new-game-balanced-teams-hint" className="d-block mb-2 mt-0">
                {form.draftMode
                  ? 'Players are split by their rating so the teams are about even.'
                  : 'Balanced teams need Draft Mode: they are split when the game is drafted.'}
              </Form.Text>
              {teamSplit !== 'manual' ? (
                <Form.Group controlId="new-game-team-count" className="civ-new-game-team-count mb-3">
                  <Form.Label>Teams</Form.Label>
                  <Form.Select
                    value={teamCount}
                    aria-describedby="new-game-team-count-hint"
                    onChange={(e) => onChange({ teamCount: Number(e.target.value) })}
                  >
                    {teamCounts.map((count) => (
                      <option key={count} value={count}>
                        {count}
                      </option>
                    ))}
                  </Form.Select>
                  <Form.Text id="new-game-team-count-hint">
                    {teamSplit === 'balanced'
                      ? 'Players are split into this many teams.'
                      : 'Players are dealt round-robin into this many teams.'}
                  </Form.Text>
                </Form.Group>
              ) : (
                <fieldset className="mb-3">
                  <legend className="form-label fs-6">Team of each player</legend>
                  <div className="civ-new-game-teams">
                    {players.map((player) => (
                      <Form.Group key={player.userID} controlId={`new-game-team-${player.userID}`} className="civ-new-game-team">
                        <Form.Label className="mb-0">{player.username}</Form.Label>
                        <Form.Select
                          size="sm"
                          aria-label={`Team for ${player.username}`}
                          value={manualTeamOf(form, players, player.userID)}
                          onChange={(e) => onChange({ teams: { ...form.teams, [player.userID]: Number(e.target.value) } })}
                        >
                          {TEAM_CHOICES.map((team) => (
                            <option key={team} value={team}>
                              Team {team}
                            </option>
                          ))}
                        </Form.Select>
                      </Form.Group>
                    ))}
                  </div>
                </fieldset>
              )}
            </>
          )}
          <FieldError id="new-game-team-error" message={teamError} />
        </>
      )}
      <Form.Check
        id="new-game-draft-mode"
        type="checkbox"
        label="Draft Mode"
        checked={form.draftMode}
        aria-describedby="new-game-draft-mode-hint"
        onChange={(e) => onChange({ draftMode: e.target.checked })}
      />
      <Form.Text id="new-game-draft-mode-hint" className="d-block mb-2 mt-0">
        {form.draftMode ? 'Each player is dealt leaders to choose from.' : 'The game is added without civ choices.'}
      </Form.Text>
      <Form.Check
        id="new-game-bans-remove-picks"
        type="checkbox"
        label="Bans Remove Picks"
        checked={form.bansRemovePicks}
        aria-describedby="new-game-bans-remove-picks-hint"
        onChange={(e) => onChange({ bansRemovePicks: e.target.checked })}
      />
      <Form.Text id="new-game-bans-remove-picks-hint" className="d-block mt-0">
        A player’s choices shrink by each ban they made beyond the free bans.
      </Form.Text>
    </div>
  );
}
