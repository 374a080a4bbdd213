// The finance module's screens as the app composes them (see FeatureModule): the wallets'
// currencies copied onto incomes, expenses, transfers and exchanges as they are typed and saved;
// confirm and unconfirm on their pages; a wallet's figures; the balances card on the dashboard;
// undoing a statement's import; a ticket's expenses; where the money went and each wallet's
// balance over time; mappings run over new records and, after a preview, over existing ones.
import PlaylistPlayIcon from '@mui/icons-material/PlaylistPlay';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { FeatureModule, ResourceModule } from '../../components/resource/module-parts.tsx';
import { ConfirmActions } from './components/confirm-actions.tsx';
import { TicketExpenses } from './components/ticket-expenses.tsx';
import { UndoImport } from './components/undo-import.tsx';
import { WalletBalancesCard } from './components/wallet-balances-card.tsx';
import { SpendingCard } from './components/spending-card.tsx';
import { WalletBalanceChart } from './components/wallet-balance-chart.tsx';
import { WalletCurrency } from './components/wallet-currency.tsx';
import { WalletFigures } from './components/wallet-figures.tsx';
import { movementHooks } from './save-hooks.ts';

function ApplyMappingsLink({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={`/account/${accountId}/mappings-apply`} startIcon={<PlaylistPlayIcon />}>
      {t('moneta.mappingsApply.open')}
    </Button>
  );
}

/** An income, expense, transfer or exchange: amounts in its wallets' currencies, confirmed by an action. */
function movement(klass: string): ResourceModule {
  return {
    hooks: movementHooks,
    formChildren: (draft, set, env) => <WalletCurrency klass={klass} draft={draft} set={set} env={env} />,
    showActions: (record, env) => <ConfirmActions record={record} env={env} />,
    showHides: ['currency', 'source_currency', 'destination_currency', 'fee_currency'],
  };
}

const monetaModule: FeatureModule = {
  kind: 'moneta',
  parts: {
    incomes: movement('Income'),
    outgos: movement('Outgo'),
    transfers: movement('Transfer'),
    exchanges: movement('Exchange'),
    // Parts bought at the customer's site: what the ticket cost, beside its expenses list.
    tickets: { showChildren: (record, env) => <TicketExpenses ticket={record} env={env} /> },
    // A mapping made today, for the records already there: previewed, then applied.
    mappings: { indexActions: (env) => <ApplyMappingsLink accountId={env.accountId} /> },
    imports: { showActions: (record, env) => <UndoImport record={record} env={env} /> },
    wallets: {
      showChildren: (record, env) => (
        <>
          <WalletFigures wallet={record} env={env} />
          <WalletBalanceChart wallet={record} env={env} />
        </>
      ),
    },
  },
  DashboardCards: ({ accountId, refreshKey }) => (
    <>
      <WalletBalancesCard accountId={accountId} refreshKey={refreshKey} />
      <SpendingCard accountId={accountId} refreshKey={refreshKey} />
    </>
  ),
};

export default monetaModule;
