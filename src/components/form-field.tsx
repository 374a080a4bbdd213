import { FormControl, FormHelperText, InputLabel, OutlinedInput, type OutlinedInputProps } from '@mui/material';
import { type ReactNode, useId } from 'react';
import type { FieldProps } from './use-form-errors.ts';

type TextBoxProps = Omit<OutlinedInputProps, 'label' | 'error' | 'size'> & {
  label: ReactNode;
  error?: boolean;
  /** Under the field, and named as its description. */
  helperText?: ReactNode;
  size?: 'small' | 'medium';
};

/**
 * A labelled text field built from TextField's parts rather than TextField, which brings Select,
 * menus and popovers with it: the public pages' forms and a list's search box are on first
 * screens, where every kilobyte delays them.
 */
export function TextBox({ label, error, helperText, required, id, size, ...props }: TextBoxProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl fullWidth error={error} required={required} size={size}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput {...props} id={inputId} label={label} required={required} aria-describedby={helperId} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}

type FormFieldProps = Omit<OutlinedInputProps, 'name' | 'error' | 'label'> & {
  /** The input's name: the API field it is sent as, and where its server messages appear. */
  name: string;
  /** `form.fieldProps` of the form this field belongs to. */
  fieldProps: (name: string) => FieldProps;
  label: ReactNode;
};

/** A text field wired to a form: named after its API field, with that field's messages under it. */
export function FormField({ name, fieldProps, label, required, id, ...props }: FormFieldProps) {
  const ownId = useId();
  const { error, helperText } = fieldProps(name);
  return (
    <TextBox
      placeholder=" "
      {...props}
      id={id ?? `${name}-${ownId}`}
      name={name}
      label={label}
      required={required}
      error={error}
      helperText={helperText}
    />
  );
}
