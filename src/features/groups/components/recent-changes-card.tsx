import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Link,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useFormatDay } from '../../../components/format-day.ts';
import { useRecordName } from '../../../components/use-record-name.ts';
import { changeAction, type ChangeRow, recordPath } from '../../../domain/recent-changes.ts';

const ACTION_ICONS = {
  create: <AddCircleOutlineIcon color="success" />,
  update: <EditOutlinedIcon color="info" />,
  destroy: <DeleteOutlineIcon color="error" />,
} as const;

/** Not drawn again while its row is the same one (the list growing to its whole length, the card redrawn). */
const ChangeItem = memo(function ChangeItem({ accountId, row }: { accountId: string; row: ChangeRow }) {
  const { t } = useTranslation();
  const formatDay = useFormatDay();
  const action = changeAction(row);
  const klass = typeof row.doc?.klass === 'string' ? row.doc.klass : '';
  const path = recordPath(accountId, row);
  const label = useRecordName()(row.doc, row.id);
  return (
    <ListItem divider alignItems="flex-start">
      <ListItemIcon sx={{ mt: 0.5 }}>{ACTION_ICONS[action]}</ListItemIcon>
      <ListItemText
        disableTypography
        primary={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Chip size="small" variant="outlined" label={t(`dashboard.actions.${action}`)} />
            <Typography variant="body2" color="text.secondary">
              {klass ? t(`klasses.${klass}`, klass) : t('dashboard.unknownKind')}
            </Typography>
          </Box>
        }
        secondary={
          <Box sx={{ mt: 0.5 }}>
            {path ? (
              <Link component={RouterLink} to={path} sx={{ wordBreak: 'break-word' }}>
                {label}
              </Link>
            ) : (
              <Typography component="span" sx={{ wordBreak: 'break-word' }}>
                {label}
              </Typography>
            )}
            {typeof row.doc?.updated_at === 'string' && (
              <Typography variant="caption" color="text.secondary" component="p">
                {formatDay(row.doc.updated_at)}
              </Typography>
            )}
          </Box>
        }
      />
    </ListItem>
  );
});

interface RecentChangesCardProps {
  accountId: string;
  changes: ChangeRow[] | null;
  error: unknown;
  onCloseError: () => void;
}

/** The last 20 changes of the group, newest first (spec 000 §2 "Dashboard"). */
export const RecentChangesCard = memo(function RecentChangesCard({
  accountId,
  changes,
  error,
  onCloseError,
}: RecentChangesCardProps) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined">
      <CardHeader title={t('dashboard.recentChanges')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }} aria-busy={changes === null && !error}>
        <ErrorBox error={error} onClose={onCloseError} />
        {changes === null && !error && (
          <>
            <Skeleton height={48} />
            <Skeleton height={48} />
            <Skeleton height={48} />
          </>
        )}
        {changes?.length === 0 && <Typography color="text.secondary">{t('dashboard.noChanges')}</Typography>}
        {changes && changes.length > 0 && (
          <List dense disablePadding aria-label={t('dashboard.recentChanges')}>
            {changes.map((row) => (
              <ChangeItem key={`${row.id}-${String(row.seq)}`} accountId={accountId} row={row} />
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
});
