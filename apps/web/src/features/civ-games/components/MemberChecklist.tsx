import Form from 'react-bootstrap/Form';
import { DRAFT_LIMITS } from '@smm/shared/civilization/draft';
import { FieldError } from '../../../lib/ui/FieldError';
import type { NewGameMember } from '../new-game';

interface Props {
  members: readonly NewGameMember[];
  selected: readonly string[];
  onToggle: (userID: string) => void;
  error?: string;
}

/** Spec 5: the group's members as checkboxes; once 12 are chosen the others are disabled. */
export function MemberChecklist({ members, selected, onToggle, error }: Props) {
  const full = selected.length >= DRAFT_LIMITS.maxPlayers;
  return (
    <fieldset className="mb-3" aria-describedby={error ? 'new-game-members-error' : 'new-game-members-hint'}>
      <legend className="form-label fs-6 mb-1">
        Members{' '}
        <span className="text-body-secondary">
          ({selected.length}/{DRAFT_LIMITS.maxPlayers})
        </span>
      </legend>
      <div id="new-game-members-hint" className="form-text mt-0 mb-2">
        {full ? `A game has at most ${DRAFT_LIMITS.maxPlayers} members.` : 'Choose who plays.'}
      </div>
      {members.length === 0 ? (
        <p className="text-body-secondary">This group has no members to choose.</p>
      ) : (
        <div className="civ-new-game-members">
          {members.map((member) => {
            const checked = selected.includes(member.userID);
            return (
              <Form.Check
                key={member.userID}
                id={`new-game-member-${member.userID}`}
                type="checkbox"
                label={member.username}
                checked={checked}
                disabled={!checked && full}
                onChange={() => onToggle(member.userID)}
              />
            );
          })}
        </div>
      )}
      <FieldError id="new-game-members-error" message={error} />
    </fieldset>
  );
}
