import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import type { CompetitionDetail } from '@smm/shared/runescape/competition-schemas';
import { TeamOptions, TeamsDialog } from '../../contests/TeamsDialog';
import { handTeams } from '../../contests/teams';
import { useSetCompetitionTeams } from '../api/competitions';
import { TEAM_SPLIT_LABELS } from '../competition-view';

interface Props {
  groupID: string;
  detail: CompetitionDetail;
  onHide: () => void;
}

/** Before the start, Administrators put the participants in teams by hand or split them evenly by level or experience. */
export function TeamsModal({ groupID, detail, onHide }: Props) {
  const { competition, participants } = detail;
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
  const save = useSetCompetitionTeams(groupID);

  return (
    <TeamsDialog
      idPrefix="teams"
      titleID="teams-form-title"
      title={`Teams of ${competition.name}`}
      currentNames={detail.teams.map((t) => t.name)}
      splitLabels={TEAM_SPLIT_LABELS}
      saving={save.isPending}
      onSave={(choice, handlers) =>
        save.mutate(
          {
            competitionID: competition.competitionID,
            ...('split' in choice ? choice : { teams: handTeams(choice.names, assigned) }),
            expectedUpdatedAt: competition.updatedAt,
          },
          handlers,
        )
      }
      onHide={onHide}
    >
      {(names) =>
        participants.length === 0 ? (
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
                  <TeamOptions names={names} />
                </Form.Select>
              </Form.Group>
            ))}
          </fieldset>
        )
      }
    </TeamsDialog>
  );
}
