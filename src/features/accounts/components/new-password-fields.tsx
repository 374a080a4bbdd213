import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import type { FieldProps } from '../../../components/use-form-errors.ts';

/** A new password and its confirmation, as sign-up, reset and the profile ask for them. */
export function NewPasswordFields({
  fieldProps,
  label = 'fields.newPassword',
  autoFocus = false,
}: {
  fieldProps: (name: string) => FieldProps;
  label?: 'fields.newPassword' | 'fields.password';
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        name="password"
        fieldProps={fieldProps}
        label={t(label)}
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
      />
      <FormField
        name="password_confirmation"
        fieldProps={fieldProps}
        label={t('fields.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
