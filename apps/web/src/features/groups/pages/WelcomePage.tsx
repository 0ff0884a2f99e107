import Alert from 'react-bootstrap/Alert';
import { Loading } from '../../../lib/ui/Loading';
import { useGroupCards } from '../api/get-group-cards';
import { useGroupArea } from '../components/area/group-area';
import { WelcomeCards } from '../components/cards/WelcomeCards';
import { InviteMembersPanel } from '../components/settings/InviteMembersPanel';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The group's Welcome cards, the one page every viewer of the group may see. */
export default function WelcomePage() {
  useDocumentTitle('Welcome', useGroupArea().group.groupName);
  const { groupID } = useGroupArea();
  const cards = useGroupCards(groupID);
  return (
    <section aria-labelledby="welcome-title" className="mt-3">
      <h2 id="welcome-title" className="visually-hidden">
        Welcome
      </h2>
      <InviteMembersPanel />
      {cards.isPending ? (
        <Loading label="Loading cards…" />
      ) : cards.isError ? (
        <Alert variant="danger">{cards.error.message}</Alert>
      ) : (
        <WelcomeCards cards={cards.data} />
      )}
    </section>
  );
}
