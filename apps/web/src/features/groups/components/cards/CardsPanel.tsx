import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import type { GroupCardDto } from '@smm/shared/components/schemas';
import { Loading } from '../../../../lib/ui/Loading';
import { useGroupCards } from '../../api/get-group-cards';
import { CardFormModal } from './CardFormModal';
import { CardOrderModal, InlineCardOrderEditor } from './CardOrderEditors';
import { DeleteCardModal } from './DeleteCardModal';

interface Props {
  groupID: string;
  /** Civilization groups reorder in place ('Edit Order'); clans in the 'Edit Card Order' dialog. */
  orderMode: 'inline' | 'dialog';
}

/** The Cards panel of Group Settings: a table of titles, Add, and the reorder editor. */
export function CardsPanel({ groupID, orderMode }: Props) {
  const cards = useGroupCards(groupID);
  const [editing, setEditing] = useState<GroupCardDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<GroupCardDto | null>(null);
  const [ordering, setOrdering] = useState(false);
  const list = cards.data ?? [];

  return (
    <Card className="h-100">
      <Card.Header className="d-flex align-items-center gap-2 flex-wrap">
        <h3 className="h5 mb-0 me-auto">Cards</h3>
        <Button size="sm" onClick={() => setEditing('new')} disabled={ordering}>
          Add
        </Button>
        <Button size="sm" variant="outline-primary" onClick={() => setOrdering(true)} disabled={ordering || list.length < 2}>
          {orderMode === 'inline' ? 'Edit Order' : 'Edit Card Order'}
        </Button>
      </Card.Header>
      <Card.Body>
        {cards.isPending ? (
          <Loading label="Loading cards…" />
        ) : cards.isError ? (
          <Alert variant="danger">{cards.error.message}</Alert>
        ) : ordering && orderMode === 'inline' ? (
          <InlineCardOrderEditor groupID={groupID} cards={list} onDone={() => setOrdering(false)} />
        ) : (
          <Table hover size="sm" className="mb-0">
            <thead>
              <tr>
                <th scope="col">Title</th>
              </tr>
            </thead>
            <tbody>
              {list.map((card) => (
                <tr key={card._id}>
                  <td>
                    <Button
                      variant="link"
                      className="p-0 text-start text-break"
                      onClick={() => setEditing(card)}
                      aria-label={`Edit card ${card.title}`}
                    >
                      {card.title}
                    </Button>
                  </td>
                </tr>
              ))}
              {list.length === 0 && (
                <tr>
                  <td className="text-body-secondary">No cards yet.</td>
                </tr>
              )}
            </tbody>
          </Table>
        )}
      </Card.Body>
      {ordering && orderMode === 'dialog' && <CardOrderModal groupID={groupID} cards={list} onDone={() => setOrdering(false)} />}
      <CardFormModal
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing._id}
        groupID={groupID}
        card={editing === 'new' ? null : editing}
        show={editing !== null}
        onHide={() => setEditing(null)}
        onDelete={(card) => {
          setEditing(null);
          setDeleting(card);
        }}
      />
      <DeleteCardModal groupID={groupID} card={deleting} onHide={() => setDeleting(null)} />
    </Card>
  );
}
