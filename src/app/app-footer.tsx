import { Box, Container, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../components/language-select.tsx';
import { useContactAddress } from '../components/use-contact-address.ts';
import { useLanguage } from './use-language.ts';

const RELEASE_DATE = '2025-06-09';

/** Known in the browser only (useContactAddress): drawn again alone once the page is taken over. */
function ContactLink({ children }: { children: ReactNode }) {
  const contact = useContactAddress();
  return (
    <Link href={contact && `mailto:${contact}`} underline="hover">
      {children}
    </Link>
  );
}

export function AppFooter() {
  const { t } = useTranslation();
  const { current, change } = useLanguage();
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 3, mt: 4, bgcolor: 'background.paper' }}>
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', md: 'center' } }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }}>
            <Link href="/api/docs" underline="hover">
              {t('footer.apiDocs')}
            </Link>
            <ContactLink>{t('footer.contact')}</ContactLink>
            <Link href="/terms-and-conditions.html" underline="hover">
              {t('footer.terms')}
            </Link>
          </Stack>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
          >
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {t('footer.releaseDate', { date: RELEASE_DATE })}
            </Typography>
            <Box sx={{ minWidth: 180 }}>
              <LanguageSelect value={current} onChange={(locale) => void change(locale)} />
            </Box>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
