import MenuBookIcon from '@mui/icons-material/MenuBookOutlined';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { feedFilterQuery, parseFeedFilter } from '../../../domain/modules/exoreader/feed.ts';

/** The reader, showing one subscription's or one label's items (all of them, read or not). */
export function ReadLink({ accountId, scope, id }: { accountId: string; scope: 'subscription' | 'label'; id: string }) {
  const { t } = useTranslation();
  const query = feedFilterQuery({ ...parseFeedFilter(new URLSearchParams()), read: 'all', [scope]: id });
  return (
    <Button component={RouterLink} to={`/account/${accountId}/reader_items${query}`} startIcon={<MenuBookIcon />}>
      {t('reader.readThese')}
    </Button>
  );
}
