import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { SETTING_TYPES, type SettingType } from '@smm/shared/civilization/catalogue-types';
import { draftAsText, type DraftedLeader, type DraftResult } from '@smm/shared/civilization/draft';
import { useToast } from '../../../lib/ui/toasts';
import { civChoiceLabel } from '@smm/shared/civilization/labels';

const SETTING_TYPE_HEADINGS: Record<SettingType, string> = {
  gameSettings: 'Game Settings',
  gameModes: 'Game Modes',
  victoryTypes: 'Victory Types',
  tradingAndDiplomacy: 'Trading and Diplomacy',
};

const leaderText = (leader: DraftedLeader) => civChoiceLabel(leader);

interface Props {
  result: DraftResult;
  gameName: string;
  gameType: 'ffa' | 'team';
  /**
   * Anonymous Mode: the viewer sees only their own and their teammates' choices (spec 6), and the
   * draft is not copied for everyone to read.
   */
  anonymousFor: string | null;
}

/** A draft: the map, each player's team and civ choices, the banned leaders and the settings, with Copy for Discord. */
export function DraftResultView({ result, gameName, gameType, anonymousFor }: Props) {
  const toast = useToast();
  const section = useRef<HTMLElement>(null);
  // A new draft lands below the options: bring it into view (a phone shows only a screen of the form).
  useEffect(() => {
    section.current?.scrollIntoView?.({ block: 'nearest' });
  }, [result]);
  const viewerTeam = result.players.find((player) => player.userID === anonymousFor)?.team ?? null;
  const visible = (player: DraftResult['players'][number]) =>
    anonymousFor === null || player.userID === anonymousFor || (gameType === 'team' && viewerTeam !== null && player.team === viewerTeam);

  async function copy() {
    try {
      // Missing outside secure contexts, and refused without the page's permission: both are an Error.
      await navigator.clipboard.writeText(draftAsText(result, gameName));
      toast({ title: 'Copied!', body: 'The draft is on your clipboard, ready to paste into Discord.', variant: 'success' });
    } catch {
      toast({ title: 'Error', body: 'The draft could not be copied to the clipboard.', variant: 'danger' });
    }
  }

  const settingTypes = SETTING_TYPES.filter((type) => result.settings[type].length > 0);
  return (
    <section ref={section} className="civ-draft-result border rounded p-3" aria-labelledby="draft-result-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h3 id="draft-result-title" className="h5 mb-0 me-auto">
          Draft
        </h3>
        {anonymousFor === null ? (
          <Button variant="outline-primary" size="sm" onClick={() => void copy()}>
            Copy for Discord
          </Button>
        ) : (
          <span className="small text-body-secondary">Anonymous Mode: each player sees their own choices on the game page.</span>
        )}
      </div>
      <p className="mb-2">
        <span className="fw-semibold">Map:</span> <span data-testid="draft-map">{result.map?.name ?? 'None'}</span>
      </p>
      <Table size="sm" className="civ-draft-players align-middle mb-3">
        <caption className="visually-hidden">Players and their civ choices</caption>
        <thead>
          <tr>
            <th scope="col">Player</th>
            {gameType === 'team' && <th scope="col">Team</th>}
            <th scope="col">Civ choices</th>
          </tr>
        </thead>
        <tbody>
          {result.players.map((player) => (
            <tr key={player.userID}>
              <th scope="row" className="fw-normal">
                {player.username}
              </th>
              {gameType === 'team' && <td className="text-nowrap">{player.team === null ? '—' : `Team ${player.team}`}</td>}
              <td>
                {visible(player) ? (
                  <ul className="civ-draft-choices list-unstyled mb-0">
                    {player.civChoices.map((choice) => (
                      <li key={choice.civID}>{leaderText(choice)}</li>
                    ))}
                  </ul>
                ) : (
                  <span className="text-body-secondary">Hidden (Anonymous Mode)</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <h4 className="h6">Banned leaders</h4>
      <p className={result.bannedLeaders.length === 0 ? 'text-body-secondary mb-2' : 'mb-2'}>
        {result.bannedLeaders.length === 0 ? 'None' : result.bannedLeaders.map(leaderText).join(', ')}
      </p>
      {settingTypes.length > 0 && (
        <details className="civ-draft-settings-details">
          <summary className="fw-semibold">Settings</summary>
          <div className="civ-draft-settings mt-2">
            {settingTypes.map((type) => (
              <div key={type}>
                <h4 className="h6">{SETTING_TYPE_HEADINGS[type]}</h4>
                <dl className="civ-draft-settings-list">
                  {result.settings[type].map((setting) => (
                    <div key={setting.title} className="civ-draft-settings-row">
                      <dt>{setting.title}</dt>
                      <dd>{setting.value}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            ))}
          </div>
        </details>
      )}
    </section>
  );
}
