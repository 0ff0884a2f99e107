import Button from 'react-bootstrap/Button';
import Nav from 'react-bootstrap/Nav';
import { NavLink } from 'react-router';
import { iconForGame } from '@smm/shared/games/catalogue';
import { ALREADY_MEMBER_MESSAGE } from '@smm/shared/groups/messages';
import { can } from '@smm/shared/groups/policy';
import { ApiError, errorBodyOf } from '../../../../lib/api-client';
import { useToast } from '../../../../lib/ui/toasts';
import { useAppState } from '../../../auth/app-state';
import { useJoinGroup } from '../../api/join-group';
import { groupPagePath, visibleGroupLinks, type GroupArea } from './group-area';

const OSRS_GAME_NAME = 'Old School RuneScape';

/** The group's name and the links of its area the viewer may use; non-members of a public group may join. */
export function GroupBar({ area, groupID, group, context, user }: GroupArea) {
  const links = visibleGroupLinks(area, context);
  const join = useJoinGroup(groupID, user.id);
  const toast = useToast();
  const { showAlert } = useAppState();

  function joinGroup() {
    join.mutate(undefined, {
      onSuccess: () => toast({ title: 'Success!', body: `You joined ${group.groupName}`, variant: 'success' }),
      onError: (error) => {
        const message = error instanceof ApiError && error.status === 409 ? ALREADY_MEMBER_MESSAGE : errorBodyOf(error).message;
        showAlert('danger', message);
      },
    });
  }

  return (
    <header className="group-bar">
      <div className="d-flex align-items-center gap-2 flex-wrap">
        <img src={iconForGame(group.gameName)} alt="" className="group-bar-icon" width={40} height={40} />
        <div className="me-auto">
          <h1 className="h3 mb-0">{group.groupName}</h1>
          <span className="text-body-secondary small">{group.gameName}</span>
        </div>
        {can('joinGroup', context) && (
          <Button onClick={joinGroup} disabled={join.isPending}>
            {join.isPending ? 'Joining…' : 'Join Group'}
          </Button>
        )}
      </div>
      <Nav as="nav" variant="underline" className="group-bar-nav mt-2" aria-label="Group">
        {links.map((link) => (
          <Nav.Item key={link.page}>
            <Nav.Link as={NavLink} to={groupPagePath(area, link.page, groupID)}>
              {link.label}
            </Nav.Link>
          </Nav.Item>
        ))}
        {group.gameName === OSRS_GAME_NAME && can('viewUserSettings', context) && (
          <Nav.Item>
            {/* The hiscores lookup lives outside the group; clan members reach it from their bar. A non-member sees only Welcome. */}
            <Nav.Link as={NavLink} to="/osrsStats">
              RuneScape Stats
            </Nav.Link>
          </Nav.Item>
        )}
      </Nav>
    </header>
  );
}
