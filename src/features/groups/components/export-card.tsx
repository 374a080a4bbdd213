import DownloadIcon from '@mui/icons-material/Download';
import { Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useSyncStore } from '../../../data/sync-store.ts';
import { type ExportLinks, getExportLinks } from '../api/get-export-links.ts';

/**
 * The group's data to take away (issue 32), whatever its plan: every record as JSON and the CSVs
 * the server's modules offer. Plain links: the browser downloads them with the session's cookie,
 * streamed by the server, so nothing of the group is held in this page.
 */
export function ExportCard({ accountId, admin }: { accountId: string; admin: boolean }) {
  const { t } = useTranslation();
  const [links, setLinks] = useState<ExportLinks | null>(null);
  const [error, setError] = useState<unknown>(null);
  // The list comes from the server, and the files too: offline it says so, not a network error.
  const online = useSyncStore((s) => s.online);
  useEffect(() => {
    if (!admin || !online || links) return;
    let live = true;
    getExportLinks(accountId).then(
      (found) => live && setLinks(found),
      (caught: unknown) => live && setError(caught),
    );
    return () => {
      live = false;
    };
  }, [accountId, admin, online, links]);

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('admin.export.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {admin ? t('admin.export.text') : t('admin.export.adminOnly')}
        </Typography>
        <ErrorBox error={error} onClose={() => setError(null)} />
        {admin && !online && !links && <Typography>{t('admin.export.offline')}</Typography>}
        {admin && online && !links && !error && <Skeleton width={200} height={36} />}
        {links && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
          >
            <Button variant="outlined" startIcon={<DownloadIcon />} href={links.json} download>
              {t('admin.export.json')}
            </Button>
            {links.csv.map((part) => (
              <Button key={part.name} variant="outlined" startIcon={<DownloadIcon />} href={part.href} download>
                {t(`admin.export.csv.${part.name}`, { defaultValue: `${part.name} (CSV)` })}
              </Button>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
