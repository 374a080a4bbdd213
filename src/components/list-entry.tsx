import { ListItem, ListItemButton, ListItemIcon } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

type DataAttributes = { [key: `data-${string}`]: string | boolean | undefined };

interface ListEntryProps extends DataAttributes {
  /** A route to open; without it the entry is a button calling `onClick`. */
  to?: string;
  onClick?: () => void;
  selected?: boolean;
  icon?: ReactNode;
  /** The entry's text, usually a `ListItemText`. */
  children: ReactNode;
}

/**
 * One clickable entry of a `List`: the button sits inside an `li`, so the list stays a list for
 * screen readers (a bare `ListItemButton` renders a `div` straight under the `ul`).
 */
export function ListEntry({ to, onClick, selected, icon, children, ...data }: ListEntryProps) {
  const content = (
    <>
      {icon && <ListItemIcon>{icon}</ListItemIcon>}
      {children}
    </>
  );
  return (
    <ListItem disablePadding>
      {to ? (
        <ListItemButton component={RouterLink} to={to} onClick={onClick} selected={selected} {...data}>
          {content}
        </ListItemButton>
      ) : (
        <ListItemButton onClick={onClick} selected={selected} {...data}>
          {content}
        </ListItemButton>
      )}
    </ListItem>
  );
}
