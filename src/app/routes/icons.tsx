import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The icons the app installs with (public/, named in manifest.webmanifest), as spec 000 §2's icon page. */
const ICONS = [
  { src: '/favicon.svg', size: 'SVG', purpose: 'favicon' },
  { src: '/icons/icon-192.png', size: '192 × 192', purpose: 'any' },
  { src: '/icons/icon-512.png', size: '512 × 512', purpose: 'any' },
  { src: '/icons/maskable-512.png', size: '512 × 512', purpose: 'maskable' },
] as const;

export default function IconsRoute() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Typography variant="h5" component="h1">
        {t('placeholders.iconsTitle')}
      </Typography>
      <Typography color="text.secondary">{t('placeholders.iconsText')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
        {ICONS.map((icon) => (
          <Card key={icon.src} variant="outlined">
            <CardContent>
              <Box
                component="img"
                src={icon.src}
                alt={`${icon.purpose} ${icon.size}`}
                sx={{ width: 96, height: 96, display: 'block', mb: 1 }}
              />
              <Typography>{icon.size}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`placeholders.purpose.${icon.purpose}`)}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Stack>
  );
}
