// Subscriptions in and out as OPML, the format every reader exchanges: an import makes the file's
// folders labels and its feeds subscriptions (online: the server reads the file), an export
// downloads them with their labels as folders.
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { Alert, Button, Stack } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { useErrorState } from '../../../components/use-error-state.ts';
import { importOpml, type OpmlImport, opmlExportPath } from '../api/subscriptions.ts';

export function OpmlActions({ env }: { env: ResourceEnv }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useErrorState();
  const [done, setDone] = useState<OpmlImport | null>(null);
  const [pending, setPending] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setDone(null);
    setPending(true);
    try {
      setDone(await importOpml(env.accountId, await file.text()));
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button startIcon={<UploadIcon />} disabled={pending} onClick={() => input.current?.click()}>
          {t('reader.opml.import')}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".opml,.xml,text/x-opml,text/xml,application/xml"
          hidden
          aria-label={t('reader.opml.import')}
          onChange={(e) => void upload(e.target.files?.[0])}
        />
        <Button startIcon={<DownloadIcon />} href={opmlExportPath(env.accountId)} download="subscriptions.opml">
          {t('reader.opml.export')}
        </Button>
      </Stack>
      <ErrorBox error={error} onClose={() => setError(null)} />
      {done && (
        <Alert severity="success" onClose={() => setDone(null)} data-testid="opml-done">
          {t('reader.opml.done', {
            subscriptions: done.subscriptions_created,
            labels: done.labels_created,
            skipped: done.skipped + done.invalid,
          })}
          {done.by_website > 0 && ` ${t('reader.opml.byWebsite', { count: done.by_website })}`}
          {done.skipped_entries.length > 0 &&
            ` ${t('reader.opml.leftOut', { names: done.skipped_entries.join(', ') })}`}
        </Alert>
      )}
    </Stack>
  );
}
