import { Box, Button, Chip, Divider, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDay } from '../../../components/format-day.ts';
import { listMailbox, markNotificationsRead, onMailboxChange } from '../../../data/mailbox.ts';
import { type MailboxEntry, unreadCount } from '../../../domain/mailbox.ts';
import { primaryLanguage } from '../../../domain/notifications.ts';
import { fetchNotifications, plainText } from '../api/list-notifications.ts';

/**
 * The mailbox of system notifications (spec 001 §2): what the dashboard's card fetched, kept on
 * this device after the feed stops showing it, in the person's language, with read marks.
 */
export function MailboxTab() {
  const { t, i18n } = useTranslation();
  const formatDay = useFormatDay();
  const [entries, setEntries] = useState<MailboxEntry[] | null>(null);

  useEffect(() => {
    let live = true;
    const reload = () => void listMailbox().then((kept) => live && setEntries(kept));
    const stop = onMailboxChange(reload);
    reload();
    // Fresh posts are kept as they arrive (the same fetch as the dashboard's card).
    void fetchNotifications(i18n.language);
    return () => {
      live = false;
      stop();
    };
  }, [i18n.language]);

  if (!entries) return null;
  const language = primaryLanguage(i18n.language);
  const shown = entries.filter((entry) => !entry.language || primaryLanguage(entry.language) === language);
  const unread = unreadCount(shown);
  const markRead = (urls: string[]) => void markNotificationsRead(urls, new Date());

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('dashboard.notifications')}
        </Typography>
        <Typography color="text.secondary" role="status">
          {unread > 0 ? t('mailbox.unread', { count: unread }) : t('mailbox.allRead')}
        </Typography>
        {unread > 0 && (
          <Button variant="outlined" onClick={() => markRead(shown.map((entry) => entry.url))}>
            {t('mailbox.markAllRead')}
          </Button>
        )}
      </Stack>
      {shown.length === 0 ? (
        <Typography color="text.secondary">{t('mailbox.empty')}</Typography>
      ) : (
        <List aria-label={t('dashboard.notifications')} disablePadding>
          {shown.map((entry, index) => (
            <Fragment key={entry.url}>
              {index > 0 && <Divider component="li" />}
              <ListItem disableGutters sx={{ alignItems: 'flex-start', gap: 2, py: 1.5 }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography
                    variant="body2"
                    sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word', fontWeight: entry.read_at ? 400 : 600 }}
                  >
                    {plainText(entry.content)}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
                    {!entry.read_at && <Chip size="small" color="primary" label={t('mailbox.new')} />}
                    <Link
                      href={entry.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      variant="caption"
                      onClick={() => markRead([entry.url])}
                    >
                      {formatDay(entry.created_at)}
                    </Link>
                  </Stack>
                </Box>
                {!entry.read_at && (
                  <Button size="small" onClick={() => markRead([entry.url])}>
                    {t('mailbox.markRead')}
                  </Button>
                )}
              </ListItem>
            </Fragment>
          ))}
        </List>
      )}
    </Stack>
  );
}
