import { useTranslation } from 'react-i18next';
import type { FieldSpec } from '../../domain/records/schema.ts';
import { TypedInput } from './field-type-inputs.tsx';
import type { ResourceEnv } from './resource-env.ts';

export interface FieldInputProps {
  resource: string;
  field: FieldSpec;
  value: unknown;
  onChange: (value: unknown) => void;
  env: ResourceEnv;
  /** The whole form's values (money reads its record's currency). */
  record: Readonly<Record<string, unknown>>;
  /** Messages by field name (and `<field>.<row>.<column>` for parts). */
  errorOf: (key: string) => string | undefined;
  /** Narrows a reference's choices. */
  filter?: Readonly<Record<string, string>>;
}

/** The input for one described field, named after it, with its messages under it. */
export function FieldInput(props: FieldInputProps) {
  const { t } = useTranslation();
  const { resource, field } = props;
  return (
    <TypedInput
      {...props}
      name={field.name}
      label={t(`records.${resource}.fields.${field.name}`)}
      error={props.errorOf(field.name)}
      help={field.deprecated ? t('resource.deprecated') : undefined}
    />
  );
}
