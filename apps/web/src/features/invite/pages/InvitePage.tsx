import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { iconForGame } from '@smm/shared/games/catalogue';
import { ALREADY_MEMBER_MESSAGE, INVALID_INVITE_MESSAGE } from '@smm/shared/groups/messages';
import { viewerInGroup } from '@smm/shared/groups/policy';
import { ApiError, errorBodyOf } from '../../../lib/api-client';
import { Loading } from '../../../lib/ui/Loading';
import { MembersTable } from '../../../lib/ui/MembersTable';
import { useToast } from '../../../lib/ui/toasts';
import { useAppState } from '../../auth/app-state';
import { DiscordSignInButton } from '../../discord/components/DiscordSignInButton';
import { useAcceptInvite } from '../api/accept-invite';
import { useInviteGroup } from '../api/get-invite-group';
import { InviteLoginModal } from '../components/InviteLoginModal';
import { InviteRegisterModal } from '../components/InviteRegisterModal';
import { useDocumentTitle } from '../../../lib/use-document-title';

type Dialog = { kind: 'login'; notice?: string; email?: string } | { kind: 'register' } | null;

/**
 * Kept in this tab while the visitor signs in with Discord, so the invite they left from is accepted
 * when Discord sends them back to it (never from a link alone: a link cannot make someone join).
 */
const DISCORD_ACCEPT_KEY = 'invite.acceptAfterDiscord';
const DISCORD_ACCEPT_MAX_AGE_MS = 15 * 60_000;

function rememberDiscordAccept(groupID: string, inviteLink: string) {
  sessionStorage.setItem(DISCORD_ACCEPT_KEY, JSON.stringify({ groupID, inviteLink, at: Date.now() }));
}

/** Whether this tab left this invite for Discord lately (the page then clears the mark: it is used once). */
function leftForDiscord(groupID: string, inviteLink: string): boolean {
  const raw = sessionStorage.getItem(DISCORD_ACCEPT_KEY);
  if (!raw) return false;
  try {
    const mark = JSON.parse(raw) as { groupID?: unknown; inviteLink?: unknown; at?: unknown };
    return mark.groupID === groupID && mark.inviteLink === inviteLink && typeof mark.at === 'number' && Date.now() - mark.at < DISCORD_ACCEPT_MAX_AGE_MS;
  } catch {
    return false;
  }
}

function InvalidInvite() {
  return (
    <>
      <h1 className="page-title">Group Invite</h1>
      <Alert variant="danger">{INVALID_INVITE_MESSAGE}</Alert>
    </>
  );
}

/**
 * /invite?groupID=..&inviteLink=..: the group's name and members, and Accept Invite for anyone not
 * yet in it. Visitors log in (or register, then log in with the email they registered) in dialogs or
 * with Discord, and the invite is then accepted without pressing Accept Invite again.
 */
export default function InvitePage() {
  useDocumentTitle('Group Invite');
  const [params] = useSearchParams();
  const groupID = params.get('groupID')?.trim() ?? '';
  const inviteLink = params.get('inviteLink')?.trim() ?? '';
  if (!groupID || !inviteLink) return <InvalidInvite />;
  return <Invite groupID={groupID} inviteLink={inviteLink} />;
}

function Invite({ groupID, inviteLink }: { groupID: string; inviteLink: string }) {
  const { auth, showAlert } = useAppState();
  const navigate = useNavigate();
  const toast = useToast();
  const group = useInviteGroup(groupID, inviteLink);
  const accept = useAcceptInvite(groupID, inviteLink);
  const [dialog, setDialog] = useState<Dialog>(null);
  // Signing in from this page means accepting its invite: true until the signed-in user's accept is sent.
  const [acceptOnSignIn, setAcceptOnSignIn] = useState(() => leftForDiscord(groupID, inviteLink));
  useEffect(() => sessionStorage.removeItem(DISCORD_ACCEPT_KEY), []);
  const userID = auth.isAuthenticated ? (auth.user.id ?? null) : null;
  const viewer = group.data ? viewerInGroup(group.data, userID) : 'anonymous';
  const isMember = viewer === 'member' || viewer === 'administrator' || viewer === 'owner';

  // Spec 4: the invite page sets an error alert for a user already in the group, once per visit.
  const told = useRef(false);
  useEffect(() => {
    if (isMember && !told.current && !accept.isSuccess) {
      told.current = true;
      showAlert('danger', ALREADY_MEMBER_MESSAGE);
    }
  }, [isMember, accept.isSuccess, showAlert]);

  // One step: once signed in (dialog or Discord) a non-member joins; a member is told by the alert above.
  const groupData = group.data;
  useEffect(() => {
    if (!acceptOnSignIn || !userID || !groupData || accept.isPending) return;
    setAcceptOnSignIn(false);
    if (!isMember) join(userID, groupData.groupName, `/${groupData.linkURL}/welcome?groupID=${encodeURIComponent(groupID)}`);
    // join is recreated each render; the effect runs when sign-in, group or the pending accept change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [acceptOnSignIn, userID, groupData, isMember, accept.isPending]);

  function join(user: string, groupName: string, welcome: string) {
    accept.mutate(user, {
      onSuccess: () => {
        toast({ title: 'Success!', body: `You joined ${groupName}`, variant: 'success' });
        navigate(welcome);
      },
      onError: (error) => {
        const message = error instanceof ApiError && error.status === 409 ? ALREADY_MEMBER_MESSAGE : errorBodyOf(error).message;
        showAlert('danger', `Could not accept the invite: ${message}`);
      },
    });
  }

  if (group.isPending) return <Loading label="Loading invite…" />;
  if (group.isError) {
    if (group.error instanceof ApiError && (group.error.status === 404 || group.error.status === 400)) return <InvalidInvite />;
    return (
      <Alert variant="danger" className="mt-4">
        {group.error.message}
      </Alert>
    );
  }
  const { groupName, gameName, linkURL, members, groupOwner } = group.data;
  const welcome = `/${linkURL}/welcome?groupID=${encodeURIComponent(groupID)}`;

  function acceptInvite() {
    if (!userID) {
      setDialog({ kind: 'login' });
      return;
    }
    join(userID, groupName, welcome);
  }

  return (
    <div className="invite-page">
      <div className="d-flex align-items-center gap-3 page-title">
        <img src={iconForGame(gameName)} alt="" className="game-icon" width={48} height={48} />
        <div>
          <h1 className="mb-0 text-break">{groupName}</h1>
          <span className="text-body-secondary">
            {isMember ? `You are a member of this ${gameName} group.` : `You have been invited to join this ${gameName} group.`}
          </span>
        </div>
      </div>
      <div className="d-flex gap-2 flex-wrap mb-3">
        {isMember ? (
          <Link to={welcome} className="btn btn-primary">
            Go to the group
          </Link>
        ) : (
          <Button onClick={acceptInvite} disabled={accept.isPending}>
            {accept.isPending ? 'Joining…' : 'Accept Invite'}
          </Button>
        )}
        {!userID && (
          <>
            <Button variant="outline-primary" onClick={() => setDialog({ kind: 'login' })}>
              Login
            </Button>
            <Button variant="outline-primary" onClick={() => setDialog({ kind: 'register' })}>
              Register
            </Button>
          </>
        )}
      </div>
      {!userID && (
        <div className="mb-3">
          <DiscordSignInButton returnTo={`/invite?${new URLSearchParams({ groupID, inviteLink }).toString()}`} onStart={() => rememberDiscordAccept(groupID, inviteLink)} />
        </div>
      )}
      <Card>
        <Card.Header>
          <h2 className="h5 mb-0">Members ({members.length})</h2>
        </Card.Header>
        <Card.Body>
          <MembersTable members={members} groupOwner={groupOwner} />
        </Card.Body>
      </Card>
      {dialog?.kind === 'login' && (
        <InviteLoginModal
          notice={dialog.notice}
          email={dialog.email}
          onHide={() => setDialog(null)}
          onLoggedIn={() => {
            setDialog(null);
            setAcceptOnSignIn(true);
          }}
          onRegister={() => setDialog({ kind: 'register' })}
        />
      )}
      {dialog?.kind === 'register' && (
        <InviteRegisterModal
          onHide={() => setDialog(null)}
          onRegistered={({ email }) => setDialog({ kind: 'login', email, notice: 'Registration successful. Log in and the invite is accepted.' })}
        />
      )}
    </div>
  );
}
