import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { GroupCardDto } from '@smm/shared/components/schemas';

/** A card body as its lines: authors write paragraphs with line breaks. */
export const bodyLines = (body: string): string[] => body.split(/\r?\n/);

/** The Welcome cards in cardOrder: 1, 2, 4 or 6 columns as the screen widens. */
export function WelcomeCards({ cards }: { cards: readonly GroupCardDto[] }) {
  if (cards.length === 0) return <p className="text-body-secondary">This group has no cards yet.</p>;
  const ordered = [...cards].sort((a, b) => a.cardOrder - b.cardOrder);
  return (
    <Row xs={1} md={2} lg={4} xxl={6} className="g-3 list-unstyled" as="ul" role="list" aria-label="Welcome cards">
      {ordered.map((card) => (
        <Col key={card._id} as="li">
          <Card className="h-100 welcome-card">
            <Card.Body>
              <Card.Title as="h3" className="h5">
                {card.title}
              </Card.Title>
              {bodyLines(card.body).map((line, index) => (
                // Lines have no identity of their own; their position is their key.
                <p key={index} className="mb-1 welcome-card-line">
                  {line}
                </p>
              ))}
            </Card.Body>
            {card.footer && <Card.Footer className="text-body-secondary small">{card.footer}</Card.Footer>}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
