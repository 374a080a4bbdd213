import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useErrorState } from '../../../components/use-error-state.ts';
import type { GroupSettings } from '../../../domain/group-settings.ts';
import { moduleSettings } from '../../../domain/modules/index.ts';
import { saveGroupSetting } from '../api/group-settings.ts';

interface FeaturesCardProps {
  accountId: string;
  kind: string | null;
  settings: GroupSettings;
  admin: boolean;
  onSaved: () => Promise<void>;
}

/** The settings the group's module offers (spec 000 §2 "Features"); a module without any says so. */
export function FeaturesCard({ accountId, kind, settings, admin, onSaved }: FeaturesCardProps) {
  const { t } = useTranslation();
  const [error, setError] = useErrorState();
  const [saving, setSaving] = useState<string | null>(null);
  const [texts, setTexts] = useState<Record<string, string>>({});
  // Shown at once while saving, so a switch moves when clicked; dropped when the save ends.
  const [optimistic, setOptimistic] = useState<Record<string, string>>({});
  const value = (key: string) => optimistic[key] ?? settings[key] ?? '';
  const offered = moduleSettings(kind);
  const switches = offered.filter((s) => s.type === 'switch');
  const selects = offered.flatMap((s) => (s.type === 'select' ? [s] : []));
  const textSettings = offered.filter((s) => s.type === 'text');

  const save = async (key: string, next: string) => {
    setSaving(key);
    setError(null);
    setOptimistic((current) => ({ ...current, [key]: next }));
    try {
      await saveGroupSetting(accountId, key, next);
      await onSaved();
      setTexts(({ [key]: _saved, ...rest }) => rest);
    } catch (caught) {
      setError(caught);
    } finally {
      setOptimistic(({ [key]: _done, ...rest }) => rest);
      setSaving(null);
    }
  };

  return (
    <Card variant="outlined">
      <CardHeader title={t('admin.features.title')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        {offered.length === 0 ? (
          <Typography color="text.secondary">{t('admin.features.none')}</Typography>
        ) : (
          <Stack spacing={2}>
            <ErrorBox error={error} onClose={() => setError(null)} />
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {switches.map(({ key }) => (
                <FormControlLabel
                  key={key}
                  label={t(`admin.features.${key}`)}
                  control={
                    <Switch
                      name={key}
                      checked={value(key) === 'enabled'}
                      disabled={!admin || saving !== null}
                      onChange={(event) => void save(key, event.target.checked ? 'enabled' : 'disabled')}
                    />
                  }
                />
              ))}
            </Box>
            {selects.map(({ key, options }) => (
              <TextField
                key={key}
                select
                label={t(`admin.features.${key}`)}
                value={value(key) || options[0]}
                disabled={!admin || saving !== null}
                onChange={(event) => void save(key, event.target.value)}
                slotProps={{ select: { native: true }, htmlInput: { name: key } }}
              >
                {options.map((option) => (
                  <option key={option} value={option}>
                    {t(`admin.features.options.${key}.${option}`)}
                  </option>
                ))}
              </TextField>
            ))}
            {textSettings.map(({ key }) => {
              const text = texts[key] ?? settings[key] ?? '';
              const changed = texts[key] !== undefined && texts[key] !== (settings[key] ?? '');
              return (
                <Stack key={key} spacing={1}>
                  <TextField
                    label={t(`admin.features.${key}`)}
                    multiline
                    minRows={5}
                    maxRows={5}
                    value={text}
                    onChange={(event) => setTexts((current) => ({ ...current, [key]: event.target.value }))}
                    slotProps={{ htmlInput: { name: key, readOnly: !admin } }}
                  />
                  {admin && (
                    <Box>
                      <Button
                        variant="outlined"
                        size="small"
                        disabled={!changed}
                        loading={saving === key}
                        onClick={() => void save(key, text)}
                        aria-label={t('admin.features.saveNamed', { name: t(`admin.features.${key}`) })}
                      >
                        {t('actions.save')}
                      </Button>
                    </Box>
                  )}
                </Stack>
              );
            })}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
