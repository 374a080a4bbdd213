import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import { Alert, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { type ResourceEnv, writeOptions } from '../../../components/resource/resource-env.ts';
import { useErrorState } from '../../../components/use-error-state.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { updateRecord } from '../../../data/resource-writes.ts';
import { specOfKlass } from '../../../domain/records/index.ts';

/**
 * Confirm or unconfirm a finance record: the action stamps `confirmed_at`, so confirming one a
 * moment ago confirmed elsewhere is refused with the spec's message instead of passing silently.
 * An imported record says what confirming it does: nothing to the balance.
 */
export function ConfirmActions({ record, env }: { record: PouchDoc; env: ResourceEnv }) {
  const { t } = useTranslation();
  const [error, setError] = useErrorState();
  const [pending, setPending] = useState(false);
  const spec = specOfKlass(record.klass);
  if (!spec) return null;
  const confirmed = record.confirmed === true;
  const act = async () => {
    setPending(true);
    setError(null);
    try {
      // The state as this page shows it: if it changed meanwhile, the rules say "already".
      await updateRecord(
        env.accountId,
        spec,
        record._id,
        (now) => ({ ...now, confirmed: !confirmed, confirmed_at: new Date().toISOString() }),
        writeOptions(env),
      );
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button
        variant={confirmed ? 'outlined' : 'contained'}
        startIcon={confirmed ? <UndoIcon /> : <CheckCircleIcon />}
        onClick={() => void act()}
        disabled={pending}
        data-action={confirmed ? 'unconfirm' : 'confirm'}
        sx={{ minHeight: 44 }}
      >
        {confirmed ? t('moneta.actions.unconfirm') : t('moneta.actions.confirm')}
      </Button>
      {record.imported === true && (
        <Alert severity="info" sx={{ width: '100%' }}>
          {t('moneta.importedNote')}
        </Alert>
      )}
      <ErrorBox error={error} onClose={() => setError(null)} />
    </>
  );
}
