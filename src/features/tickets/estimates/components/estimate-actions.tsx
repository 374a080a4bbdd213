import PrintIcon from '@mui/icons-material/Print';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ResourceEnv } from '../../../../components/resource/resource-env.ts';
import type { PouchDoc } from '../../../../data/pouch-api.ts';

export function EstimateActions({ estimate, env }: { estimate: PouchDoc; env: ResourceEnv }) {
  const { t } = useTranslation();
  return (
    <Button
      component={RouterLink}
      to={`/account/${env.accountId}/estimates/${estimate._id}/print`}
      variant="outlined"
      startIcon={<PrintIcon />}
    >
      {t('estimatePrint.print')}
    </Button>
  );
}
