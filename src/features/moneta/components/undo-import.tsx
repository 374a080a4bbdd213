import UndoIcon from '@mui/icons-material/Undo';
import { Alert, Button, LinearProgress } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { useErrorState } from '../../../components/use-error-state.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import type { BatchProgress } from '../../../data/resource-writes.ts';
import { undoImport } from '../import/import-statement.ts';

/** On an import's page: undo it as a whole (records confirmed since are kept, and said so). */
export function UndoImport({ record, env }: { record: PouchDoc; env: ResourceEnv }) {
  const { t } = useTranslation();
  const [error, setError] = useErrorState();
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  const [result, setResult] = useState<{ removed: number; kept: number } | null>(null);
  if (record.status !== 'done' && !result) return null;
  const undo = async () => {
    setError(null);
    setProgress({ written: 0, total: 0 });
    try {
      setResult(await undoImport(env, record, setProgress));
    } catch (caught) {
      setError(caught);
    } finally {
      setProgress(null);
    }
  };
  return (
    <>
      {!result && (
        <Button
          variant="outlined"
          color="warning"
          startIcon={<UndoIcon />}
          onClick={() => void undo()}
          disabled={progress !== null}
          data-action="undo-import"
          sx={{ minHeight: 44 }}
        >
          {t('moneta.import.undo')}
        </Button>
      )}
      {progress && <LinearProgress sx={{ width: '100%' }} aria-label={t('moneta.import.undoing')} />}
      {result && (
        <Alert severity="success" sx={{ width: '100%' }} data-undone={result.removed}>
          {t('moneta.import.undone', { count: result.removed })}
          {result.kept > 0 && ` ${t('moneta.import.undoKept', { count: result.kept })}`}
        </Alert>
      )}
      <ErrorBox error={error} onClose={() => setError(null)} />
    </>
  );
}
