import { Button, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { FormCard } from '../../../components/form-card.tsx';
import { useForm } from '../../../components/use-form-errors.ts';
import { APP_KINDS, type AppKind, validateGroupForm } from '../../../domain/groups.ts';
import { createGroup } from '../api/create-group.ts';

const FIELDS = ['name', 'kind'] as const;

/** Group creation (account#new): name and app kind; `onCreated` reloads the session and opens the group. */
export function NewGroupPage({ onCreated }: { onCreated: (accountId: string) => Promise<void> }) {
  const { t } = useTranslation();
  const form = useForm(FIELDS);
  const onSubmit = form.submit(async (values) => {
    const created = await createGroup({ name: (values.name ?? '').trim(), kind: values.kind as AppKind });
    await onCreated(created.id);
  }, validateGroupForm);

  return (
    <FormCard title={t('accountNew.title')} subtitle={t('accountNew.subtitle')} onSubmit={onSubmit}>
      <ErrorBox error={form.error} onClose={form.clearError} />
      <TextField
        label={t('groups.fields.name')}
        autoFocus
        required
        slotProps={{ htmlInput: { name: 'name', maxLength: 100 } }}
        {...form.fieldProps('name')}
      />
      <TextField
        select
        label={t('groups.fields.kind')}
        defaultValue="ticket"
        slotProps={{ select: { native: true }, htmlInput: { name: 'kind' } }}
        {...form.fieldProps('kind')}
      >
        {APP_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`groups.kinds.${kind}`)}
          </option>
        ))}
      </TextField>
      <Button type="submit" variant="contained" size="large" loading={form.pending}>
        {t('accountNew.submit')}
      </Button>
    </FormCard>
  );
}
