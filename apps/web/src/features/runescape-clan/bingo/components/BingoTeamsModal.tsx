import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import type { BingoDetail } from '@smm/shared/runescape/bingo-schemas';
import { TeamOptions, TeamsDialog } from '../../contests/TeamsDialog';
import { useSetBingoTeams } from '../api/bingos';

interface Props {
  groupID: string;
  detail: BingoDetail;
  /** The clan's members, who may be put in teams. */
  members: readonly { userID: string; username: string }[];
  onHide: () => void;
}

const SPLIT_LABELS = {
  level: 'Split members with a linked account evenly by total level',
  xp: 'Split members with a linked account evenly by total experience',
};
const NO_TEAM = -1;

/** Before the start, Administrators put members in teams by hand or split the linked members evenly by level or XP. */
export function BingoTeamsModal({ groupID, detail, members, onHide }: Props) {
  const { bingo, teams } = detail;
  const [assigned, setAssigned] = useState<Record<string, number>>(() =>
    Object.fromEntries(members.map((m) => [m.userID, teams.findIndex((t) => t.members.some((tm) => tm.userID === m.userID))])),
  );
  const save = useSetBingoTeams(groupID);

  return (
    <TeamsDialog
      idPrefix="bingo-teams"
      titleID="bingo-teams-title"
      title={`Teams of ${bingo.name}`}
      note={<p className="small text-body-secondary">Teams are fixed once the bingo starts.</p>}
      currentNames={teams.map((t) => t.name)}
      splitLabels={SPLIT_LABELS}
      saving={save.isPending}
      onSave={(choice, handlers) =>
        save.mutate(
          {
            bingoID: bingo.bingoID,
            ...('split' in choice
              ? choice
              : {
                  teams: choice.names.map((name, i) => ({
                    name: name.trim(),
                    userIDs: members.filter((m) => assigned[m.userID] === i).map((m) => m.userID),
                  })),
                }),
            expectedUpdatedAt: bingo.updatedAt,
          },
          handlers,
        )
      }
      onHide={onHide}
    >
      {(names) => (
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
                <TeamOptions names={names} />
              </Form.Select>
            </Form.Group>
          ))}
        </fieldset>
      )}
    </TeamsDialog>
  );
}
