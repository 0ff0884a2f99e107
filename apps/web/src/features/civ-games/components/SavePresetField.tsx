import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { DRAFT_PRESETS_MAX, type DraftPresetConfig } from '@smm/shared/civilization/draft-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/failure-message';
import { FieldError } from '../../../lib/ui/FieldError';
import { useSaveDraftPreset } from '../../civ-draft/api/save-draft-preset';

const NAME_MAX = 40;

interface Props {
  groupID: string;
  /** The options shown in the form, as the preset would keep them. */
  config: DraftPresetConfig;
}

/**
 * Administrators keep the form's draft options under a name for the group ('Save as preset'); a name
 * already used is replaced. It is a part of the New Game form, so it sends with its button, not on Enter.
 */
export function SavePresetField({ groupID, config }: Props) {
  const save = useSaveDraftPreset(groupID);
  const [name, setName] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const error = save.error ? (errorBodyOf(save.error).fields?.name ?? failureMessage(save.error)) : undefined;

  function send() {
    setSaved(null);
    save.mutate({ groupID, name: name.trim(), config }, { onSuccess: (preset) => setSaved(preset.name) });
  }

  return (
    <div className="civ-new-game-save-preset border-top pt-3 mt-3">
      <Form.Group controlId="new-game-preset-name" className="mb-2">
        <Form.Label>Preset name</Form.Label>
        <div className="d-flex flex-wrap gap-2">
          <Form.Control
            className="civ-new-game-preset-name"
            value={name}
            maxLength={NAME_MAX}
            isInvalid={Boolean(error)}
            aria-describedby={`new-game-preset-name-hint${error ? ' new-game-preset-name-error' : ''}`}
            onChange={(e) => {
              setName(e.target.value);
              setSaved(null);
            }}
            onKeyDown={(e) => {
              // Enter would send the whole New Game form.
              if (e.key === 'Enter') {
                e.preventDefault();
                if (name.trim() && !save.isPending) send();
              }
            }}
          />
          <Button variant="outline-secondary" disabled={!name.trim() || save.isPending} onClick={send}>
            {save.isPending ? 'Saving…' : 'Save as preset'}
          </Button>
        </div>
        <Form.Text id="new-game-preset-name-hint">
          Keeps these draft options for the group (up to {DRAFT_PRESETS_MAX} presets); a name already used is replaced.
        </Form.Text>
        <FieldError id="new-game-preset-name-error" message={error} />
      </Form.Group>
      <p className="small text-success mb-0" role="status">
        {saved ? `Saved the preset “${saved}”.` : ''}
      </p>
    </div>
  );
}
