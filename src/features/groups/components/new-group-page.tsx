import { Button, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencyChoices } from '../../../components/currency-choices.ts';
import { ErrorBox } from '../../../components/error-box.tsx';
import { FormCard } from '../../../components/form-card.tsx';
import { useForm } from '../../../components/use-form-errors.ts';
import { APP_KINDS, type AppKind, validateGroupForm } from '../../../domain/groups.ts';
import { suggestedGroupCurrency } from '../../../domain/region-currency.ts';
import { createGroup } from '../api/create-group.ts';

const FIELDS = ['name', 'kind', 'currency'] as const;

/**
 * Group creation (account#new): name, app kind and the currency its money counts in, offered from
 * the browser's region (a shop in Brazil run in English counts in reais); `onCreated` reloads the
 * session and opens the group.
 */
export function NewGroupPage({ onCreated }: { onCreated: (accountId: string) => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const form = useForm(FIELDS);
  // Chosen once: a language switched on this page must not change a currency already offered.
  const [suggested] = useState(() => suggestedGroupCurrency(navigator.languages ?? [], i18n.language));
  const onSubmit = form.submit(async (values) => {
    const created = await createGroup({
      name: (values.name ?? '').trim(),
      kind: values.kind as AppKind,
      currency: values.currency ?? suggested,
    });
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
      <TextField
        select
        label={t('groups.fields.currency')}
        defaultValue={suggested}
        slotProps={{ select: { native: true }, htmlInput: { name: 'currency' } }}
        {...form.fieldProps('currency')}
        helperText={form.fieldProps('currency').helperText ?? t('groups.currencyHelp')}
      >
        {currencyChoices(i18n.language).map((choice) => (
          <option key={choice.code} value={choice.code}>
            {choice.label}
          </option>
        ))}
      </TextField>
      <Button type="submit" variant="contained" size="large" loading={form.pending}>
        {t('accountNew.submit')}
      </Button>
    </FormCard>
  );
}
