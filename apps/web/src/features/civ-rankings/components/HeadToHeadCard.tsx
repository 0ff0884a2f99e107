import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { GameType } from '@smm/shared/civilization/games-schemas';
import type { HeadToHeadDto, MemberStatisticsDto } from '@smm/shared/civilization/ladder-schemas';
import { Loading } from '../../../lib/ui/Loading';
import { useHeadToHead } from '../api/get-head-to-head';
import { plural } from '../ladder-format';

/** "Alice and Bob played 7 games together: Alice placed higher 4 times, Bob 2, tied 1." */
export function headToHeadSentence(result: HeadToHeadDto): string {
  const { first, second } = result;
  if (result.gamesTogether === 0) return `${first.username} and ${second.username} have not played a counted game together.`;
  return (
    `${first.username} and ${second.username} played ${plural(result.gamesTogether, 'game')} together: ` +
    `${first.username} placed higher ${plural(result.firstAhead, 'time')}, ${second.username} ${result.secondAhead}, tied ${result.tied}.`
  );
}

interface Props {
  groupID: string;
  gameType: GameType;
  season: string | undefined;
  /** The members with counted games, by name. */
  members: readonly MemberStatisticsDto[];
  /** The viewer, chosen first when they have counted games. */
  userID: string;
}

/** Two members chosen side by side: how many counted games they played together and who placed higher. */
export function HeadToHeadCard({ groupID, gameType, season, members, userID }: Props) {
  const [first, setFirst] = useState(() => (members.some((m) => m.userID === userID) ? userID : ''));
  const [second, setSecond] = useState('');
  // A member who left the list (another season or game type) no longer counts as chosen.
  const inList = (id: string) => (members.some((m) => m.userID === id) ? id : '');
  const a = inList(first);
  const b = inList(second);
  const ready = a !== '' && b !== '' && a !== b;
  const result = useHeadToHead({ groupID, gameType, season, first: a, second: b }, ready);

  let outcome;
  if (!a || !b) outcome = <p className="text-body-secondary mb-0">Choose two members to compare them.</p>;
  else if (a === b) outcome = <p className="text-body-secondary mb-0">Choose two different members.</p>;
  else if (result.isPending) outcome = <Loading label="Comparing…" />;
  else if (result.isError)
    outcome = (
      <Alert variant="danger" className="mb-0">
        {result.error.message}
      </Alert>
    );
  else outcome = <p className="mb-0 fw-semibold">{headToHeadSentence(result.data)}</p>;

  const select = (id: string, label: string, value: string, onChange: (value: string) => void) => (
    <Form.Group as={Col} xs={12} sm={6} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose a member</option>
        {members.map((m) => (
          <option key={m.userID} value={m.userID}>
            {m.username}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );

  return (
    <Card as="section" aria-labelledby="head-to-head-title" className="mb-4">
      <Card.Header>
        <h2 id="head-to-head-title" className="h5 mb-0">
          Head to Head
        </h2>
      </Card.Header>
      <Card.Body>
        <Row className="g-3 mb-3">
          {select('head-to-head-first', 'First member', a, setFirst)}
          {select('head-to-head-second', 'Second member', b, setSecond)}
        </Row>
        <div aria-live="polite" data-testid="head-to-head-result">
          {outcome}
        </div>
      </Card.Body>
    </Card>
  );
}
