import AddIcon from '@mui/icons-material/Add';
import SubdirectoryArrowRightIcon from '@mui/icons-material/SubdirectoryArrowRight';
import HomeIcon from '@mui/icons-material/Home';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonIcon from '@mui/icons-material/Person';
import { Box, Divider, Drawer, List, ListItemText, ListSubheader, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../components/language-select.tsx';
import { ListEntry } from '../components/list-entry.tsx';
import { LogoutDialog } from '../features/accounts/components/logout-dialog-on-demand.ts';
import { useSessionStore } from '../features/accounts/session-store.ts';
import { PlanIcon } from '../features/groups/components/plan-icon.tsx';
import { useGroupNav } from './use-group-nav.ts';
import { useLanguage } from './use-language.ts';

interface Entry {
  to: string;
  label: string;
  icon: ReactNode;
}

const ELLIPSIS = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** The group's menus for narrow screens: switcher, modules and others (spec 000 §2). */
function GroupSection({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { group, switchable, modules, module, openModule, others, pages } = useGroupNav();
  return (
    <>
      {group && (
        <List dense subheader={<ListSubheader>{t('nav.currentGroup')}</ListSubheader>}>
          <ListEntry
            to={`/account/${group.accountId}`}
            onClick={onClose}
            icon={<PlanIcon plan={group.account['confirmed-plan']} />}
          >
            <ListItemText primary={group.account.name || group.accountId} slotProps={{ primary: { sx: ELLIPSIS } }} />
          </ListEntry>
        </List>
      )}
      {/* Other groups right under the current one: on a phone the switcher must not hide below the fold. */}
      <List dense subheader={<ListSubheader>{t('nav.groups')}</ListSubheader>}>
        {switchable.flatMap((membership) => [
          ...(membership.current
            ? []
            : [
                <ListEntry
                  key={membership._id}
                  to={`/account/${membership.db_name}`}
                  onClick={onClose}
                  icon={<PlanIcon plan={membership['confirmed-plan']} />}
                >
                  <ListItemText
                    primary={membership.name || membership.db_name}
                    slotProps={{ primary: { sx: ELLIPSIS } }}
                  />
                </ListEntry>,
              ]),
          // A parent's sub-groups, indented under it (the current group's under the heading above).
          ...membership.sub_groups.map((sub) => (
            <ListEntry
              key={`${membership._id}:${sub.id}`}
              to={`/account/${sub.id}`}
              onClick={onClose}
              icon={<SubdirectoryArrowRightIcon fontSize="small" />}
            >
              <ListItemText primary={sub.name} slotProps={{ primary: { sx: ELLIPSIS } }} />
            </ListEntry>
          )),
        ])}
        <ListEntry to="/account/new" onClick={onClose} icon={<AddIcon />}>
          <ListItemText primary={t('nav.newGroup')} />
        </ListEntry>
      </List>
      {module && pages.length > 0 && (
        <List dense subheader={<ListSubheader>{t(`modules.${module}`)}</ListSubheader>}>
          {pages.map((entry) => (
            <ListEntry key={entry.key} to={entry.to} onClick={onClose}>
              <ListItemText primary={t(`nav.pages.${entry.key}`)} />
            </ListEntry>
          ))}
        </List>
      )}
      {group && module && (
        <List dense subheader={<ListSubheader>{t('nav.modules')}</ListSubheader>}>
          {modules.map((entry) => (
            <ListEntry
              key={entry}
              selected={entry === module}
              onClick={() => {
                onClose();
                openModule(entry);
              }}
            >
              <ListItemText primary={t(`modules.${entry}`)} />
            </ListEntry>
          ))}
        </List>
      )}
      {others.length > 0 && (
        <List dense subheader={<ListSubheader>{t('nav.others')}</ListSubheader>}>
          {others.map((entry) => (
            <ListEntry key={entry.key} to={entry.to} onClick={onClose}>
              <ListItemText primary={t(`nav.othersMenu.${entry.key}`)} />
            </ListEntry>
          ))}
        </List>
      )}
      <Divider />
    </>
  );
}

/** Navigation for narrow screens, where the app bar has no room for links. */
export function AppDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const signedIn = useSessionStore((s) => s.status === 'signed-in');
  // Outside the drawer, which unmounts its content once closed.
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const { current, change } = useLanguage();
  const entries: Entry[] = signedIn
    ? [
        { to: '/', label: t('nav.home'), icon: <HomeIcon /> },
        { to: '/user/profile', label: t('nav.profile'), icon: <PersonIcon /> },
      ]
    : [
        { to: '/', label: t('nav.home'), icon: <HomeIcon /> },
        { to: '/user/login', label: t('nav.login'), icon: <LoginIcon /> },
        { to: '/user/register', label: t('nav.register'), icon: <PersonAddIcon /> },
      ];

  return (
    <>
      <Drawer open={open} onClose={onClose}>
        <Box sx={{ width: 280 }} role="navigation" aria-label={t('nav.menu')}>
          <Typography variant="h6" component="p" sx={{ px: 2, py: 2, fontWeight: 700 }}>
            Moneta
          </Typography>
          <Divider />
          {signedIn && <GroupSection onClose={onClose} />}
          <List>
            {entries.map((entry) => (
              <ListEntry key={entry.to} to={entry.to} onClick={onClose} icon={entry.icon}>
                <ListItemText primary={entry.label} />
              </ListEntry>
            ))}
            {signedIn && (
              <ListEntry
                onClick={() => {
                  onClose();
                  setConfirmingLogout(true);
                }}
                icon={<LogoutIcon />}
              >
                <ListItemText primary={t('nav.logout')} />
              </ListEntry>
            )}
          </List>
          <Divider />
          <Box sx={{ p: 2 }}>
            <LanguageSelect value={current} onChange={(locale) => void change(locale)} />
          </Box>
        </Box>
      </Drawer>
      <LogoutDialog open={confirmingLogout} onClose={() => setConfirmingLogout(false)} />
    </>
  );
}
