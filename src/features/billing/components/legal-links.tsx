import { Link, Typography } from '@mui/material';
import { Trans } from 'react-i18next';

const policy = (href: string) => <Link href={href} target="_blank" rel="noopener" />;

/** The terms, privacy and refund policies a payment agrees to (spec 000 "Checkout"). */
export function LegalLinks() {
  return (
    <Typography variant="body2" color="text.secondary">
      <Trans
        i18nKey="checkout.legal"
        components={{
          terms: policy('/terms-and-conditions.html'),
          privacy: policy('/privacy-policy.html'),
          refund: policy('/refund-policy.html'),
        }}
      />
    </Typography>
  );
}
