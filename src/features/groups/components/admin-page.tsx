import { Box, Stack, Typography } from '@mui/material';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADDRESS_FIELDS,
  type AddressEntry,
  enabledFeatures,
  parseAddressEntries,
  parsePhoneEntries,
  PHONE_FIELDS,
  validateAddress,
  validatePhone,
} from '../../../domain/group-settings.ts';
import { useCurrentGroup, useGroupStore } from '../group-store.ts';
import { AccountProfileCard } from './account-profile-card.tsx';
import { CounterTiles } from './counter-tiles.tsx';
import { type EntryListConfig, EntryListCard } from './entry-list-card.tsx';
import { FeaturesCard } from './features-card.tsx';

const PHONES: EntryListConfig = {
  settingKey: 'phones',
  i18n: 'admin.phones',
  fields: PHONE_FIELDS,
  validate: validatePhone,
  summary: (entry) => String(entry.number),
};

const ADDRESSES: EntryListConfig = {
  settingKey: 'addresses',
  i18n: 'admin.addresses',
  fields: ADDRESS_FIELDS,
  validate: validateAddress,
  summary: (entry) => {
    const a = entry as AddressEntry;
    return [
      [a.street, a.number].filter(Boolean).join(', '),
      a.neighborhood,
      [a.city, a.state].filter(Boolean).join(' - '),
    ]
      .filter(Boolean)
      .join(' · ');
  },
};

/** The admin dashboard (spec 000 §2): counters, its module's cards, profile, features, phones and addresses. */
export function AdminPage({ cards: Cards }: { cards?: ComponentType<{ accountId: string }> }) {
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
      <CounterTiles accountId={accountId} kind={account.kind} features={enabledFeatures(settings)} />
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
        </Stack>
        <FeaturesCard accountId={accountId} kind={account.kind} settings={settings} admin={admin} onSaved={refresh} />
      </Box>
    </Stack>
  );
}
