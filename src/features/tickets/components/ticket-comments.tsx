import { Box, Button, Card, CardContent, Divider, Link, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { describeError, splitFieldReasons } from '../../../components/error-text.ts';
import { useFormatDay } from '../../../components/format-day.ts';
import { type ResourceEnv, resourcePath } from '../../../components/resource/resource-env.ts';
import { useErrorState } from '../../../components/use-error-state.ts';
import { useErrorText } from '../../../components/use-error-text.ts';
import type { PouchDoc } from '../../../data/pouch-api.ts';
import { comments } from '../../../domain/modules/ticket/records.ts';
import { addTicketComment, useTicketComments } from '../use-ticket-comments.ts';

const PAGE = 20;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The ticket's conversation: newest first, with a form to add to it; works offline. */
export function TicketComments({ ticket, env }: { ticket: PouchDoc; env: ResourceEnv }) {
  const { t } = useTranslation();
  const { detail } = useErrorText();
  const formatDay = useFormatDay();
  const headingId = useId();
  const [limit, setLimit] = useState(PAGE);
  const { value, error: loadError, setError: setLoadError } = useTicketComments(env.accountId, ticket._id, limit);
  const [content, setContent] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useErrorState();
  const described = useMemo(() => (error === null ? null : describeError(error)), [error]);
  const contentError = described?.fields?.content?.map(detail).join(', ');
  // Only the content is typed here: anything else wrong goes in the box above it.
  const otherFields = described?.fields ? splitFieldReasons(described.fields, ['content']).other : null;
  const boxError = described?.fields ? otherFields && { error: described.code, reason: otherFields } : error;
  const author = (comment: PouchDoc) =>
    env.members.find((m) => m.id === comment.created_by)?.name || text(comment.user) || t('resource.formerMember');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSaving(true);
    try {
      const me = env.members.find((m) => m.id === env.userId)?.name ?? null;
      await addTicketComment(env, ticket._id, content, me);
      setContent('');
    } catch (caught) {
      setError(caught);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} data-ticket-comments="">
      <CardContent>
        <Stack spacing={2}>
          <Typography id={headingId} variant="h6" component="h2">
            {t('records.comments.title')}
            {value && value.total > 0 && ` (${value.total})`}
          </Typography>
          <Stack component="form" noValidate spacing={1} onSubmit={(e) => void submit(e)}>
            <ErrorBox error={boxError} onClose={() => setError(null)} />
            <TextField
              label={t('tickets.comments.field')}
              value={content}
              onChange={(event) => {
                setContent(event.target.value);
                if (contentError) setError(null);
              }}
              multiline
              minRows={2}
              required
              error={Boolean(contentError)}
              helperText={contentError}
              slotProps={{ htmlInput: { name: 'content' } }}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={saving}>
                {t('tickets.comments.add')}
              </Button>
            </Box>
          </Stack>
          <ErrorBox error={loadError} onClose={() => setLoadError(null)} />
          {value && value.total === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('records.comments.empty')}
            </Typography>
          )}
          {value && value.rows.length > 0 && (
            <Stack component="ol" divider={<Divider flexItem />} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {value.rows.map((comment) => (
                <Box component="li" key={comment._id} sx={{ py: 1.5 }} data-comment={comment._id}>
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}>
                    <Typography variant="subtitle2" component="span">
                      {author(comment)}
                    </Typography>
                    <Link
                      component={RouterLink}
                      to={resourcePath(env, comments, `/${comment._id}`)}
                      variant="body2"
                      color="text.secondary"
                    >
                      {formatDay(text(comment.date) || text(comment.created_at))}
                    </Link>
                  </Stack>
                  <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
                    {text(comment.content)}
                  </Typography>
                </Box>
              ))}
            </Stack>
          )}
          {value && value.total > value.rows.length && (
            <Box>
              <Button onClick={() => setLimit((n) => n + PAGE)}>
                {t('tickets.comments.more', { count: value.total - value.rows.length })}
              </Button>
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
