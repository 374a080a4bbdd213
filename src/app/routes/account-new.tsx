import { useNavigate } from 'react-router';
import { loadSession } from '../../features/accounts/load-session.ts';
import { NewGroupPage } from '../../features/groups/components/new-group-page.tsx';

export default function AccountNewRoute() {
  const navigate = useNavigate();
  return (
    <NewGroupPage
      onCreated={async (accountId) => {
        // The session's roles gained the new group: reload before opening it.
        await loadSession();
        await navigate(`/account/${accountId}`);
      }}
    />
  );
}
