import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { FILTER_TYPES, GAME_FILTER_FIELDS } from '@smm/shared/civilization/games-schemas';
import { FormDialogFooter } from '../../../lib/ui/FormDialogFooter';
import { TextField } from '../../../lib/ui/TextField';
import { FILTER_FIELD_LABELS, FILTER_TYPE_LABELS, type GameFilterField, type GameFilterType, type GamesFilter } from '../games-filter';

/** The server refuses longer values. */
const FILTER_VALUE_MAX = 100;

interface Props {
  filter: GamesFilter | null;
  onApply: (filter: GamesFilter) => void;
  onHide: () => void;
}

/** The Filter dialog: a column, Is or Includes, and a value; applied to all three games tables. */
export function FilterGamesModal({ filter, onApply, onHide }: Props) {
  const [field, setField] = useState<GameFilterField>(filter?.field ?? 'gameName');
  const [type, setType] = useState<GameFilterType>(filter?.type ?? 'includes');
  const [value, setValue] = useState(filter?.value ?? '');
  const [error, setError] = useState<string | undefined>();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!value.trim()) return setError('Value is required');
    onApply({ field, type, value: value.trim() });
  }

  return (
    <Modal show onHide={onHide} backdrop="static" keyboard={false} aria-labelledby="filter-games-title">
      <Form onSubmit={submit} noValidate>
        <Modal.Header>
          <Modal.Title id="filter-games-title">Filter Games</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3" controlId="filter-games-field">
            <Form.Label>Column</Form.Label>
            <Form.Select value={field} onChange={(e) => setField(e.target.value as GameFilterField)}>
              {GAME_FILTER_FIELDS.map((option) => (
                <option key={option} value={option}>
                  {FILTER_FIELD_LABELS[option]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group className="mb-3" controlId="filter-games-type">
            <Form.Label>Type</Form.Label>
            <Form.Select value={type} onChange={(e) => setType(e.target.value as GameFilterType)}>
              {FILTER_TYPES.map((option) => (
                <option key={option} value={option}>
                  {FILTER_TYPE_LABELS[option]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <TextField id="filter-games-value" label="Value" value={value} onChange={setValue} maxLength={FILTER_VALUE_MAX} error={error} />
        </Modal.Body>
        <FormDialogFooter onCancel={onHide} working={false} label="Apply" workingLabel="Applying…" />
      </Form>
    </Modal>
  );
}
