import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../../components/error-box.tsx';
import { NEWSLETTER_TOPICS, type NewsletterTopic } from '../../../domain/newsletter.ts';
import type { PublicUser } from '../../../domain/user.ts';
import { updateMailPreferences } from '../api/update-user.ts';

/**
 * The e-mails a person chooses (spec 001 §1, §3): the weekly summary, the newsletter and its
 * topics. The same choices as the page the e-mails link to (server-drawn, for a person not signed
 * in); here they are saved with the session and no password.
 */
export function NewsletterCard({ user, onSaved }: { user: PublicUser; onSaved: () => void }) {
  const { t } = useTranslation();
  // A summary never stopped comes: only false means no (the user document leaves it absent).
  const [weekly, setWeekly] = useState(user.weekly_summary !== false);
  const [newsletter, setNewsletter] = useState(user.newsletter === true);
  const [topics, setTopics] = useState<ReadonlySet<NewsletterTopic>>(new Set(user.newsletter_topics ?? []));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);

  const toggle = (topic: NewsletterTopic) => {
    const next = new Set(topics);
    if (!next.delete(topic)) next.add(topic);
    setTopics(next);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    setSaved(false);
    try {
      await updateMailPreferences(user, {
        weekly_summary: weekly,
        newsletter,
        newsletter_topics: NEWSLETTER_TOPICS.filter((topic) => topics.has(topic)),
      });
      setSaved(true);
      onSaved();
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack component="form" spacing={1.5} onSubmit={(event) => void onSubmit(event)}>
          <Typography variant="h6" component="h2">
            {t('profile.mail.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('profile.mail.intro')}
          </Typography>
          {saved && (
            <Alert severity="success" role="status" onClose={() => setSaved(false)}>
              {t('profile.mail.saved')}
            </Alert>
          )}
          <ErrorBox error={error} onClose={() => setError(null)} />
          <FormControlLabel
            control={<Switch checked={weekly} onChange={(e) => setWeekly(e.target.checked)} />}
            label={t('profile.mail.weekly')}
          />
          <FormControlLabel
            control={<Switch checked={newsletter} onChange={(e) => setNewsletter(e.target.checked)} />}
            label={t('profile.mail.newsletter')}
          />
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }} disabled={!newsletter}>
            <FormLabel component="legend">{t('profile.mail.topicsLegend')}</FormLabel>
            <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {NEWSLETTER_TOPICS.map((topic) => (
                <FormControlLabel
                  key={topic}
                  disabled={!newsletter}
                  control={<Checkbox checked={topics.has(topic)} onChange={() => toggle(topic)} />}
                  label={t(`profile.mail.topics.${topic}`)}
                />
              ))}
            </FormGroup>
          </Box>
          <Box>
            <Button type="submit" variant="contained" loading={pending}>
              {t('profile.mail.save')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
