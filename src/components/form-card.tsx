import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';

interface FormCardProps {
  title: string;
  subtitle?: string;
  /** Without onSubmit the card is a plain message card. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /**
   * Where the form posts when sent before the app's code runs (or without it): a server route
   * that does what `onSubmit` does (src/server/routes/public-forms.ts). Public pages only.
   */
  action?: string;
  children: ReactNode;
}

const FILLED = '.MuiFormControl-root:has(input:focus, input:autofill, input:not(:placeholder-shown))';
const BEFORE_THE_APP = 'html:not([data-running]) &';

/**
 * Until the app runs (a page rendered ahead, or no scripts at all), nothing moves a field's label
 * out of the way of what is typed, nor marks the field with the cursor: CSS does both, as MUI
 * does once running. A field's placeholder is a space (form-field.tsx), so `:placeholder-shown`
 * tells an empty field.
 */
const PLAIN_FORM = {
  [`${BEFORE_THE_APP} ${FILLED} .MuiInputLabel-outlined`]: {
    transform: 'translate(14px, -9px) scale(0.75)',
    maxWidth: 'calc(133% - 32px)',
  },
  [`${BEFORE_THE_APP} ${FILLED} legend`]: { maxWidth: '100%' },
  [`${BEFORE_THE_APP} .MuiFormControl-root:has(input:focus-visible) .MuiOutlinedInput-notchedOutline`]: {
    borderColor: 'primary.main',
    borderWidth: 2,
  },
};

/** The narrow centred card used by sign-in, sign-up, confirmation and reset screens. */
export function FormCard({ title, subtitle, onSubmit, action, children }: FormCardProps) {
  return (
    <Card variant="outlined" sx={{ maxWidth: 440, mx: 'auto', my: { xs: 2, sm: 6 } }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {subtitle}
          </Typography>
        )}
        <Stack
          component={onSubmit ? 'form' : 'div'}
          noValidate={onSubmit ? true : undefined}
          method={action ? 'post' : undefined}
          action={action}
          onSubmit={onSubmit}
          spacing={2}
          sx={action ? PLAIN_FORM : undefined}
        >
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}
