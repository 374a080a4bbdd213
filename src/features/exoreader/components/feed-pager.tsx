import { Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { feedPageLinks } from '../../../domain/modules/exoreader/feed.ts';

/** Previous, each earlier page by number, the current one, next (none after a short page). */
export function FeedPager({ page, shown, onPage }: { page: number; shown: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const links = feedPageLinks(page, shown);
  return (
    <Stack
      component="nav"
      aria-label={t('reader.pages')}
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
    >
      <Button disabled={links.previous === null} onClick={() => links.previous && onPage(links.previous)}>
        {t('reader.previous')}
      </Button>
      {links.earlier.map((n) => (
        <Button
          key={n}
          onClick={() => onPage(n)}
          aria-label={t('reader.pageNumber', { page: n })}
          sx={{ minWidth: 44 }}
        >
          {n}
        </Button>
      ))}
      <Button
        variant="contained"
        disableElevation
        tabIndex={-1}
        aria-current="page"
        aria-label={t('reader.pageNumber', { page })}
        sx={{ minWidth: 44, pointerEvents: 'none' }}
      >
        {page}
      </Button>
      <Button disabled={links.next === null} onClick={() => links.next && onPage(links.next)}>
        {t('reader.next')}
      </Button>
    </Stack>
  );
}
