import CheckIcon from '@mui/icons-material/Check';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useContactAddress } from '../../../components/use-contact-address.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../domain/locale.ts';
import { HOME_SCREENSHOT, homeScreenshotPath } from '../home-screenshot.ts';

const FEATURES = ['tickets', 'finance', 'reader', 'disk', 'notes', 'offline'] as const;
const FAQ = ['offline', 'free', 'switch', 'data', 'team'] as const;

// Spec 000 §9: prices per month; the dedicated server is a flat price.
const PLANS = [
  { key: 'free', price: '0', highlighted: false },
  { key: 'pro', price: '6', highlighted: true },
  { key: 'corp', price: '18', highlighted: false },
  { key: 'dedicated', price: '900', highlighted: false },
] as const;
const PLAN_POINTS = { free: 3, pro: 3, corp: 3, dedicated: 3 } as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`${id}-title`} sx={{ py: { xs: 4, md: 6 } }}>
      <Typography id={`${id}-title`} variant="h4" component="h2" sx={{ mb: 3, fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The product's own screen (see home-screenshot.ts) in the page's language, one image per theme:
 * the theme's attribute on <html> shows one (the page is the same in both), and the hidden one is
 * never fetched (lazy images not displayed are not loaded). Its width and height reserve its box.
 */
function HomeScreenshot() {
  const { t, i18n } = useTranslation();
  const locale: Locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  return (
    <Card variant="outlined" component="figure" sx={{ m: 0 }}>
      {(['light', 'dark'] as const).map((theme) => (
        <Box
          key={theme}
          component="img"
          src={`/${homeScreenshotPath(locale, theme)}`}
          alt={t('landing.screenshots.alt')}
          width={HOME_SCREENSHOT.width}
          height={HOME_SCREENSHOT.height}
          loading="lazy"
          decoding="async"
          sx={(muiTheme) => ({
            display: theme === 'light' ? 'block' : 'none',
            width: '100%',
            height: 'auto',
            ...muiTheme.applyStyles('dark', { display: theme === 'dark' ? 'block' : 'none' }),
          })}
        />
      ))}
      <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
        {t('landing.screenshots.caption')}
      </Typography>
    </Card>
  );
}

/**
 * Known in the browser only (useContactAddress): a component of its own, so that once the page
 * is taken over this button is drawn again, not the whole page around it.
 */
function ContactButton({ children }: { children: ReactNode }) {
  const contact = useContactAddress();
  return (
    <Button fullWidth component="a" href={contact && `mailto:${contact}`} variant="outlined">
      {children}
    </Button>
  );
}

/** The public home page for visitors (spec 000 §1): preview, features, pricing, FAQ and screenshots. */
export function PublicHome() {
  const { t } = useTranslation();
  return (
    <Box>
      <Box component="section" aria-labelledby="preview-title" sx={{ py: { xs: 3, md: 6 } }}>
        <Box sx={{ maxWidth: 760 }}>
          {/* Smaller on phones, where the h3 size filled the first screen with the title alone. */}
          <Typography
            id="preview-title"
            variant="h3"
            component="h1"
            sx={{ fontWeight: 800, mb: 2, fontSize: { xs: '2.25rem', sm: '3rem' } }}
          >
            {t('landing.title')}
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 3, fontWeight: 400 }}>
            {t('landing.subtitle')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button component={RouterLink} to="/user/register" variant="contained" size="large">
              {t('landing.start')}
            </Button>
            <Button component={RouterLink} to="/user/login" variant="outlined" size="large">
              {t('nav.login')}
            </Button>
          </Stack>
        </Box>
      </Box>

      <Section id="features" title={t('landing.features.title')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
          {FEATURES.map((key) => (
            <Card key={key} variant="outlined">
              <CardContent>
                <Typography variant="h6" component="h3" gutterBottom>
                  {t(`landing.features.${key}.title`)}
                </Typography>
                <Typography color="text.secondary">{t(`landing.features.${key}.text`)}</Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Section>

      <Section id="pricing" title={t('landing.pricing.title')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          {PLANS.map((plan) => (
            <Card
              key={plan.key}
              variant="outlined"
              sx={{
                display: 'flex',
                flexDirection: 'column',
                borderColor: plan.highlighted ? 'primary.main' : undefined,
              }}
            >
              <CardContent sx={{ flex: 1 }}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                  <Typography variant="h6" component="h3">
                    {t(`landing.pricing.${plan.key}.name`)}
                  </Typography>
                  {plan.highlighted && <Chip size="small" color="primary" label={t('landing.pricing.popular')} />}
                </Stack>
                <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
                  {t('landing.pricing.price', { price: plan.price })}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  {t(`landing.pricing.${plan.key}.unit`)}
                </Typography>
                <List dense disablePadding>
                  {Array.from({ length: PLAN_POINTS[plan.key] }, (_, i) => (
                    <ListItem key={i} disableGutters>
                      <ListItemIcon sx={{ minWidth: 32 }}>
                        <CheckIcon color="success" fontSize="small" />
                      </ListItemIcon>
                      <ListItemText primary={t(`landing.pricing.${plan.key}.point${i + 1}`)} />
                    </ListItem>
                  ))}
                </List>
              </CardContent>
              <CardActions sx={{ p: 2 }}>
                {plan.key === 'dedicated' ? (
                  <ContactButton>{t('landing.contact')}</ContactButton>
                ) : (
                  <Button
                    fullWidth
                    component={RouterLink}
                    to="/user/register"
                    variant={plan.highlighted ? 'contained' : 'outlined'}
                  >
                    {t('landing.start')}
                  </Button>
                )}
              </CardActions>
            </Card>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('landing.pricing.note')}
        </Typography>
      </Section>

      <Section id="screenshots" title={t('landing.screenshots.title')}>
        <HomeScreenshot />
      </Section>

      <Section id="faq" title={t('landing.faq.title')}>
        {FAQ.map((key) => (
          <Accordion key={key} disableGutters variant="outlined">
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography component="h3" sx={{ fontWeight: 600 }}>
                {t(`landing.faq.${key}.q`)}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography color="text.secondary">{t(`landing.faq.${key}.a`)}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </Section>
    </Box>
  );
}
