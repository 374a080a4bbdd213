// The notes that link to a record (issue 33): a customer's, an equipment's or a ticket's page
// shows the shop's know-how about it, and a note its "linked by". From the device's index of
// `wiki/links`, offline too; a record whose name a note (or an earlier record) has is reached by
// no link, and lists none.
import { Card, CardContent, Link, List, ListItem, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { linkKeyOf, linksReach } from '../../../domain/modules/textnotes/wiki.ts';
import { touchLink } from '../../../components/touch-target.ts';
import { linkingEntries, useWiki } from '../api/use-wiki.ts';

export function LinkedNotes({ accountId, record }: { accountId: string; record: PouchDoc }) {
  const { t } = useTranslation();
  const { value: wiki } = useWiki(accountId);
  const klass = String(record.klass);
  const key = linkKeyOf(klass, record);
  if (!wiki || !key || !linksReach(klass, record._id, record, wiki.index)) return null;
  const notes = linkingEntries(wiki, key, record._id);
  if (notes.length === 0 && klass !== 'Handbook') return null;
  return (
    <Card variant="outlined" component="section" aria-label={t('wiki.linkedBy')}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {klass === 'Handbook' ? t('wiki.linkedBy') : t('wiki.notesLinkingHere')}
        </Typography>
        {notes.length === 0 ? (
          <Typography color="text.secondary">{t('wiki.noBacklinks')}</Typography>
        ) : (
          <List dense disablePadding>
            {notes.map((note) => (
              <ListItem key={note.id} disableGutters>
                <Link component={RouterLink} to={`/account/${accountId}/wiki/${note.id}`} sx={touchLink}>
                  {note.icon ? `${note.icon} ` : ''}
                  {note.title}
                </Link>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
