import { Alert, AlertTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { describeError } from './error-text.ts';
import { useErrorText } from './use-error-text.ts';

interface ErrorBoxProps {
  error: unknown;
  onClose?: () => void;
}

/** Title from the error code, detail from the reason; field reasons not shown elsewhere are listed. */
export function ErrorBox({ error, onClose }: ErrorBoxProps) {
  const { t } = useTranslation();
  const { title, detail } = useErrorText();
  if (error === null || error === undefined) return null;
  const described = describeError(error);
  return (
    <Alert severity="error" role="alert" onClose={onClose} closeText={t('actions.close')}>
      <AlertTitle>{title(described.code)}</AlertTitle>
      {described.reason && detail(described.reason)}
      {described.fields &&
        Object.entries(described.fields).map(([field, messages]) => (
          <div key={field}>
            {field}: {messages.map(detail).join(', ')}
          </div>
        ))}
    </Alert>
  );
}
