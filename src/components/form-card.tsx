import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';

interface FormCardProps {
  title: string;
  subtitle?: string;
  /** Without onSubmit the card is a plain message card. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** The narrow centred card used by sign-in, sign-up, confirmation and reset screens. */
export function FormCard({ title, subtitle, onSubmit, children }: FormCardProps) {
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
          onSubmit={onSubmit}
          spacing={2}
        >
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}
