import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { errorBodyOf } from '../../../../lib/api-client';
import { useToast } from '../../../../lib/ui/toasts';
import { useSaveGroupSettings } from '../../api/save-group-settings';
import { FormDialogFooter } from '../../../../lib/ui/FormDialogFooter';

/** The 'Edit Group Settings' dialog: the privacy checkbox and Save. */
export function EditGroupSettingsModal({ groupID, isPrivate, onHide }: { groupID: string; isPrivate: boolean; onHide: () => void }) {
  const [privateGroup, setPrivateGroup] = useState(isPrivate);
  const save = useSaveGroupSettings(groupID);
  const toast = useToast();

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { isPrivate: privateGroup },
      {
        onSuccess: () => {
          toast({ title: 'Success!', body: 'Successfully saved group settings', variant: 'success' });
          onHide();
        },
        onError: (error) => toast({ title: 'Error!', body: errorBodyOf(error).message, variant: 'danger' }),
      },
    );
  }

  return (
    <Modal show onHide={onHide} backdrop="static" keyboard={false} aria-labelledby="edit-group-settings-title">
      <Form onSubmit={submit} aria-busy={save.isPending}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="edit-group-settings-title">Edit Group Settings</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Check
            id="group-private"
            type="checkbox"
            label="Private Group"
            checked={privateGroup}
            onChange={(e) => setPrivateGroup(e.target.checked)}
            aria-describedby="group-private-help"
          />
          <Form.Text id="group-private-help">A private group is seen only by its members and by people holding its invite link.</Form.Text>
        </Modal.Body>
        <FormDialogFooter onCancel={onHide} working={save.isPending} label="Save" workingLabel="Saving…" />
      </Form>
    </Modal>
  );
}
