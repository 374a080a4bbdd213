import {
  Alert,
  Button,
  Card,
  Chip,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useErrorText } from '../../../components/use-error-text.ts';
import { BILLING_MESSAGES, type PlanPrice, planState, planTable, pricesLivemode } from '../../../domain/billing.ts';
import { useCheckoutData } from '../use-checkout-data.ts';
import { usePlanRequest } from '../use-plan-request.ts';
import { isNotConfigured } from './checkout-price-page.tsx';
import { ConfirmEmailDialog } from './confirm-email-dialog.tsx';
import { ConfirmRequestDialog } from './confirm-request-dialog.tsx';
import { formatPrice } from './format-price.ts';
import { CheckoutHeading, CheckoutNotice, CheckoutOffline } from './checkout-parts.tsx';
import { PlanStatus } from './plan-status.tsx';

export interface CheckoutGroup {
  id: string;
  name: string;
}

export interface CheckoutPageProps {
  /** The groups the user administers: only administrators choose a plan. */
  groups: readonly CheckoutGroup[];
  /** `?group=` from the billing screen's Checkout button. */
  initial: string | null;
  online: boolean;
  now?: Date;
}

const NOTES = ['monthly', 'free', 'storage', 'lock', 'cancel'] as const;

/** The standalone checkout (spec 000 "/checkout"): pick a group, then its plan. */
export function CheckoutPage({ groups, initial, online, now }: CheckoutPageProps) {
  const { t, i18n } = useTranslation();
  const { detail } = useErrorText();
  const navigate = useNavigate();
  const [groupId, setGroupId] = useState(groups.some((g) => g.id === initial) ? initial! : (groups[0]?.id ?? null));
  const data = useCheckoutData(groupId, online);
  const plan = usePlanRequest(data.reload);
  const [choosing, setChoosing] = useState<PlanPrice | null>(null);
  const group = groups.find((g) => g.id === groupId) ?? null;
  const settings = data.settings?.values ?? null;
  const state = settings ? planState(settings, now ?? new Date()) : null;
  const rows = data.prices ? planTable(data.prices, pricesLivemode(data.prices)) : [];

  if (!online) return <CheckoutOffline />;
  if (!group)
    return (
      <CheckoutNotice>
        <EmptyState title={t('checkout.noGroups')} />
      </CheckoutNotice>
    );

  const action = (price: PlanPrice) => {
    if (!state) return null;
    const current = price.group_plan === state.plan;
    if (price.group_plan === 'free')
      return current ? (
        <Chip size="small" label={t('checkout.current')} />
      ) : (
        <Button size="small" color="warning" disabled={!state.canSwitchToFree} onClick={() => plan.ask('free')}>
          {t('checkout.switchToFree')}
        </Button>
      );
    if (current)
      return (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { xs: 'flex-end', sm: 'center' }, justifyContent: 'flex-end' }}
        >
          <Chip size="small" color="primary" label={t('checkout.current')} />
          {state.canCancel && (
            <Button size="small" color="warning" onClick={() => plan.ask('cancel')}>
              {t('checkout.cancelSubscription')}
            </Button>
          )}
        </Stack>
      );
    return (
      <Button size="small" variant="contained" disabled={Boolean(state.lockedUntil)} onClick={() => setChoosing(price)}>
        {t('checkout.choose')}
      </Button>
    );
  };

  return (
    <Stack spacing={2}>
      <CheckoutHeading />
      {groups.length > 1 && (
        <TextField
          select
          label={t('checkout.chooseGroup')}
          value={group.id}
          onChange={(event) => {
            setGroupId(event.target.value);
            plan.reset();
          }}
          slotProps={{ select: { native: true }, htmlInput: { name: 'group' } }}
          sx={{ maxWidth: 480 }}
        >
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </TextField>
      )}
      {isNotConfigured(data.error) ? (
        <Alert severity="info" data-testid="payments-not-configured">
          {detail(BILLING_MESSAGES.paymentsNotConfigured)}
        </Alert>
      ) : (
        <ErrorBox error={data.error} />
      )}
      {state && (
        <>
          <Typography variant="subtitle2" component="h2">
            {t('checkout.currentPlan')}
          </Typography>
          <PlanStatus state={state} />
        </>
      )}
      {plan.done && (
        <Alert severity="success" role="status">
          {t(`checkout.done.${plan.done}`)}
        </Alert>
      )}
      {data.prices && settings && rows.length === 0 && <EmptyState title={detail(BILLING_MESSAGES.noPlan)} />}
      {settings && rows.length > 0 && (
        <Card variant="outlined">
          <TableContainer>
            <Table aria-label={t('checkout.plans')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('billing.plan')}</TableCell>
                  <TableCell align="right">{t('checkout.price')}</TableCell>
                  <TableCell align="right" />
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((price) => (
                  <TableRow key={price._id} data-plan={price.group_plan}>
                    <TableCell component="th" scope="row">
                      {t(`groups.plans.${price.group_plan}`)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatPrice(price, i18n.language)}
                      <Typography component="span" variant="body2" color="text.secondary">
                        {t('checkout.perMonthShort')}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{action(price)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Card>
      )}
      <div>
        <Typography variant="h6" component="h2">
          {t('checkout.notesTitle')}
        </Typography>
        <List dense>
          {NOTES.map((note) => (
            <ListItem key={note} disableGutters>
              <ListItemText primary={t(`checkout.notes.${note}`)} />
            </ListItem>
          ))}
        </List>
      </div>
      <ConfirmRequestDialog accountId={group.id} {...plan.dialog} />
      <ConfirmEmailDialog
        key={choosing?._id ?? 'none'}
        accountId={group.id}
        groupName={group.name}
        email={settings?.['billing-email'] ?? ''}
        open={choosing !== null}
        onClose={() => setChoosing(null)}
        onConfirmed={() =>
          choosing && void navigate(`/account/${group.id}/checkout/${encodeURIComponent(choosing.platform_price_id)}`)
        }
      />
    </Stack>
  );
}
