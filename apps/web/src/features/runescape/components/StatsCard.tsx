import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

interface StatsCardProps {
  /** The heading's id, for the table inside to name itself by. */
  headingId: string;
  title: string;
  /** Shown in place of the table when there is nothing to list. */
  empty?: string;
  footer?: ReactNode;
  /** The table; when absent, `empty` is shown. */
  children?: ReactNode;
}

/** A card below the Skills card: a heading, then its table (or what there is when there is none). */
export function StatsCard({ headingId, title, empty, footer, children }: StatsCardProps) {
  return (
    <Card className="mt-3">
      <Card.Header>
        <h2 id={headingId} className="h5 mb-0">
          {title}
        </h2>
      </Card.Header>
      {children ?? <Card.Body className="text-body-secondary">{empty}</Card.Body>}
      {footer && <Card.Footer className="small text-body-secondary">{footer}</Card.Footer>}
    </Card>
  );
}
