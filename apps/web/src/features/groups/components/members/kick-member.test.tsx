import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { ToastProvider } from '../../../../lib/ui/toasts';
import { AppStateProvider } from '../../../auth/app-state';
import { DeleteGroupModal } from '../settings/DeleteGroupModal';
import { LeaveGroupCard } from '../user/LeaveGroupCard';
import { MembersPanel } from './MembersPanel';

const group = {
  _id: 'g1',
  groupName: 'Iron Wolves',
  gameName: 'Old School RuneScape',
  linkURL: 'runeScapeClan',
  isPrivate: true,
  groupOwner: 'owner',
  admins: ['owner'],
  members: [
    { userID: 'owner', username: 'Olga', role: 'Administrator', isActive: true, team: null },
    { userID: 'milo', username: 'Milo', role: 'Member', isActive: true, team: null },
  ],
  inviteLink: 'old-code',
} as unknown as FullGroupDto;

let posted: { path: string; body: unknown }[];
let reply: { status: number; body: unknown };

// Only the network is replaced: the panel, its dialogs, the mutation and the real api client all run.
beforeEach(() => {
  posted = [];
  reply = { status: 200, body: { ...group, members: group.members.slice(0, 1), inviteLink: 'new-code' } };
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (init?.method === 'POST') posted.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wrap = (ui: React.ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter>
      <AppStateProvider>
        <ToastProvider>{ui}</ToastProvider>
      </AppStateProvider>
    </MemoryRouter>
  </QueryClientProvider>
);

async function askToKickMilo() {
  render(wrap(<MembersPanel group={group} viewer="owner" variant="clan" />));
  await userEvent.click(screen.getByRole('button', { name: 'Edit Members' }));
  await userEvent.click(screen.getByRole('button', { name: 'Kick Milo' }));
  return screen.getByRole('dialog', { name: 'Kick Milo?' });
}

it('Kick asks first, naming the member, and Cancel kicks nobody', async () => {
  const dialog = await askToKickMilo();
  expect(posted).toEqual([]);
  expect(within(dialog).getByText('Milo')).toBeInTheDocument();
  const names = within(dialog)
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label') ?? button.textContent);
  expect(names).toEqual(['Close', 'Cancel', 'Kick', 'Kick and replace the invite link']);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog', { name: 'Kick Milo?' })).toBeNull();
  expect(screen.getByRole('dialog', { name: 'Edit Members' })).toBeInTheDocument();
  expect(posted).toEqual([]);
});

it('Kick kicks the member alone', async () => {
  const dialog = await askToKickMilo();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Kick' }));
  expect(await screen.findByText('Kicked Milo from the group')).toBeInTheDocument();
  expect(posted).toEqual([{ path: '/api/groups/kickMember', body: { userID: 'milo', groupID: 'g1' } }]);
  expect(screen.queryByRole('dialog', { name: 'Kick Milo?' })).toBeNull();
});

it('"Kick and replace the invite link" asks the server to do both', async () => {
  const dialog = await askToKickMilo();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Kick and replace the invite link' }));
  expect(await screen.findByText('Kicked Milo from the group and replaced the invite link')).toBeInTheDocument();
  expect(posted).toEqual([{ path: '/api/groups/kickMember', body: { userID: 'milo', groupID: 'g1', replaceInviteLink: true } }]);
});

it("a refused kick says why in the server's words and keeps the dialog open", async () => {
  reply = { status: 403, body: { message: 'Only the group owner can kick members' } };
  const dialog = await askToKickMilo();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Kick' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only the group owner can kick members');
  expect(within(dialog).getByRole('button', { name: 'Kick' })).toBeEnabled();
});

it('Delete Group says Delete on its button, not Submit', () => {
  render(wrap(<DeleteGroupModal groupID="g1" groupName="Iron Wolves" userID="owner" onHide={() => {}} />));
  const dialog = screen.getByRole('dialog', { name: 'Delete Group' });
  expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: 'Submit' })).toBeNull();
});

it('Delete Group stays disabled until the group name is typed, and says what goes with the group', async () => {
  render(wrap(<DeleteGroupModal groupID="g1" groupName="Iron Wolves" userID="owner" onHide={() => {}} />));
  const dialog = screen.getByRole('dialog', { name: 'Delete Group' });
  expect(dialog).toHaveTextContent('Are you sure you wish to permanently delete this group?');
  expect(dialog).toHaveTextContent(/games, results, comments and notes go with it/);
  const remove = within(dialog).getByRole('button', { name: 'Delete' });
  expect(remove).toBeDisabled();
  const name = within(dialog).getByRole('textbox', { name: 'Type Iron Wolves to confirm' });
  await userEvent.type(name, 'iron wolve');
  expect(remove).toBeDisabled();
  await userEvent.type(name, 's ');
  expect(remove).toBeEnabled();
});

it('the owner gets no Leave Group button, only the rule and where to delete instead', () => {
  const context = { viewer: 'owner' as const, isPrivate: true };
  render(wrap(<LeaveGroupCard groupID="g1" group={group} context={context} user={{ id: 'owner', username: 'Olga' }} />));
  expect(screen.queryByRole('button', { name: 'Leave Group' })).toBeNull();
  expect(screen.getByTestId('owner-cannot-leave')).toHaveTextContent('Group creators/owners cannot leave, they may only delete');
});

it('Leave Group says Leave on its button, not Submit', async () => {
  const context = { viewer: 'member' as const, isPrivate: true };
  render(wrap(<LeaveGroupCard groupID="g1" group={group} context={context} user={{ id: 'milo', username: 'Milo' }} />));
  await userEvent.click(screen.getByRole('button', { name: 'Leave Group' }));
  const dialog = screen.getByRole('dialog', { name: 'Leave Group' });
  expect(within(dialog).getByText('Are you sure you wish to leave the group?')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Leave' })).toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: 'Submit' })).toBeNull();
});
