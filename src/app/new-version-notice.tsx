import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useVersionStore } from '../data/version-store.ts';

export function NewVersionNotice() {
  const { t } = useTranslation();
  const { available, dismissed, dismiss, reload } = useVersionStore();
  if (!available || dismissed) return null;
  return (
    <Alert
      severity="info"
      square
      role="status"
      onClose={dismiss}
      closeText={t('actions.dismiss')}
      action={
        <>
          <Button color="inherit" size="small" onClick={reload}>
            {t('newVersion.reload')}
          </Button>
        </>
      }
    >
      {t('newVersion.message')}
    </Alert>
  );
}
