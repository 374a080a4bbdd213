import { Avatar } from '@mui/material';
import { initials } from '../domain/user';
import { avatarColor } from './avatar-color';
import { useOnline } from './use-online';

interface UserAvatarProps {
  user: { fullname?: string | null; email?: string | null; unconfirmed_email?: string | null; gravatar_hash?: string };
  size?: 80 | 200 | 40;
}

/**
 * Gravatar with `d=404`, so a missing picture fails and MUI Avatar shows the initials instead;
 * offline the image is not even requested.
 */
export function UserAvatar({ user, size = 80 }: UserAvatarProps) {
  const online = useOnline();
  const email = user.email ?? user.unconfirmed_email ?? '';
  const name = user.fullname || email;
  const src =
    online && user.gravatar_hash ? `https://www.gravatar.com/avatar/${user.gravatar_hash}?s=${size}&d=404` : undefined;
  return (
    <Avatar
      src={src}
      alt={name}
      sx={{ width: size, height: size, bgcolor: avatarColor(name), fontSize: size * 0.4, color: '#fff' }}
    >
      {initials(user.fullname, email)}
    </Avatar>
  );
}
