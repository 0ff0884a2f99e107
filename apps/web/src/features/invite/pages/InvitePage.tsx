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

type Dialog = { kind: 'login'; notice?: string } | { kind: 'register' } | null;

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
 * yet in it. Visitors log in (or register, then log in) in dialogs and stay on the invite.
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
    accept.mutate(userID, {
      onSuccess: () => {
        toast({ title: 'Success!', body: `You joined ${groupName}`, variant: 'success' });
        navigate(welcome);
      },
      onError: (error) => {
        const message = error instanceof ApiError && error.status === 409 ? ALREADY_MEMBER_MESSAGE : errorBodyOf(error).message;
        showAlert('danger', message);
      },
    });
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
          <DiscordSignInButton returnTo={`/invite?${new URLSearchParams({ groupID, inviteLink }).toString()}`} />
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
          onHide={() => setDialog(null)}
          onLoggedIn={() => setDialog(null)}
          onRegister={() => setDialog({ kind: 'register' })}
        />
      )}
      {dialog?.kind === 'register' && (
        <InviteRegisterModal
          onHide={() => setDialog(null)}
          onRegistered={() => setDialog({ kind: 'login', notice: 'Registration successful. Log in to accept the invite.' })}
        />
      )}
    </div>
  );
}
