import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { ClanContestStatus } from '@smm/shared/runescape/clan-contest-schemas';
import { CONTEST_STATUS_LABELS } from './contest-view';

const STATUS_BADGES = { upcoming: 'info', ongoing: 'success', finished: 'secondary' } as const;

interface Props {
  titleID: string;
  name: string;
  status: ClanContestStatus;
  mayManage: boolean;
  /** The contest's own buttons (Join, Teams, Moderators…), before Edit and Delete. */
  children?: ReactNode;
  onEdit: () => void;
  onDelete: () => void;
}

/** A competition's or bingo's name and status, with Edit (until it ends) and Delete for the Administrators. */
export function ContestHeading({ titleID, name, status, mayManage, children, onEdit, onDelete }: Props) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-2 mt-1">
      <h2 id={titleID} className="h4 mb-0 me-auto text-break">
        {name}
      </h2>
      <Badge bg={STATUS_BADGES[status]} text={status === 'upcoming' ? 'dark' : undefined}>
        {CONTEST_STATUS_LABELS[status]}
      </Badge>
      {children}
      {mayManage && status !== 'finished' && (
        <Button size="sm" variant="outline-primary" onClick={onEdit}>
          Edit
        </Button>
      )}
      {mayManage && (
        <Button size="sm" variant="danger" onClick={onDelete}>
          Delete
        </Button>
      )}
    </div>
  );
}
