import { Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStorageUsage, type StorageUsage as Usage } from '../../../data/device-storage.ts';
import { formatBytes } from '../../../domain/bytes.ts';

/** How much of the browser's storage the offline data uses, and whether it may be evicted. */
export function StorageUsage() {
  const { t, i18n } = useTranslation();
  const [usage, setUsage] = useState<Usage | null>(null);
  useEffect(() => {
    let active = true;
    void readStorageUsage().then((value) => {
      if (active) setUsage(value);
    });
    return () => {
      active = false;
    };
  }, []);
  // Browsers without the Storage API: nothing to say.
  if (!usage) return null;
  return (
    <div>
      <Typography component="dt" variant="body2" color="text.secondary">
        {t('profile.data.storage')}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {t('profile.data.storageUsed', {
          used: formatBytes(usage.usage, i18n.language),
          quota: formatBytes(usage.quota, i18n.language),
        })}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {usage.persisted ? t('profile.data.persistent') : t('profile.data.notPersistent')}
        </Typography>
      </Typography>
    </div>
  );
}
