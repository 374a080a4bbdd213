import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CheckIcon from '@mui/icons-material/Check';
import { Button, Divider, ListItemIcon, ListItemText, ListSubheader, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MenuOnDemand } from '../components/on-demand.tsx';
import { useGroupNav } from './use-group-nav.ts';

/**
 * Module menu: the current module's screens (its lists, its board…), then the group's enabled
 * modules; picking a module switches to it (spec 000 §2, spec 001 §2).
 */
export function ModuleMenu() {
  const { t } = useTranslation();
  const { modules, module, openModule, pages } = useGroupNav();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!module) return null;
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-label={t('nav.moduleMenu', { name: t(`modules.${module}`) })}
        endIcon={<ArrowDropDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none' }}
      >
        {t(`modules.${module}`)}
      </Button>
      <MenuOnDemand anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {pages.map((entry) => (
          <MenuItem key={entry.key} component={RouterLink} to={entry.to} onClick={() => setAnchor(null)}>
            <ListItemText inset>{t(`nav.pages.${entry.key}`)}</ListItemText>
          </MenuItem>
        ))}
        {pages.length > 0 && <Divider key="divider" />}
        {pages.length > 0 && (
          <ListSubheader key="modules" sx={{ lineHeight: '32px' }}>
            {t('nav.modules')}
          </ListSubheader>
        )}
        {modules.map((entry) => (
          <MenuItem
            key={entry}
            selected={entry === module}
            onClick={() => {
              setAnchor(null);
              openModule(entry);
            }}
          >
            <ListItemIcon>{entry === module && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{t(`modules.${entry}`)}</ListItemText>
          </MenuItem>
        ))}
      </MenuOnDemand>
    </>
  );
}

/** Others menu: module records, then the group's own pages (admin, memberships, billing, usage). */
export function OthersMenu() {
  const { t } = useTranslation();
  const { others } = useGroupNav();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (others.length === 0) return null;
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        endIcon={<ArrowDropDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none' }}
      >
        {t('nav.others')}
      </Button>
      <MenuOnDemand anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {others.map((entry) => (
          <MenuItem key={entry.key} component={RouterLink} to={entry.to} onClick={() => setAnchor(null)}>
            {t(`nav.othersMenu.${entry.key}`)}
          </MenuItem>
        ))}
      </MenuOnDemand>
    </>
  );
}
