import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import type { ResourceEnv } from '../../../components/resource/resource-env.ts';
import { TOUCH, TOUCH_SIZE } from '../../../components/touch-target.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { useConfirmRecord } from './use-confirm-record.ts';

/**
 * Confirm or unconfirm a finance record on its page. An imported record says what confirming it
 * does: nothing to the balance.
 */
export function ConfirmActions({ record, env }: { record: PouchDoc; env: ResourceEnv }) {
  const { t } = useTranslation();
  const { known, confirmed, toggle, pending, error, setError } = useConfirmRecord(record, env);
  if (!known) return null;
  return (
    <>
      <Button
        variant={confirmed ? 'outlined' : 'contained'}
        startIcon={confirmed ? <UndoIcon /> : <CheckCircleIcon />}
        onClick={() => void toggle()}
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

/**
 * A list's row of a record that waits: confirmed there, without opening it (a statement's thirty
 * lines, checked against the bank's app). Nothing for a confirmed one: unconfirming is rarer, on
 * its page.
 */
export function ConfirmRowButton({ record, env }: { record: PouchDoc; env: ResourceEnv }) {
  const { t } = useTranslation();
  const { known, confirmed, toggle, pending, error, setError } = useConfirmRecord(record, env);
  if (!known || confirmed) return null;
  const name = typeof record.description === 'string' ? record.description.split('\n')[0]! : '';
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<CheckCircleIcon />}
        onClick={() => void toggle()}
        disabled={pending}
        data-action="confirm"
        aria-label={t('moneta.actions.confirmNamed', { name })}
        sx={{ minHeight: 36, [TOUCH]: { minHeight: TOUCH_SIZE } }}
      >
        {t('moneta.actions.confirm')}
      </Button>
      <ErrorBox error={error} onClose={() => setError(null)} />
    </>
  );
}
