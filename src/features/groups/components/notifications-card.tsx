import { Box, Card, CardContent, CardHeader, Divider, Link, Stack, Typography } from '@mui/material';
import { Fragment, memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDay } from '../../../components/format-day.ts';
import type { SystemNotification } from '../../../domain/notifications.ts';
import { fetchNotifications, plainText } from '../api/list-notifications.ts';

/** Recent posts of the system's social feed; hidden when there is none, or on any failure. */
export const NotificationsCard = memo(function NotificationsCard({ refreshKey }: { refreshKey: number }) {
  const { t, i18n } = useTranslation();
  const formatDay = useFormatDay();
  const [posts, setPosts] = useState<SystemNotification[]>([]);
  useEffect(() => {
    let live = true;
    // The server tells where its feed is (`notifications_url` of `GET /db/`); none means no card.
    // What it shows is kept in the device's mailbox too (the profile's Notifications tab).
    void fetchNotifications(i18n.language).then((found) => live && setPosts(found));
    return () => {
      live = false;
    };
  }, [i18n.language, refreshKey]);
  if (posts.length === 0) return null;

  return (
    <Card variant="outlined">
      <CardHeader title={t('dashboard.notifications')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={1.5}>
          {posts.map((post, index) => (
            <Fragment key={post.url}>
              {index > 0 && <Divider />}
              <Box>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
                  {plainText(post.content)}
                </Typography>
                <Link href={post.url} target="_blank" rel="noopener noreferrer" variant="caption">
                  {formatDay(post.created_at)}
                </Link>
              </Box>
            </Fragment>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
});
