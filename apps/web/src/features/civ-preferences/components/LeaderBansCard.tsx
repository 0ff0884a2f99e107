import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { CivGameCatalogue } from '@smm/shared/civilization/catalogue-types';
import { SAVED_LEADER_BAN_MESSAGE, type CivPreferencesDto } from '@smm/shared/civilization/schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { useToast } from '../../../lib/ui/toasts';
import { usePendingLeaderBans, useSaveLeaderBan } from '../api/save-leader-ban';
import { leaderLabel, leadersByPack, matchesSearch, withToggles } from '../leader-bans';

interface Props {
  groupID: string;
  userID: string;
  catalogue: CivGameCatalogue;
  maxBans: number;
  preferences: CivPreferencesDto;
}

/**
 * 'Leader Bans (Max: n)': a checkbox per leader, grouped by DLC pack, with a search box. Once n
 * leaders are banned the others are disabled. A member over a lowered limit keeps all their bans
 * but only the first n count in drafts, so the page says which and lets them uncheck.
 */
export function LeaderBansCard({ groupID, userID, catalogue, maxBans, preferences }: Props) {
  const toast = useToast();
  const [search, setSearch] = useState('');
  const pending = usePendingLeaderBans(groupID, userID);
  const save = useSaveLeaderBan(groupID, userID, {
    onSuccess: () => toast({ title: 'Success!', body: SAVED_LEADER_BAN_MESSAGE, variant: 'success' }),
    onError: (error) => toast({ title: 'Error!', body: errorBodyOf(error).message, variant: 'danger' }),
  });

  const banned = withToggles(
    preferences.leaderBans.map((ban) => ban.civID),
    pending.map((p) => ({ id: p.leader, operation: p.operation })),
  );
  const full = banned.length >= maxBans;
  const overLimit = banned.length > maxBans;
  const uncounted = new Set(banned.slice(maxBans));
  const byID = new Map(catalogue.leaders.map((leader) => [leader.civID, leader]));
  const labelOf = (civID: string) => {
    const leader = byID.get(civID);
    return leader ? leaderLabel(leader) : civID;
  };
  const shown = catalogue.leaders.filter((leader) => matchesSearch(leader, search));
  const packs = leadersByPack(shown, catalogue.packs);

  return (
    <Card as="section" id="leader-bans-section" aria-labelledby="leader-bans-title">
      <Card.Header className="d-flex flex-wrap align-items-baseline gap-2">
        <h3 id="leader-bans-title" className="h5 mb-0 me-auto">
          Leader Bans (Max: {maxBans})
        </h3>
        <span className="small text-body-secondary" aria-live="polite" data-testid="ban-count">
          {banned.length} of {maxBans} banned
        </span>
      </Card.Header>
      <Card.Body>
        {overLimit && (
          <Alert variant="warning">
            You have banned {banned.length} leaders, but this group now allows {maxBans}. Only your first {maxBans} count in drafts:{' '}
            {banned.slice(0, maxBans).map(labelOf).join(', ')}. Uncheck leaders to choose which bans count.
          </Alert>
        )}
        <Form.Group controlId="leader-search" className="civ-leader-search mb-3">
          <Form.Label>Search leaders</Form.Label>
          <Form.Control
            type="search"
            value={search}
            placeholder="Leader or civilization"
            autoComplete="off"
            onChange={(e) => setSearch(e.target.value)}
            aria-describedby="leader-search-result"
          />
          <Form.Text id="leader-search-result" aria-live="polite">
            {search.trim()
              ? shown.length === 0
                ? `No leaders match “${search.trim()}”.`
                : `${shown.length} of ${catalogue.leaders.length} leaders shown.`
              : full
                ? `You have used all ${maxBans} bans. Uncheck a leader to ban another.`
                : `Ban up to ${maxBans} leaders you do not want drafted.`}
          </Form.Text>
        </Form.Group>
        {banned.length > 0 && !overLimit && (
          <p className="small" data-testid="banned-leaders">
            Banned: {banned.map(labelOf).join(', ')}
          </p>
        )}
        <div className="civ-pack-columns">
          {packs.map(({ pack, leaders }) => (
            <div key={pack} className="civ-pack">
              <h4 className="h6 civ-subheading">{pack}</h4>
              {leaders.map((leader) => {
                const checked = banned.includes(leader.civID);
                const notCounted = uncounted.has(leader.civID);
                return (
                  <Form.Check key={leader.civID} id={`ban-${leader.civID}`} type="checkbox">
                    <Form.Check.Input
                      type="checkbox"
                      checked={checked}
                      disabled={!checked && full}
                      aria-describedby={notCounted ? `ban-${leader.civID}-uncounted` : undefined}
                      onChange={(e) => save.mutate({ leader: leader.civID, operation: e.target.checked ? 'add' : 'remove' })}
                    />
                    <Form.Check.Label>{leaderLabel(leader)}</Form.Check.Label>
                    {notCounted && (
                      <Badge bg="warning" text="dark" className="ms-2" id={`ban-${leader.civID}-uncounted`}>
                        Not counted
                      </Badge>
                    )}
                  </Form.Check>
                );
              })}
            </div>
          ))}
        </div>
      </Card.Body>
    </Card>
  );
}
