import AddIcon from '@mui/icons-material/Add';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import SubdirectoryArrowRightIcon from '@mui/icons-material/SubdirectoryArrowRight';
import { Box, Button, Divider, ListItemIcon, ListItemText, ListSubheader, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MenuOnDemand } from '../components/on-demand.tsx';
import { canCreateSubGroup } from '../domain/group-access.ts';
import { useSessionStore } from '../features/accounts/session-store.ts';
import { PlanIcon } from '../features/groups/components/plan-icon.tsx';
import { useGroupNav } from './use-group-nav.ts';

const TRUNCATE = { maxWidth: '10em', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** The group switcher: other accepted memberships, each parent's sub-groups under it, and a create-group entry (spec 000 §2). */
export function GroupSwitcher() {
  const { t } = useTranslation();
  const { group, switchable } = useGroupNav();
  const userId = useSessionStore((s) => s.user?._id ?? '');
  // The Owner reaches the sub-groups page from here even before the first one (the menu waits for it).
  const ownerOf = group && canCreateSubGroup(userId, group.settings) === null ? group.accountId : null;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const current = group ? group.account.name || group.accountId : t('nav.groups');
  return (
    <>
      <Button
        color="inherit"
        aria-label={t('nav.switchGroup', { name: current })}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        endIcon={<ArrowDropDownIcon />}
        startIcon={group ? <PlanIcon plan={group.account['confirmed-plan']} /> : undefined}
        sx={{ textTransform: 'none' }}
      >
        <Box component="span" sx={TRUNCATE} title={current}>
          {current}
        </Box>
      </Button>
      <MenuOnDemand anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {switchable.flatMap((membership) => {
          const name = membership.name || membership.db_name;
          return [
            // The current group is listed only to carry its sub-groups: as a heading, not a link.
            membership.current ? (
              <ListSubheader key={membership._id} sx={{ lineHeight: '32px' }}>
                {name}
              </ListSubheader>
            ) : (
              <MenuItem
                key={membership._id}
                component={RouterLink}
                to={`/account/${membership.db_name}`}
                onClick={close}
              >
                <ListItemIcon>
                  <PlanIcon plan={membership['confirmed-plan']} />
                </ListItemIcon>
                <ListItemText>
                  <Box component="span" sx={{ ...TRUNCATE, display: 'block' }} title={name}>
                    {name}
                  </Box>
                </ListItemText>
              </MenuItem>
            ),
            ...membership.sub_groups.map((sub) => (
              <MenuItem
                key={`${membership._id}:${sub.id}`}
                component={RouterLink}
                to={`/account/${sub.id}`}
                onClick={close}
                aria-label={t('subGroups.switcherEntry', { name: sub.name, parent: name })}
              >
                <ListItemIcon>
                  <SubdirectoryArrowRightIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>
                  <Box component="span" sx={{ ...TRUNCATE, display: 'block' }} title={sub.name}>
                    {sub.name}
                  </Box>
                </ListItemText>
              </MenuItem>
            )),
          ];
        })}
        {switchable.length > 0 && <Divider />}
        {ownerOf && (
          <MenuItem component={RouterLink} to={`/account/${ownerOf}/groups`} onClick={close}>
            <ListItemIcon>
              <AddIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('subGroups.newEntry')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem component={RouterLink} to="/account/new" onClick={close}>
          <ListItemIcon>
            <AddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('nav.newGroup')}</ListItemText>
        </MenuItem>
      </MenuOnDemand>
    </>
  );
}
