import { Avatar } from '@mui/material';
import { initials } from '../domain/user.ts';
import { AVATAR_INITIALS, avatarColor } from './avatar-color.ts';

interface UserAvatarProps {
  user: { fullname?: string | null; email?: string | null; unconfirmed_email?: string | null };
  size?: 80 | 200 | 40;
  /** Inside a control named otherwise (the account menu): the initials are not read out. */
  decorative?: boolean;
}

/**
 * Initials on a colour of the name. No picture is fetched from a third party (gravatar.com would
 * learn who uses the app, fail offline, and is outside the page's Content-Security-Policy).
 */
export function UserAvatar({ user, size = 80, decorative = false }: UserAvatarProps) {
  const email = user.email ?? user.unconfirmed_email ?? '';
  const name = user.fullname || email;
  return (
    <Avatar
      alt={name}
      aria-hidden={decorative || undefined}
      sx={{ width: size, height: size, bgcolor: avatarColor(name), fontSize: size * 0.4, color: AVATAR_INITIALS }}
    >
      {initials(user.fullname, email)}
    </Avatar>
  );
}
