// The finance module's parts of the record screens (see ModuleParts): the wallets' currencies
// copied onto incomes, expenses, transfers and exchanges as they are typed and saved; confirm and
// unconfirm on their pages; a wallet's figures, balance over time and latest records; undoing a statement's
// import; a ticket's expenses. Loaded with those screens, not with the dashboard or the lists.
import type { ModuleParts, ResourceModule } from '../../components/resource/module-parts.tsx';
import { ConfirmActions } from './components/confirm-actions.tsx';
import { TicketExpenses } from './components/ticket-expenses.tsx';
import { UndoImport } from './components/undo-import.tsx';
import { WalletBalanceChart } from './components/wallet-balance-chart.tsx';
import { WalletCurrency } from './components/wallet-currency.tsx';
import { WALLET_ENTRY_RESOURCES, WalletEntries } from './components/wallet-entries.tsx';
import { WalletFigures } from './components/wallet-figures.tsx';
import { movementHooks } from './save-hooks.ts';

/** An income, expense, transfer or exchange: amounts in its wallets' currencies, confirmed by an action. */
function movement(klass: string): ResourceModule {
  return {
    hooks: movementHooks,
    formChildren: (draft, set, env) => <WalletCurrency klass={klass} draft={draft} set={set} env={env} />,
    showActions: (record, env) => <ConfirmActions record={record} env={env} />,
    showHides: ['currency', 'source_currency', 'destination_currency', 'fee_currency'],
  };
}

const monetaRecordParts: ModuleParts = {
  incomes: movement('Income'),
  outgos: movement('Outgo'),
  transfers: movement('Transfer'),
  exchanges: movement('Exchange'),
  // Parts bought at the customer's site: what the ticket cost, beside its expenses list.
  tickets: { showChildren: (record, env) => <TicketExpenses ticket={record} env={env} /> },
  imports: { showActions: (record, env) => <UndoImport record={record} env={env} /> },
  wallets: {
    showChildren: (record, env) => (
      <>
        <WalletFigures wallet={record} env={env} />
        <WalletBalanceChart wallet={record} env={env} />
        <WalletEntries wallet={record} env={env} />
      </>
    ),
    // Listed together above, with amounts and their state, instead of titles per kind.
    hideRelated: WALLET_ENTRY_RESOURCES,
  },
};

export default monetaRecordParts;
