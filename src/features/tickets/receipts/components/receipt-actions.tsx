import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { Box, Button, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ResourceEnv } from '../../../../components/resource/resource-env.ts';
import type { PouchDoc } from '../../../../data/pouch-api.ts';
import { contractReceiptState } from '../../../../domain/modules/ticket/receipts.ts';

/**
 * The ticket page's receipt buttons. The contract receipt is offered only when the group's
 * `contract-receipt` mode asks this ticket for one, and flagged while it is still unsigned.
 */
export function ReceiptActions({ ticket, env }: { ticket: PouchDoc; env: ResourceEnv }) {
  const { t } = useTranslation();
  const state = contractReceiptState(ticket, env.settings['contract-receipt']);
  const base = `/account/${env.accountId}/tickets/${ticket._id}/receipt`;
  return (
    <>
      <Button component={RouterLink} to={`${base}/service`} variant="outlined" startIcon={<ReceiptLongIcon />}>
        {t('receipts.serviceTitle')}
      </Button>
      {state !== 'not-required' && (
        <Button
          component={RouterLink}
          to={`${base}/contract`}
          variant="outlined"
          color={state === 'pending' ? 'warning' : 'primary'}
          startIcon={<AssignmentTurnedInIcon />}
        >
          {t('receipts.contractTitle')}
        </Button>
      )}
      {state !== 'not-required' && (
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Chip
            data-contract-receipt={state}
            size="small"
            color={state === 'pending' ? 'warning' : 'success'}
            label={t(state === 'pending' ? 'receipts.pending' : 'receipts.signed')}
          />
        </Box>
      )}
    </>
  );
}
