// The finance module's screens as the app composes them (see FeatureModule): the balances and
// spending cards on the dashboard, mappings run over existing records from their list, and records
// waiting for confirmation confirmed from theirs. Its parts of the record screens are record-parts.tsx.
import PlaylistPlayIcon from '@mui/icons-material/PlaylistPlay';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { FeatureModule, ResourceModule } from '../../components/resource/module-parts.tsx';
import { ConfirmRowButton } from './components/confirm-actions.tsx';
import { WalletBalancesCard } from './components/wallet-balances-card.tsx';
import { SpendingCard } from './components/spending-card.tsx';

function ApplyMappingsLink({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={`/account/${accountId}/mappings-apply`} startIcon={<PlaylistPlayIcon />}>
      {t('moneta.mappingsApply.open')}
    </Button>
  );
}

const confirmable: ResourceModule = {
  rowActions: (record, env) => <ConfirmRowButton record={record} env={env} />,
};

const monetaModule: FeatureModule = {
  kind: 'moneta',
  parts: {
    // A mapping made today, for the records already there: previewed, then applied.
    mappings: { indexActions: (env) => <ApplyMappingsLink accountId={env.accountId} /> },
    outgos: confirmable,
    incomes: confirmable,
    transfers: confirmable,
    exchanges: confirmable,
  },
  DashboardCards: ({ accountId, refreshKey }) => (
    <>
      <WalletBalancesCard accountId={accountId} refreshKey={refreshKey} />
      <SpendingCard accountId={accountId} refreshKey={refreshKey} />
    </>
  ),
};

export default monetaModule;
