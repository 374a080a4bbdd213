import BookmarkIcon from '@mui/icons-material/Bookmark';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import {
  Button,
  Card,
  Chip,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorBox } from '../../../components/error-box.tsx';
import { useErrorState } from '../../../components/use-error-state.ts';
import type { Membership } from '../../../domain/groups.ts';
import { toggleBookmark } from '../api/toggle-bookmark.ts';
import { useMyGroupsStore } from '../my-groups-store.ts';
import { PlanIcon } from './plan-icon.tsx';

/** Profile → groups: accepted memberships with a bookmark toggle and a refresh link (spec 000 §2). */
export function GroupsTab({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const memberships = useMyGroupsStore((s) => s.memberships);
  const loadError = useMyGroupsStore((s) => s.error);
  const load = useMyGroupsStore((s) => s.load);
  const [error, setError] = useErrorState();
  useEffect(() => {
    void load(userId);
  }, [load, userId]);

  const toggle = async (membership: Membership) => {
    setError(null);
    try {
      await toggleBookmark(userId, membership._id, !membership.bookmark);
      await load(userId);
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          {t('profile.groups.title')}
        </Typography>
        <Button onClick={() => void load(userId)}>{t('actions.refresh')}</Button>
      </Stack>
      <ErrorBox error={error ?? loadError} onClose={() => setError(null)} />
      {memberships?.length === 0 && (
        <Card variant="outlined">
          <EmptyState
            title={t('profile.noGroups')}
            action={
              <Button component={RouterLink} to="/account/new" variant="contained">
                {t('home.createGroup')}
              </Button>
            }
          />
        </Card>
      )}
      {memberships && memberships.length > 0 && (
        <Card variant="outlined">
          <List disablePadding aria-label={t('profile.groups.title')}>
            {memberships.map((membership) => {
              const name = membership.name || membership.db_name;
              const label = membership.bookmark
                ? t('profile.groups.unbookmark', { name })
                : t('profile.groups.bookmark', { name });
              return (
                <ListItem
                  key={membership._id}
                  divider
                  secondaryAction={
                    <Tooltip title={label}>
                      <IconButton
                        edge="end"
                        aria-label={label}
                        aria-pressed={membership.bookmark}
                        onClick={() => void toggle(membership)}
                      >
                        {membership.bookmark ? <BookmarkIcon color="primary" /> : <BookmarkBorderIcon />}
                      </IconButton>
                    </Tooltip>
                  }
                >
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <PlanIcon plan={membership['confirmed-plan']} color="action" />
                        <Link
                          component={RouterLink}
                          to={`/account/${membership.db_name}`}
                          sx={{ wordBreak: 'break-word' }}
                        >
                          {name}
                        </Link>
                        {membership.admin && <Chip size="small" color="primary" label={t('groups.adminBadge')} />}
                      </Stack>
                    }
                    secondary={t(`groups.kinds.${membership.kind}`, membership.kind)}
                  />
                </ListItem>
              );
            })}
          </List>
        </Card>
      )}
    </Stack>
  );
}
