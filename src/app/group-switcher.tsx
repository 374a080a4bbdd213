import AddIcon from '@mui/icons-material/Add';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Box, Button, Divider, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PlanIcon } from '../features/groups/components/plan-icon.tsx';
import { useGroupNav } from './use-group-nav.ts';

const TRUNCATE = { maxWidth: '10em', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** The group switcher: other accepted memberships and a create-group entry (spec 000 §2). */
export function GroupSwitcher() {
  const { t } = useTranslation();
  const { group, switchable } = useGroupNav();
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
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {switchable.map((membership) => {
          const name = membership.name || membership.db_name;
          return (
            <MenuItem key={membership._id} component={RouterLink} to={`/account/${membership.db_name}`} onClick={close}>
              <ListItemIcon>
                <PlanIcon plan={membership['confirmed-plan']} />
              </ListItemIcon>
              <ListItemText>
                <Box component="span" sx={{ ...TRUNCATE, display: 'block' }} title={name}>
                  {name}
                </Box>
              </ListItemText>
            </MenuItem>
          );
        })}
        {switchable.length > 0 && <Divider />}
        <MenuItem component={RouterLink} to="/account/new" onClick={close}>
          <ListItemIcon>
            <AddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('nav.newGroup')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
