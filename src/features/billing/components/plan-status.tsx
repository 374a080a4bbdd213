import { Alert, AlertTitle, Chip, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../components/format-date.ts';
import { useErrorText } from '../../../components/use-error-text.ts';
import type { PlanState } from '../../../domain/billing.ts';

/**
 * A group's plan stated plainly (spec 000 §4): the plan, a request the provider has not confirmed,
 * the 24-hour lock, and the free limit's deadline or the read-only state in the spec's sentences.
 */
export function PlanStatus({ state }: { state: PlanState }) {
  const { t } = useTranslation();
  const { detail } = useErrorText();
  const formatDate = useFormatDateTime();
  return (
    <Stack spacing={1.5}>
      <div>
        <Chip
          label={t(`groups.plans.${state.plan}`)}
          color={state.plan === 'locked' ? 'error' : state.plan === 'free' ? 'default' : 'primary'}
          data-plan={state.plan}
        />
      </div>
      {state.readOnlyReason && (
        <Alert severity="error" data-testid="read-only">
          <AlertTitle>{t('billing.state.readOnlyTitle')}</AlertTitle>
          {detail(state.readOnlyReason)}
        </Alert>
      )}
      {state.limit.over && !state.limit.readOnly && state.limit.deadline && (
        <Alert severity="warning" data-testid="over-limit">
          <AlertTitle>{t('billing.state.overLimitTitle')}</AlertTitle>
          {t('billing.state.overLimit', { deadline: formatDate(state.limit.deadline) })}
        </Alert>
      )}
      {state.requested && (
        <Alert severity="info">
          {t(state.requested === 'free' ? 'billing.state.requestedFree' : 'billing.state.requestedCancel')}
        </Alert>
      )}
      {state.lockedUntil && (
        <Alert severity="info">{t('billing.state.lockedUntil', { date: formatDate(state.lockedUntil) })}</Alert>
      )}
    </Stack>
  );
}
