import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LinkTile } from '../../../components/link-tile.tsx';
import { freeLimitDaysLeft, planOf } from '../../../domain/billing.ts';
import type { GroupSettings } from '../../../domain/group-settings.ts';

export interface BillingTilesProps {
  accountId: string;
  settings: GroupSettings;
  /** The group's business records (the free plan's count), null while counted. */
  records: number | null;
  now?: Date;
}

/**
 * The admin dashboard's billing and usage tiles (spec 000 §2, "all apps"): the plan, with the days
 * left when a free group is past its limit, and the records the free plan counts.
 */
export function BillingTiles({ accountId, settings, records, now }: BillingTilesProps) {
  const { t, i18n } = useTranslation();
  const daysLeft = freeLimitDaysLeft(settings, now ?? new Date());
  return (
    <>
      <LinkTile
        tile="billing"
        to={`/account/${accountId}/billing`}
        label={t('nav.othersMenu.billing')}
        value={
          <>
            {/* A plan's name is longer than a count: smaller, so it fits two tiles a row on a phone. */}
            <Typography component="span" variant="h6" sx={{ fontWeight: 600, display: 'block' }}>
              {t(`groups.plans.${planOf(settings)}`)}
            </Typography>
            {daysLeft !== null && (
              <Typography
                component="span"
                variant="body2"
                color={daysLeft === 0 ? 'error' : 'warning.main'}
                sx={{ display: 'block' }}
              >
                {daysLeft === 0 ? t('billing.state.readOnlyTitle') : t('billing.notice.daysLeft', { count: daysLeft })}
              </Typography>
            )}
          </>
        }
      />
      <LinkTile
        tile="usage"
        to={`/account/${accountId}/usage`}
        label={t('nav.othersMenu.usage')}
        value={records === null ? null : new Intl.NumberFormat(i18n.language).format(records)}
      />
    </>
  );
}
