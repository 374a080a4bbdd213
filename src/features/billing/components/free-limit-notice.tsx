import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFormatDateTime } from '../../../components/format-date.ts';
import { useErrorText } from '../../../components/use-error-text.ts';
import { BILLING_MESSAGES, freeLimit, freeLimitDaysLeft } from '../../../domain/billing.ts';
import type { GroupSettings } from '../../../domain/group-settings.ts';

export interface FreeLimitNoticeProps {
  accountId: string;
  settings: GroupSettings;
  now?: Date;
}

/**
 * The free limit on the group's dashboard (spec 000 §9): the days left and the deadline while a
 * free group is over 1,000 records, then the read-only state in the server's own sentence. Read
 * from the replicated settings, so it shows offline too; nothing when under the limit or paying.
 */
export function FreeLimitNotice({ accountId, settings, now }: FreeLimitNoticeProps) {
  const { t } = useTranslation();
  const { detail } = useErrorText();
  const formatDate = useFormatDateTime();
  const at = now ?? new Date();
  const limit = freeLimit(settings, at);
  if (!limit.over || !limit.deadline) return null;
  // Under the text, not in the alert's action slot, which squeezes the sentence on a phone.
  const action = (
    <Box sx={{ mt: 1 }}>
      <Button
        variant="outlined"
        color="inherit"
        size="small"
        component={RouterLink}
        to={`/checkout?group=${accountId}`}
      >
        {t('billing.notice.choosePlan')}
      </Button>
    </Box>
  );
  return limit.readOnly ? (
    <Alert severity="error" data-testid="free-limit-notice">
      <AlertTitle>{t('billing.state.readOnlyTitle')}</AlertTitle>
      {detail(BILLING_MESSAGES.readOnly)}
      {action}
    </Alert>
  ) : (
    <Alert severity="warning" data-testid="free-limit-notice">
      <AlertTitle>{t('billing.notice.daysLeft', { count: freeLimitDaysLeft(settings, at) ?? 0 })}</AlertTitle>
      {t('billing.state.overLimit', { deadline: formatDate(limit.deadline) })}
      {action}
    </Alert>
  );
}
