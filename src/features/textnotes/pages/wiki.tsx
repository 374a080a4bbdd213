// The wiki (spec 001 §2): its index by title and by tag, with the bookmarks, the entries open on
// this device and the recently updated ones; a box finding notes by title or by a word of their
// text (the group's search view). All from the device's indexes.
import AddIcon from '@mui/icons-material/Add';
import BookmarkIcon from '@mui/icons-material/BookmarkBorder';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link,
  List,
  ListItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorBox } from '../../../components/error-box.tsx';
import type { ModulePageProps } from '../../../components/resource/module-parts.tsx';
import { touchLink } from '../../../components/touch-target.ts';
import { titleKey } from '../../../domain/modules/textnotes/links.ts';
import { type Entry, wikiIndex } from '../../../domain/modules/textnotes/wiki.ts';
import { useNoteSearch } from '../api/search-notes.ts';
import { useWiki } from '../api/use-wiki.ts';
import { OpenEntries } from '../components/open-entries.tsx';

function EntryLink({ accountId, entry }: { accountId: string; entry: Entry }) {
  if (entry.klass === 'Bookmark')
    return (
      <Link href={entry.title} target="_blank" rel="noopener noreferrer" sx={touchLink}>
        <BookmarkIcon fontSize="inherit" sx={{ verticalAlign: 'middle', mr: 0.5 }} />
        {entry.title}
      </Link>
    );
  return (
    <Link component={RouterLink} to={`/account/${accountId}/wiki/${entry.id}`} sx={touchLink}>
      {entry.icon ? `${entry.icon} ` : ''}
      {entry.title}
    </Link>
  );
}

function EntryList({ accountId, entries }: { accountId: string; entries: readonly Entry[] }) {
  return (
    <List dense disablePadding>
      {entries.map((entry) => (
        <ListItem key={entry.id} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
          <EntryLink accountId={accountId} entry={entry} />
          {entry.tags.map((tag) => (
            <Chip key={tag} size="small" label={tag} />
          ))}
        </ListItem>
      ))}
    </List>
  );
}

export default function WikiPage({ env }: ModulePageProps) {
  const { t } = useTranslation();
  const db = env.accountId;
  const { value: wiki, error } = useWiki(db);
  const [by, setBy] = useState<'title' | 'tag'>('title');
  const [filter, setFilter] = useState('');
  const found = useNoteSearch(db, filter);
  const index = useMemo(() => {
    if (!wiki) return null;
    const wanted = titleKey(filter);
    if (!wanted) return wiki.listing();
    // A title holding what is typed, or a text holding words starting with each word typed.
    return wikiIndex(wiki.entries.filter((e) => e.key.includes(wanted) || found?.has(e.id)));
  }, [wiki, filter, found]);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          {t('nav.pages.wiki')}
        </Typography>
        <Button component={RouterLink} to={`/account/${db}/wiki/new/edit`} variant="contained" startIcon={<AddIcon />}>
          {t('wiki.newNote')}
        </Button>
      </Stack>
      <ErrorBox error={error} />
      {wiki && <OpenEntries accountId={db} wiki={wiki} />}
      {index && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
          <Card variant="outlined">
            <CardContent>
              <Stack spacing={1}>
                <TextField
                  size="small"
                  type="search"
                  label={t('wiki.filter')}
                  value={filter}
                  onChange={(event) => setFilter(event.target.value)}
                />
                <Tabs value={by} onChange={(_, value: 'title' | 'tag') => setBy(value)} aria-label={t('wiki.index')}>
                  <Tab value="title" label={t('wiki.byTitle')} />
                  <Tab value="tag" label={t('wiki.byTag')} />
                </Tabs>
                {index.byTitle.length === 0 ? (
                  <EmptyState title={t('wiki.empty')} />
                ) : by === 'title' ? (
                  <EntryList accountId={db} entries={index.byTitle} />
                ) : (
                  index.byTag.map(([tag, entries]) => (
                    <Box key={tag} component="section" aria-label={tag}>
                      <Typography variant="subtitle2" component="h2">
                        {tag}
                      </Typography>
                      <EntryList accountId={db} entries={entries} />
                    </Box>
                  ))
                )}
              </Stack>
            </CardContent>
          </Card>
          <Card variant="outlined" component="section" aria-label={t('wiki.recentlyUpdated')}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {t('wiki.recentlyUpdated')}
              </Typography>
              <EntryList accountId={db} entries={index.recentlyUpdated} />
            </CardContent>
          </Card>
        </Box>
      )}
    </Stack>
  );
}
