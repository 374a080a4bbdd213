import { Alert, AlertTitle, Box, Button, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveConflicts } from '../../domain/merge.ts';
import type { ResourceSpec } from '../../domain/records/schema.ts';
import { type RecordConflict, settleConflict } from '../../data/conflicts.ts';
import type { PouchDoc } from '../../data/pouch-api.ts';
import { ErrorBox } from '../error-box.tsx';
import { useFormatDay } from '../format-day.ts';
import { FieldValue } from './field-value.tsx';
import { fieldLabel, fieldOf } from './resource-fields.ts';
import type { ResourceEnv } from './resource-env.ts';
import { useErrorState } from '../use-error-state.ts';
import { useRecordTitles } from './use-records.ts';

type Side = 'mine' | 'theirs';

/**
 * Shown on a record two devices changed at once. What merged by itself is already on the page;
 * each field changed on both sides is offered side by side, and nothing is decided until the
 * person chooses.
 */
export function ConflictPanel({
  spec,
  env,
  conflict,
}: {
  spec: ResourceSpec;
  env: ResourceEnv;
  conflict: RecordConflict;
}) {
  const { t } = useTranslation();
  const formatDay = useFormatDay();
  const [error, setError] = useErrorState();
  const [choices, setChoices] = useState<Record<string, Side>>({});
  const [pending, setPending] = useState(false);
  const fields = conflict.merge.conflicts;
  const related = useRecordTitles(
    env.accountId,
    fields.flatMap((c) => [c.mine, c.theirs]).filter((v): v is string => typeof v === 'string'),
  );
  const loser = conflict.losers[0];
  const who = (doc: PouchDoc | undefined) =>
    t('conflicts.side', {
      name: env.members.find((m) => m.id === doc?.updated_by)?.name ?? t('resource.formerMember'),
      at: formatDay(doc?.updated_at),
    });
  const resolve = async () => {
    setPending(true);
    try {
      await settleConflict(env.accountId, conflict, resolveConflicts(conflict.merge, choices));
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };

  if (fields.length === 0) return null;
  return (
    <Alert severity="warning" variant="outlined" data-conflict={conflict.winner._id}>
      <AlertTitle>{t('conflicts.title')}</AlertTitle>
      <Typography variant="body2" sx={{ mb: conflict.merge.automatic.length > 0 ? 1 : 2 }}>
        {t('conflicts.explain')}
      </Typography>
      {conflict.merge.automatic.length > 0 && (
        <Typography variant="body2" sx={{ mb: 2 }} data-merged-fields={conflict.merge.automatic.join(' ')}>
          {t('conflicts.mergedFields', {
            fields: conflict.merge.automatic.map((field) => fieldLabel(t, spec, field)).join(', '),
          })}
        </Typography>
      )}
      <Stack spacing={2}>
        {fields.map((c) => (
          <Box key={c.field} component="fieldset" sx={{ border: 0, p: 0, m: 0 }} data-conflict-field={c.field}>
            <Typography component="legend" variant="subtitle2">
              {c.field === '_deleted' ? t('conflicts.deleted') : fieldLabel(t, spec, c.field)}
            </Typography>
            <RadioGroup
              name={`conflict-${c.field}`}
              value={choices[c.field] ?? ''}
              onChange={(e) => setChoices((all) => ({ ...all, [c.field]: e.target.value as Side }))}
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}
            >
              {(['mine', 'theirs'] as const).map((side) => (
                <FormControlLabel
                  key={side}
                  value={side}
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', border: 1, borderColor: 'divider', borderRadius: 1, m: 0, p: 1 }}
                  label={
                    <Box>
                      <Typography variant="caption" component="div" color="text.secondary">
                        {who(side === 'mine' ? conflict.winner : loser)}
                      </Typography>
                      <FieldValue
                        resource={spec.resource}
                        field={fieldOf(spec, c.field)}
                        value={c[side]}
                        env={env}
                        record={(side === 'mine' ? conflict.winner : loser) ?? {}}
                        related={related}
                      />
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
          </Box>
        ))}
        <ErrorBox error={error} onClose={() => setError(null)} />
        <Box>
          <Button
            variant="contained"
            color="warning"
            disabled={pending || fields.some((c) => !choices[c.field])}
            onClick={() => void resolve()}
          >
            {t('conflicts.resolve')}
          </Button>
        </Box>
      </Stack>
    </Alert>
  );
}
