import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import type { DraftPresetDto } from '@smm/shared/civilization/draft-schemas';
import { failureMessage } from '../../../lib/failure-message';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { Loading } from '../../../lib/ui/Loading';
import { useToast } from '../../../lib/ui/toasts';
import { useDeleteDraftPreset } from '../api/delete-draft-preset';
import { useDraftPresets } from '../api/get-draft-presets';
import { presetSummary } from '../draft-view';

/**
 * The group's draft presets for Administrators, on the Game Settings page: each with its options in a line and
 * Delete (asked first). Presets are saved from the New Game form ('Save as preset').
 */
export function DraftPresetsCard({ groupID }: { groupID: string }) {
  const presets = useDraftPresets(groupID);
  const remove = useDeleteDraftPreset(groupID);
  const toast = useToast();
  const [deleting, setDeleting] = useState<DraftPresetDto | null>(null);

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.presetID, {
      onSuccess: () => {
        toast({ title: 'Success!', body: `Deleted the preset “${deleting.name}”`, variant: 'success' });
        setDeleting(null);
      },
    });
  }

  let content;
  if (presets.isPending) content = <Loading label="Loading presets…" />;
  else if (presets.isError)
    content = (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2 mb-0">
        <span className="me-auto">{presets.error.message}</span>
        <Button variant="outline-danger" size="sm" onClick={() => void presets.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  else if (presets.data.length === 0)
    content = <p className="text-body-secondary mb-0">No presets yet. Save one from the New Game form with “Save as preset”.</p>;
  else
    content = (
      <ListGroup as="ul" aria-label="Draft presets">
        {presets.data.map((preset) => (
          <ListGroup.Item as="li" key={preset.presetID} className="d-flex flex-wrap align-items-center gap-2">
            <div className="me-auto">
              <div className="fw-semibold text-break">{preset.name}</div>
              <div className="small text-body-secondary">{presetSummary(preset.config)}</div>
            </div>
            <Button
              variant="outline-danger"
              size="sm"
              aria-label={`Delete the preset ${preset.name}`}
              onClick={() => {
                remove.reset();
                setDeleting(preset);
              }}
            >
              Delete
            </Button>
          </ListGroup.Item>
        ))}
      </ListGroup>
    );

  return (
    <Card as="section" aria-labelledby="draft-presets-title">
      <Card.Header>
        <h3 id="draft-presets-title" className="h5 mb-0">
          Draft presets
        </h3>
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">
          A preset keeps a draft mode and its options under a name; members choose it in the New Game form.
        </p>
        {content}
      </Card.Body>
      {deleting && (
        <ConfirmDialog
          title="Delete preset"
          question={`Delete the preset “${deleting.name}”?`}
          working={remove.isPending}
          workingLabel="Deleting…"
          confirmLabel="Delete"
          cancelDisabled={remove.isPending}
          onConfirm={confirmDelete}
          onHide={() => setDeleting(null)}
        >
          {remove.isError && (
            <Alert variant="danger" role="alert" className="mt-2 mb-0 py-2">
              {failureMessage(remove.error)}
            </Alert>
          )}
        </ConfirmDialog>
      )}
    </Card>
  );
}
