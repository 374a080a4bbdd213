import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintIcon from '@mui/icons-material/Print';
import { Box, Button, GlobalStyles, Stack, type SxProps, type Theme, ThemeProvider, Typography } from '@mui/material';
import { createTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { type AddressEntry, type GroupSettings, parseAddresses, parsePhones } from '../domain/group-settings.ts';

// Printed documents (receipts, estimates) go on A4 paper with nothing of the app around them:
// the navbar, footer, notices, dialogs and the page's own buttons are screen-only. Paper is white
// whatever the theme, so the sheet keeps its own colours instead of the (maybe dark) palette.
const PRINT_CSS = `
@page { size: A4; margin: 10mm; }
@media print {
  html, body { background: #fff !important; color: #000 !important; }
  #root > div { display: block !important; min-height: 0 !important; }
  header.MuiAppBar-root, footer, [data-no-print], .MuiSnackbar-root, .MuiModal-root, .MuiPopover-root {
    display: none !important;
  }
  main { padding: 0 !important; margin: 0 !important; max-width: none !important; }
  [data-print-sheet] { margin: 0 !important; }
  main > :not(:has([data-print-sheet])):not([data-print-sheet]) { display: none !important; }
}
`;

const SHEET: SxProps<Theme> = {
  bgcolor: '#fff',
  color: '#111',
  colorScheme: 'light',
  width: '100%',
  maxWidth: '210mm',
  mx: 'auto',
  p: { xs: 2, sm: '10mm' },
  boxShadow: '0 1px 3px rgba(0,0,0,.25), 0 4px 16px rgba(0,0,0,.12)',
  borderRadius: 1,
  fontSize: 13,
  lineHeight: 1.45,
  '@media print': { boxShadow: 'none', p: 0, maxWidth: 'none', borderRadius: 0, fontSize: '10pt' },
};

/** Paper is light in a dark app: tables and secondary text inside the sheet read as printed. */
const paperTheme = (outer: Theme) =>
  createTheme({
    palette: { mode: 'light', text: { primary: '#111', secondary: '#555' }, divider: '#bbb' },
    typography: { fontFamily: outer.typography.fontFamily },
    shape: outer.shape,
  });

/** A page of paper: the only thing that prints. */
export function PrintSheet({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <GlobalStyles styles={PRINT_CSS} />
      <ThemeProvider theme={paperTheme}>
        <Box component="article" aria-label={label} data-print-sheet="" sx={SHEET}>
          {children}
        </Box>
      </ThemeProvider>
    </>
  );
}

function addressLine(address: AddressEntry): string {
  const street = [address.street, address.number].filter(Boolean).join(', ');
  const place = [address.neighborhood, [address.city, address.state].filter(Boolean).join(' - ')].filter(Boolean);
  return [street, address.complement, ...place, address.zip_code].filter(Boolean).join(' · ');
}

/** The group's name with its main phone and address, as a letterhead; the document's title beside it. */
export function Letterhead({
  settings,
  title,
  subtitle,
}: {
  settings: GroupSettings;
  title: string;
  subtitle?: string;
}) {
  const phones = parsePhones(settings.phones);
  const addresses = parseAddresses(settings.addresses);
  const phone = (phones.find((p) => p.main) ?? phones[0])?.number;
  const address = addresses.find((a) => a.main) ?? addresses[0];
  const contact = [phone, address && addressLine(address)].filter(Boolean).join(' · ');
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'flex-start',
        gap: 2,
        pb: 1,
        mb: 1.5,
        borderBottom: '2px solid #111',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, fontSize: '1.35em', lineHeight: 1.2, overflowWrap: 'anywhere' }}>
          {settings.name}
        </Typography>
        {contact && <Typography sx={{ fontSize: '0.85em', color: 'text.secondary' }}>{contact}</Typography>}
      </Box>
      <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
        <Typography component="h1" sx={{ fontWeight: 700, fontSize: '1.2em', lineHeight: 1.2 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography sx={{ fontSize: '0.8em', textTransform: 'uppercase', letterSpacing: 1, color: 'text.secondary' }}>
            {subtitle}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

export interface PrintField {
  label: string;
  value: ReactNode;
  /** Long texts take the whole width. */
  wide?: boolean;
  name?: string;
}

/**
 * Label over value, in `columns` columns on paper (one on a phone); blank values show a dash.
 * Three columns keep a half-page copy (the two-copy receipt) within its half.
 */
export function PrintFields({ fields, columns = 2 }: { fields: readonly PrintField[]; columns?: 2 | 3 }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns}, minmax(0, 1fr))` },
        columnGap: 3,
        rowGap: 1,
        m: 0,
      }}
    >
      {fields.map((field) => (
        <Box
          key={field.label}
          data-print-field={field.name}
          sx={{ gridColumn: field.wide ? '1 / -1' : undefined, minWidth: 0 }}
        >
          <Typography
            component="dt"
            sx={{ fontSize: '0.75em', textTransform: 'uppercase', letterSpacing: 0.5, color: 'text.secondary' }}
          >
            {field.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: '1em', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {field.value === '' || field.value === null || field.value === undefined ? '—' : field.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * A line to sign on, with who signs under it; a stored signature sits on the line. `space` is
 * the room left above the line for a pen (in px).
 */
export function SignatureLine({
  caption,
  signature,
  alt,
  space = 64,
}: {
  caption: string;
  signature?: string;
  alt?: string;
  space?: number;
}) {
  return (
    <Box sx={{ flex: 1, minWidth: 0, textAlign: 'center' }}>
      <Box sx={{ height: space, display: 'flex', alignItems: 'flex-end', justifyContent: 'center' }}>
        {signature && (
          // The PNG is drawn on white: multiplied, its white lets the line and paper show through.
          <Box
            component="img"
            src={signature}
            alt={alt ?? caption}
            sx={{ display: 'block', maxHeight: space, maxWidth: '100%', mixBlendMode: 'multiply' }}
          />
        )}
      </Box>
      <Box sx={{ borderTop: '1px solid #111', pt: 0.5, fontSize: '0.85em' }}>{caption}</Box>
    </Box>
  );
}

/** Shown on screen, left out of the printout (the page's buttons, the signature form). */
export function ScreenOnly({ children }: { children: ReactNode }) {
  return <Box data-no-print="">{children}</Box>;
}

/** The screen's bar above a printed sheet: what it is about, its title, back, and print. */
export function PrintPageBar({
  overline,
  title,
  back,
  backLabel,
  printLabel,
  children,
}: {
  overline: string;
  title: string;
  /** Where "back" leads: the record the sheet is printed from. */
  back: string;
  backLabel: string;
  printLabel: string;
  /** Further actions, between back and print. */
  children?: ReactNode;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="overline" color="text.secondary">
          {overline}
        </Typography>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={back} startIcon={<ArrowBackIcon />}>
          {backLabel}
        </Button>
        {children}
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {printLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
