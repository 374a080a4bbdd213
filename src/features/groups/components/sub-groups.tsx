import {
  Button,
  Card,
  CardContent,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { LinkTile } from '../../../components/link-tile.tsx';
import { useForm } from '../../../components/use-form-errors.ts';
import { type SubGroup } from '../../../domain/group-access.ts';
import { validateGroupForm } from '../../../domain/groups.ts';
import { createSubGroup } from '../api/create-sub-group.ts';

/** The admin dashboard's sub-groups tile (spec 000 §2): only when the group has sub-groups. */
export function SubGroupsTile({ accountId, subGroups }: { accountId: string; subGroups: readonly SubGroup[] }) {
  const { t, i18n } = useTranslation();
  if (subGroups.length === 0) return null;
  return (
    <LinkTile
      tile="sub-groups"
      to={`/account/${accountId}/groups`}
      label={t('subGroups.tile')}
      value={new Intl.NumberFormat(i18n.language).format(subGroups.length)}
    />
  );
}

const FIELDS = ['name'] as const;

export interface SubGroupsPageProps {
  accountId: string;
  subGroups: readonly SubGroup[];
  /** Null when the reader is the Corporate group's Owner; else why they cannot create one. */
  refusal: string | null;
}

/**
 * A Corporate group's sub-groups (the Others menu's "groups"): a link to each, and for its Owner a
 * form naming a new one. The server sets its parent; a sub-group just created shows at once, before
 * the parent's list arrives by replication.
 */
export function SubGroupsPage({ accountId, subGroups, refusal }: SubGroupsPageProps) {
  const { t } = useTranslation();
  const form = useForm(FIELDS);
  const [created, setCreated] = useState<SubGroup[]>([]);
  const shown = [...subGroups, ...created.filter((c) => !subGroups.some((g) => g.id === c.id))];
  const onSubmit = form.submit(
    async (values) => {
      const name = (values.name ?? '').trim();
      const answer = await createSubGroup(accountId, { name });
      setCreated((list) => [...list, { id: answer.id, name: answer.name }]);
    },
    // The kind comes from the parent on the server; only the name is asked here.
    (values) => validateGroupForm({ ...values, kind: 'ticket' }),
  );
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="h5" component="h1">
        {t('subGroups.title')}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          {shown.length === 0 ? (
            <Typography color="text.secondary">{t('subGroups.empty')}</Typography>
          ) : (
            <List aria-label={t('subGroups.title')} disablePadding>
              {shown.map((group) => (
                <ListItemButton key={group.id} component={RouterLink} to={`/account/${group.id}`}>
                  <ListItemText primary={group.name} />
                </ListItemButton>
              ))}
            </List>
          )}
        </CardContent>
      </Card>
      {refusal === null ? (
        <Card variant="outlined" component="form" method="post" noValidate onSubmit={onSubmit}>
          <CardContent>
            <Stack spacing={2}>
              <Typography variant="h6" component="h2">
                {t('subGroups.create')}
              </Typography>
              <Typography color="text.secondary">{t('subGroups.createHelp')}</Typography>
              <ErrorBox error={form.error} onClose={form.clearError} />
              <TextField
                label={t('groups.fields.name')}
                required
                slotProps={{ htmlInput: { name: 'name', maxLength: 100 } }}
                {...form.fieldProps('name')}
              />
              <Button type="submit" variant="contained" loading={form.pending} sx={{ alignSelf: 'flex-start' }}>
                {t('subGroups.submit')}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      ) : (
        <Typography color="text.secondary">{t('subGroups.ownerOnly')}</Typography>
      )}
    </Stack>
  );
}
