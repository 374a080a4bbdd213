import { useTranslation } from 'react-i18next';
import { FormCard } from '../../components/form-card';
import { Typography } from '@mui/material';

// Placeholder: the redirect rules already send users here; the groups issue fills it in.
export default function AccountNewRoute() {
  const { t } = useTranslation();
  return (
    <FormCard title={t('accountNew.title')}>
      <Typography color="text.secondary">{t('accountNew.comingSoon')}</Typography>
    </FormCard>
  );
}
