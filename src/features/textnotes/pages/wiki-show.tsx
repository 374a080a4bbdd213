// A wiki entry (spec 001 §2): the note rendered with its `[[links]]` resolved, its tags, address,
// extra fields, and the notes that link to it ("linked by"); opened, it joins this device's open
// entries.
import EditIcon from '@mui/icons-material/EditOutlined';
import { Box, Button, Card, CardContent, Chip, Link, Stack, Typography } from '@mui/material';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { ErrorPage } from '../../../components/error-page.tsx';
import type { ModulePageProps } from '../../../components/resource/module-parts.tsx';
import { useReplicaQuery } from '../../../components/resource/use-records.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { getRecord } from '../../../data/records.ts';
import { rememberOpenEntry, useWiki } from '../api/use-wiki.ts';
import { LinkedNotes } from '../components/linked-notes.tsx';
import { OpenEntries } from '../components/open-entries.tsx';
import { WikiMarkdown } from '../components/wiki-markdown.tsx';

interface Note extends PouchDoc {
  title?: string;
  content?: string;
  content_type?: string;
  categories?: string[];
  icon?: string;
  uri?: string;
  extra_fields?: Array<{ name?: string; value?: string }>;
}

export default function WikiShowPage({ env, recordId }: ModulePageProps) {
  const { t } = useTranslation();
  const db = env.accountId;
  const load = useCallback(() => getRecord<Note>(db, recordId), [db, recordId]);
  const { value: note, error } = useReplicaQuery(db, load);
  const { value: wiki } = useWiki(db);
  useEffect(() => {
    if (note?.klass === 'Handbook') rememberOpenEntry(db, recordId);
  }, [db, recordId, note?.klass]);

  if (note === null || (note && note.klass !== 'Handbook')) return <ErrorPage code="not_found" />;
  if (!note || !wiki) return <ErrorBox error={error} />;
  return (
    <Stack spacing={2}>
      <OpenEntries key={recordId} accountId={db} wiki={wiki} current={recordId} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {note.icon ? `${note.icon} ` : ''}
          {note.title}
        </Typography>
        <Button component={RouterLink} to={`/account/${db}/wiki/${recordId}/edit`} startIcon={<EditIcon />}>
          {t('actions.edit')}
        </Button>
      </Stack>
      {(note.categories?.length || note.uri) && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {note.categories?.map((tag) => (
            <Chip key={tag} size="small" label={tag} />
          ))}
          {note.uri && (
            <Link href={note.uri} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
              {note.uri}
            </Link>
          )}
        </Stack>
      )}
      <Card variant="outlined">
        <CardContent>
          {note.content ? (
            <WikiMarkdown source={note.content} contentType={note.content_type} accountId={db} wiki={wiki} />
          ) : (
            <Typography color="text.secondary">{t('wiki.emptyNote')}</Typography>
          )}
        </CardContent>
      </Card>
      {note.extra_fields && note.extra_fields.length > 0 && (
        <Card variant="outlined" component="section" aria-label={t('records.handbooks.fields.extra_fields')}>
          <CardContent>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, m: 0 }}>
              {note.extra_fields.map((field, i) => (
                <Box key={i} sx={{ display: 'contents' }}>
                  <Typography component="dt" sx={{ fontWeight: 600 }}>
                    {field.name}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {field.value}
                  </Typography>
                </Box>
              ))}
            </Box>
          </CardContent>
        </Card>
      )}
      <LinkedNotes accountId={db} record={note} />
    </Stack>
  );
}
