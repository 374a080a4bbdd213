import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import type { FieldProps } from '../../../components/use-form-errors.ts';

/** E-mail and password, as the login page and the re-login dialog ask for them. */
export function CredentialFields({
  fieldProps,
  email,
  focus,
}: {
  fieldProps: (name: string) => FieldProps;
  /** Pre-fills the e-mail (re-login). */
  email?: string;
  /** Which field has the cursor first. */
  focus: 'username' | 'password';
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        name="username"
        fieldProps={fieldProps}
        label={t('fields.email')}
        type="email"
        autoComplete="username"
        defaultValue={email}
        autoFocus={focus === 'username'}
      />
      <FormField
        name="password"
        fieldProps={fieldProps}
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        autoFocus={focus === 'password'}
      />
    </>
  );
}
