import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import type { GroupCardDto } from '@smm/shared/components/schemas';
import { moveCard } from './card-order';

interface Props {
  cards: readonly GroupCardDto[];
  onChange: (cards: readonly GroupCardDto[]) => void;
}

/**
 * The cards as a list to drag into a new order, by mouse, touch or keyboard (focus a card,
 * Space to lift, arrows to move, Space to drop). Only the local order changes here.
 */
export function CardOrderList({ cards, onChange }: Props) {
  function onDragEnd(result: DropResult) {
    const next = moveCard(cards, result.source.index, result.destination?.index);
    if (next !== cards) onChange(next);
  }
  return (
    <DragDropContext onDragEnd={onDragEnd}>
      <Droppable droppableId="card-order">
        {(drop) => (
          <div ref={drop.innerRef} {...drop.droppableProps} className="list-group card-order-list">
            {cards.map((card, index) => (
              <Draggable key={card._id} draggableId={card._id} index={index}>
                {(drag, snapshot) => (
                  <div
                    ref={drag.innerRef}
                    {...drag.draggableProps}
                    {...drag.dragHandleProps}
                    className={`list-group-item d-flex align-items-center gap-2 card-order-item${snapshot.isDragging ? ' is-dragging' : ''}`}
                    data-testid="card-order-item"
                  >
                    <span className="card-order-grip" aria-hidden="true">
                      ⠿
                    </span>
                    <span className="badge text-bg-secondary" aria-hidden="true">
                      {index + 1}
                    </span>
                    <span className="text-truncate">{card.title}</span>
                  </div>
                )}
              </Draggable>
            ))}
            {drop.placeholder}
          </div>
        )}
      </Droppable>
    </DragDropContext>
  );
}
