import { Box, Stack, Typography } from '@mui/material';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { enabledFeatures, parseAddressEntries, parsePhoneEntries } from '../../../domain/group-settings.ts';
import { useCurrentGroup, useGroupStore } from '../group-store.ts';
import { AccountProfileCard } from './account-profile-card.tsx';
import { CounterTiles } from './counter-tiles.tsx';
import { EntryListCard } from './entry-list-card.tsx';
import { ExportCard } from './export-card.tsx';
import { ADDRESSES, PHONES } from './entry-lists.ts';
import { FeaturesCard } from './features-card.tsx';

/** The admin dashboard (spec 000 §2): counters, its module's cards, profile, features, phones and addresses. */
export function AdminPage({
  cards: Cards,
  tiles,
}: {
  cards?: ComponentType<{ accountId: string }>;
  /** Tiles of the group's own pages after the counters (billing, usage), composed by the app. */
  tiles?: ReactNode;
}) {
  const { t } = useTranslation();
  const group = useCurrentGroup();
  const refresh = useGroupStore((s) => s.refresh);
  if (!group) return null;
  const { accountId, account, settings } = group;
  const admin = account.admin;

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h5" component="h1">
          {t('admin.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {account.name || accountId}
        </Typography>
      </div>
      <CounterTiles accountId={accountId} kind={account.kind} features={enabledFeatures(settings)} settings={settings}>
        {tiles}
      </CounterTiles>
      {Cards && <Cards accountId={accountId} />}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Stack spacing={3}>
          <AccountProfileCard
            accountId={accountId}
            name={settings.name ?? account.name ?? ''}
            billingEmail={settings['billing-email'] ?? account['billing-email'] ?? ''}
            currency={settings.currency ?? 'USD'}
            admin={admin}
            onSaved={refresh}
          />
          <EntryListCard
            config={PHONES}
            accountId={accountId}
            entries={parsePhoneEntries(settings.phones)}
            admin={admin}
            onSaved={refresh}
          />
          <EntryListCard
            config={ADDRESSES}
            accountId={accountId}
            entries={parseAddressEntries(settings.addresses)}
            admin={admin}
            onSaved={refresh}
          />
          <ExportCard accountId={accountId} admin={admin} />
        </Stack>
        <FeaturesCard accountId={accountId} kind={account.kind} settings={settings} admin={admin} onSaved={refresh} />
      </Box>
    </Stack>
  );
}
