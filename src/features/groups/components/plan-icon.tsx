import BusinessIcon from '@mui/icons-material/Business';
import LockIcon from '@mui/icons-material/Lock';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import type { SvgIconProps } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** One icon per plan (spec 000 §2 group switcher); labelled for screen readers. */
export function PlanIcon({ plan, ...props }: { plan: string | null | undefined } & SvgIconProps) {
  const { t } = useTranslation();
  const known = plan === 'pro' || plan === 'corp' || plan === 'locked' ? plan : 'free';
  const Icon = { free: StarBorderIcon, pro: StarIcon, corp: BusinessIcon, locked: LockIcon }[known];
  const label = t(`groups.plans.${known}`);
  return <Icon fontSize="small" titleAccess={label} aria-label={label} {...props} />;
}
