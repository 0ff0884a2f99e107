import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { GroupCardDto } from '@smm/shared/components/schemas';
import { CardOrderList } from './CardOrderList';
import { useCardOrderEditor } from './use-card-order-editor';

interface Props {
  groupID: string;
  cards: readonly GroupCardDto[];
  onDone: () => void;
}

const HINT =
  'Drag the cards into the order they should appear, or focus one and use Space and the arrow keys. Nothing changes until you save.';

/** Civilization groups: the reorder list in place of the cards table, with Save and Cancel. */
export function InlineCardOrderEditor({ groupID, cards, onDone }: Props) {
  const editor = useCardOrderEditor(groupID, cards, onDone);
  return (
    <section aria-labelledby="card-order-title">
      <h4 id="card-order-title" className="h6">
        Edit Order
      </h4>
      <p className="small text-body-secondary">{HINT}</p>
      <CardOrderList cards={editor.order} onChange={editor.setOrder} />
      <div className="d-flex gap-2 justify-content-end mt-3">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={editor.submit} disabled={editor.saving}>
          {editor.saving ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </section>
  );
}

/** Clans: the Edit Card Order dialog. */
export function CardOrderModal({ groupID, cards, onDone }: Props) {
  const editor = useCardOrderEditor(groupID, cards, onDone);
  return (
    <Modal show onHide={onDone} backdrop="static" keyboard={false} aria-labelledby="card-order-modal-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="card-order-modal-title">Edit Card Order</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">{HINT}</p>
        <CardOrderList cards={editor.order} onChange={editor.setOrder} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={editor.submit} disabled={editor.saving}>
          {editor.saving ? 'Saving…' : 'Save'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
