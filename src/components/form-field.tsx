import { TextField, type TextFieldProps } from '@mui/material';
import type { FieldProps } from './use-form-errors.ts';

type FormFieldProps = Omit<TextFieldProps, 'name' | 'error' | 'helperText'> & {
  /** The input's name: the API field it is sent as, and where its server messages appear. */
  name: string;
  /** `form.fieldProps` of the form this field belongs to. */
  fieldProps: (name: string) => FieldProps;
};

/** A TextField wired to a form: named after its API field, with that field's messages under it. */
export function FormField({ name, fieldProps, slotProps, ...props }: FormFieldProps) {
  const htmlInput = (slotProps?.htmlInput ?? {}) as Record<string, unknown>;
  return <TextField {...props} slotProps={{ ...slotProps, htmlInput: { ...htmlInput, name } }} {...fieldProps(name)} />;
}
