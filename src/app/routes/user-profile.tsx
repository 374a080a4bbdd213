import { Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DataTab } from '../../features/accounts/components/data-tab.tsx';
import { ProfileTab } from '../../features/accounts/components/profile-tab.tsx';
import { loadSession } from '../../features/accounts/load-session.ts';
import { useSessionStore } from '../../features/accounts/session-store.ts';
import { GroupsTab } from '../../features/groups/components/groups-tab.tsx';
import { InvitesTab } from '../../features/groups/components/invites-tab.tsx';
import { MailboxTab } from '../../features/groups/components/mailbox-tab.tsx';
import { TokensTab } from '../../features/tokens/components/tokens-tab.tsx';

const PAGES = ['profile', 'data', 'groups', 'invites', 'notifications', 'user_tokens'] as const;
type ProfilePage = (typeof PAGES)[number];

function isPage(value: string | null): value is ProfilePage {
  return (PAGES as readonly (string | null)[]).includes(value);
}

export default function UserProfileRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const requested = params.get('page');
  const page: ProfilePage = isPage(requested) ? requested : 'profile';
  if (!user) return null;

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('profile.title')}
      </Typography>
      <Tabs
        value={page}
        onChange={(_event, value: ProfilePage) => setParams({ page: value })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('profile.title')}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {PAGES.map((value) => (
          <Tab key={value} value={value} label={t(`profile.tabs.${value}`)} />
        ))}
      </Tabs>
      {page === 'profile' && <ProfileTab user={user} />}
      {page === 'data' && <DataTab user={user} />}
      {page === 'groups' && <GroupsTab userId={user._id} />}
      {page === 'invites' && (
        <InvitesTab
          confirmed={Boolean(user.confirmed_at)}
          onAccepted={async (accountId) => {
            // The session's roles gain the group: reload, then open its dashboard (spec 000 §4).
            await loadSession();
            await navigate(`/account/${accountId}`);
          }}
        />
      )}
      {page === 'notifications' && <MailboxTab />}
      {page === 'user_tokens' && <TokensTab />}
    </>
  );
}
