import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import type { Viewer } from '@smm/shared/groups/policy';
import { EditMembersModal } from './EditMembersModal';

afterEach(cleanup);

const members = [
  { userID: 'owner', username: 'Olga', role: 'Administrator' as const },
  { userID: 'admin', username: 'Ada', role: 'Administrator' as const },
  { userID: 'member', username: 'Milo', role: 'Member' as const },
];

function renderAs(viewer: Viewer, handlers = { onRoleChange: vi.fn(), onKick: vi.fn() }) {
  render(
    <EditMembersModal
      title="Edit Members"
      members={members}
      groupOwner="owner"
      viewer={viewer}
      busyUserID={null}
      onHide={() => {}}
      {...handlers}
    />,
  );
  return handlers;
}

it('the owner may change every role but their own, and kick everyone but themself', async () => {
  const { onRoleChange, onKick } = renderAs('owner');
  expect(screen.getByLabelText('Role of Olga')).toBeDisabled();
  expect(screen.getByLabelText('Role of Ada')).toBeEnabled();
  expect(screen.getByLabelText('Role of Milo')).toBeEnabled();
  expect(screen.queryByRole('button', { name: 'Kick Olga' })).toBeNull();
  await userEvent.selectOptions(screen.getByLabelText('Role of Ada'), 'Member');
  expect(onRoleChange).toHaveBeenCalledWith(expect.objectContaining({ userID: 'admin' }), 'Member');
  await userEvent.click(screen.getByRole('button', { name: 'Kick Milo' }));
  expect(onKick).toHaveBeenCalledWith(expect.objectContaining({ userID: 'member' }));
});

it("an Administrator may change only Members' roles, and kicks nobody", () => {
  renderAs('administrator');
  expect(screen.getByLabelText('Role of Olga')).toBeDisabled();
  expect(screen.getByLabelText('Role of Ada')).toBeDisabled();
  expect(screen.getByLabelText('Role of Milo')).toBeEnabled();
  expect(screen.queryByRole('button', { name: /^Kick/ })).toBeNull();
});

it('a row being saved is disabled', () => {
  render(
    <EditMembersModal
      title="Edit Members"
      members={members}
      groupOwner="owner"
      viewer="owner"
      busyUserID="member"
      onHide={() => {}}
      onRoleChange={() => {}}
      onKick={() => {}}
    />,
  );
  expect(screen.getByLabelText('Role of Milo')).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Kick Milo' })).toBeDisabled();
});
