import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../components/format-date.ts';
import type { PublicUser } from '../../../domain/user.ts';
import { StorageUsage } from './storage-usage.tsx';

export function DataTab({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const rows = [
    { label: t('profile.data.id'), value: user._id, mono: true },
    { label: t('profile.data.createdAt'), value: formatDate(user.created_at), mono: false },
    { label: t('profile.data.updatedAt'), value: formatDate(user.updated_at), mono: false },
  ];
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack component="dl" spacing={2} sx={{ m: 0 }}>
          {rows.map((row) => (
            <div key={row.label}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {row.label}
              </Typography>
              <Typography
                component="dd"
                sx={{ m: 0, wordBreak: 'break-all', fontFamily: row.mono ? 'monospace' : undefined }}
              >
                {row.value}
              </Typography>
            </div>
          ))}
          <StorageUsage />
        </Stack>
      </CardContent>
    </Card>
  );
}
