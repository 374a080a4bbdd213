import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Button, Card, CardActions, CardContent, List, ListItemText, Typography } from '@mui/material';
import { memo, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEntry } from '../../../components/list-entry.tsx';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import { readFlag, writeFlag } from '../../../data/preferences.ts';
import { firstSteps } from '../../../domain/modules/index.ts';
import { countByKlass } from '../api/count-by-klass.ts';

interface FirstStepsCardProps {
  accountId: string;
  kind: string | null;
  admin: boolean;
}

/**
 * A new group's first steps (its module's first records, then the team), each a link to its
 * form and ticked once done; gone when all are, or when the person hides it on this device.
 */
export const FirstStepsCard = memo(function FirstStepsCard({ accountId, kind, admin }: FirstStepsCardProps) {
  const { t } = useTranslation();
  const flag = `first-steps-hidden:${accountId}`;
  const [hidden, setHidden] = useState(() => readFlag(flag));
  const load = useCallback(() => countByKlass(accountId), [accountId]);
  const { value: counts } = useReplicaQuery(accountId, load);
  if (hidden || !counts) return null;
  const steps = firstSteps(kind, counts, admin);
  if (steps.every((step) => step.done)) return null;
  return (
    <Card variant="outlined" data-testid="first-steps" sx={{ borderColor: 'primary.main' }}>
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h6" component="h2">
          {t('dashboard.firstSteps.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.firstSteps.help')}
        </Typography>
        <List dense>
          {steps.map((step) => (
            <ListEntry
              key={step.resource}
              to={`/account/${accountId}/${step.resource}/new`}
              data-step={step.resource}
              data-done={step.done || undefined}
              icon={
                step.done ? (
                  <CheckCircleIcon color="success" titleAccess={t('dashboard.firstSteps.done')} />
                ) : (
                  <RadioButtonUncheckedIcon color="action" />
                )
              }
            >
              <ListItemText
                primary={t(`dashboard.firstSteps.${step.resource}`)}
                sx={step.done ? { textDecoration: 'line-through', color: 'text.secondary' } : undefined}
              />
            </ListEntry>
          ))}
        </List>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          onClick={() => {
            writeFlag(flag, true);
            setHidden(true);
          }}
        >
          {t('dashboard.firstSteps.hide')}
        </Button>
      </CardActions>
    </Card>
  );
});
