import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { type FormValues, useForm } from '../../../components/use-form-errors.ts';
import type { FieldErrors } from '../../../domain/errors.ts';
import { liveEntries, markEntryDeleted, upsertEntry } from '../../../domain/group-settings.ts';
import { saveGroupSetting } from '../api/group-settings.ts';

type Entry = { id: string; main: boolean; marktodelete?: boolean } & Record<string, string | boolean>;
type Mode = { kind: 'new' } | { kind: 'edit'; entry: Entry } | { kind: 'delete'; entry: Entry };

export interface EntryListConfig {
  /** The Adjustment key holding the list as JSON text. */
  settingKey: 'phones' | 'addresses';
  /** Translation prefix: title, new, edit, delete, confirmDelete, empty, fields.* */
  i18n: string;
  fields: readonly string[];
  validate: (values: FormValues) => FieldErrors;
  /** The one-line summary of an entry. */
  summary: (entry: Entry) => string;
}

interface EntryDialogProps {
  config: EntryListConfig;
  accountId: string;
  entries: readonly Entry[];
  mode: Mode;
  onClose: () => void;
  onSaved: () => Promise<void>;
}

/** One modal with three modes: new, edit and delete (spec 000 §2, §4). */
function EntryDialog({ config, accountId, entries, mode, onClose, onSaved }: EntryDialogProps) {
  const { t } = useTranslation();
  const form = useForm(config.fields);
  const current = mode.kind === 'new' ? null : mode.entry;
  const write = async (next: Entry[]) => {
    await saveGroupSetting(accountId, config.settingKey, JSON.stringify(next));
    await onSaved();
    onClose();
  };
  const onSubmit = form.submit(
    async (values) => {
      // Marked, not dropped: another device's edit of the list merges with this one (merge.ts).
      if (mode.kind === 'delete') return write(markEntryDeleted(entries, mode.entry.id));
      const entry: Entry = {
        id: current?.id ?? globalThis.crypto.randomUUID(),
        main: values.main === 'on',
        ...Object.fromEntries(config.fields.map((field) => [field, (values[field] ?? '').trim()])),
      };
      return write(upsertEntry(entries, entry));
    },
    mode.kind === 'delete' ? undefined : config.validate,
  );
  const titleId = `${config.settingKey}-dialog-title`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t(`${config.i18n}.${mode.kind}`)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ErrorBox error={form.error} onClose={form.clearError} />
            {mode.kind === 'delete' ? (
              <DialogContentText>
                {t(`${config.i18n}.confirmDelete`, { name: config.summary(mode.entry) })}
              </DialogContentText>
            ) : (
              <>
                {config.fields.map((field, index) => (
                  <TextField
                    key={field}
                    label={t(`${config.i18n}.fields.${field}`)}
                    autoFocus={index === 0}
                    defaultValue={typeof current?.[field] === 'string' ? current[field] : ''}
                    slotProps={{ htmlInput: { name: field, maxLength: 200 } }}
                    {...form.fieldProps(field)}
                  />
                ))}
                <FormControlLabel
                  control={<Checkbox name="main" defaultChecked={current?.main ?? liveEntries(entries).length === 0} />}
                  label={t('admin.main')}
                />
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            color={mode.kind === 'delete' ? 'error' : 'primary'}
            loading={form.pending}
          >
            {mode.kind === 'delete' ? t('actions.delete') : t('actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

interface EntryListCardProps {
  config: EntryListConfig;
  accountId: string;
  /** The whole list as stored, entries marked for deletion included (they are written back, not shown). */
  entries: readonly Entry[];
  admin: boolean;
  onSaved: () => Promise<void>;
}

/** A list of phones or addresses; administrators add, edit and delete entries. */
export function EntryListCard({ config, accountId, entries, admin, onSaved }: EntryListCardProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode | null>(null);
  const shown = liveEntries(entries);
  return (
    <Card variant="outlined">
      <CardHeader
        title={t(`${config.i18n}.title`)}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          admin && (
            <Button startIcon={<AddIcon />} onClick={() => setMode({ kind: 'new' })}>
              {t(`${config.i18n}.new`)}
            </Button>
          )
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {shown.length === 0 ? (
          <Typography color="text.secondary">{t(`${config.i18n}.empty`)}</Typography>
        ) : (
          <List dense disablePadding aria-label={t(`${config.i18n}.title`)}>
            {shown.map((entry) => {
              const summary = config.summary(entry);
              return (
                <ListItem
                  key={entry.id}
                  divider
                  secondaryAction={
                    admin && (
                      <>
                        <IconButton
                          aria-label={t(`${config.i18n}.editNamed`, { name: summary })}
                          onClick={() => setMode({ kind: 'edit', entry })}
                        >
                          <EditIcon />
                        </IconButton>
                        <IconButton
                          edge="end"
                          aria-label={t(`${config.i18n}.deleteNamed`, { name: summary })}
                          onClick={() => setMode({ kind: 'delete', entry })}
                        >
                          <DeleteIcon />
                        </IconButton>
                      </>
                    )
                  }
                  sx={{ pr: admin ? 12 : 2 }}
                >
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <span style={{ wordBreak: 'break-word' }}>{summary}</span>
                        {entry.main && <Chip size="small" color="primary" label={t('admin.main')} />}
                      </Stack>
                    }
                    secondary={typeof entry.description === 'string' ? entry.description : undefined}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </CardContent>
      {mode && (
        <EntryDialog
          config={config}
          accountId={accountId}
          entries={entries}
          mode={mode}
          onClose={() => setMode(null)}
          onSaved={onSaved}
        />
      )}
    </Card>
  );
}
