import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ReaderItem } from '../api/feed.ts';
import { ItemEnclosures } from './item-enclosures.tsx';

/**
 * An item's words: HTML as the server sanitised it (src/server/modules/exoreader/feeds/sanitize.ts:
 * no scripts, handlers, frames, forms or styles; people cannot write an item's content, the door refuses it),
 * plain text with its line breaks, or a note that the feed gave none. The app's
 * Content-Security-Policy still forbids inline scripts, should anything slip through. Then the
 * files it carries.
 */
export function ItemBody({ item }: { item: ReaderItem }) {
  return (
    <>
      <ItemWords item={item} />
      <ItemEnclosures enclosures={item.enclosures} />
    </>
  );
}

function ItemWords({ item }: { item: ReaderItem }) {
  const { t } = useTranslation();
  const content = item.content || item.summary;
  if (!content) {
    return (
      <Typography color="text.secondary" data-body="none">
        {t('reader.noContent')}
      </Typography>
    );
  }
  if (item.content && item.content_type === 'html') {
    return (
      <Box
        data-body="html"
        sx={{
          overflowWrap: 'anywhere',
          '& img, & video': { maxWidth: '100%', height: 'auto' },
          '& pre': { overflowX: 'auto' },
          '& a': { color: 'primary.main' },
        }}
        // A site's HTML: a page kept for the next launch leaves it out rather than parse it again.
        data-not-kept=""
        dangerouslySetInnerHTML={{ __html: item.content }}
      />
    );
  }
  return (
    <Typography data-body="text" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {content}
    </Typography>
  );
}
