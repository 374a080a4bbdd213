import { FormControl, FormHelperText, InputLabel, OutlinedInput, type OutlinedInputProps } from '@mui/material';
import { type ReactNode, useId } from 'react';
import type { FieldProps } from './use-form-errors.ts';

type FormFieldProps = Omit<OutlinedInputProps, 'name' | 'error' | 'label'> & {
  /** The input's name: the API field it is sent as, and where its server messages appear. */
  name: string;
  /** `form.fieldProps` of the form this field belongs to. */
  fieldProps: (name: string) => FieldProps;
  label: ReactNode;
};

/**
 * A text field wired to a form: named after its API field, with that field's messages under it.
 * Built from TextField's parts rather than TextField, which brings Select, menus and popovers
 * with it, and these fields are on the login page, where every kilobyte delays the first screen.
 */
export function FormField({ name, fieldProps, label, required, id, ...props }: FormFieldProps) {
  const ownId = useId();
  const inputId = id ?? `${name}-${ownId}`;
  const { error, helperText } = fieldProps(name);
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl fullWidth error={error} required={required}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        placeholder=" "
        {...props}
        id={inputId}
        name={name}
        label={label}
        required={required}
        aria-describedby={helperId}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
