import { SvgIcon, type SvgIconProps } from '@mui/material';

/** The "M" of public/favicon.svg, drawn in the current colour for the app bar. */
export function BrandMark(props: SvgIconProps) {
  return (
    <SvgIcon viewBox="10 12 44 40" {...props}>
      <path d="M14 48V16h6l12 15 12-15h6v32h-7V28L32 41 21 28v20z" />
    </SvgIcon>
  );
}
