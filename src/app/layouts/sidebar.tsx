import { Box, Button, Collapsible, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'wouter';
import { changePasswordActor, isLoggingOut } from '../../../machines/session.selectors';
import { Brand, PRODUCT_NAME, pageCompanyName } from '../../ui/brand';
import { ChevronDownIcon, KeyIcon, LogoutIcon } from '../../ui/icons';
import { UserAvatar } from '../../ui/user-avatar';
import { useSession, useSessionSend } from '../../views/session/session-context';
import { isActiveLink, type NavItem, type NavLinkItem } from './navigation';

interface SidebarProps {
  area: string;
  nav: NavItem[];
  /** Icons only (the desktop sidebar when collapsed). */
  collapsed: boolean;
  /** Called after a choice, so the mobile drawer can close. */
  onNavigate?: () => void;
}

function SidebarLink({
  link,
  collapsed,
  nested,
  onNavigate,
}: {
  link: NavLinkItem;
  collapsed: boolean;
  nested?: boolean;
  onNavigate?: () => void;
}) {
  const [path] = useLocation();
  const active = isActiveLink(link, path);
  const LinkIcon = link.icon;
  return (
    <Button
      asChild
      variant="ghost"
      size="sm"
      width="full"
      justifyContent={collapsed ? 'center' : 'flex-start'}
      px={collapsed ? '0' : nested ? '2' : '3'}
      gap="3"
      fontWeight={active ? 'semibold' : 'normal'}
      color={active ? 'teal.fg' : 'fg.muted'}
      bg={active ? 'teal.subtle' : undefined}
      _hover={{ bg: active ? 'teal.muted' : 'bg.muted', color: active ? 'teal.fg' : 'fg' }}
    >
      <RouterLink
        href={link.href}
        aria-current={active ? 'page' : undefined}
        aria-label={collapsed ? link.label : undefined}
        title={collapsed ? link.label : undefined}
        onClick={onNavigate}
      >
        <LinkIcon />
        {!collapsed && link.label}
      </RouterLink>
    </Button>
  );
}

function SidebarFooter({ collapsed, onNavigate }: Pick<SidebarProps, 'collapsed' | 'onNavigate'>) {
  const send = useSessionSend();
  const passwordDialog = useSession(changePasswordActor);
  const fullName = useSession((s) => s.context.user?.fullName ?? '');
  const loggingOut = useSession(isLoggingOut);
  const changePassword = () => {
    onNavigate?.();
    passwordDialog?.send({ type: 'dialog.open' });
  };
  const logout = () => send({ type: 'session.logout' });

  if (collapsed) {
    return (
      <Stack align="center" gap="2" py="3" borderTopWidth="1px">
        <UserAvatar fullName={fullName} title={`Welcome, ${fullName}`} />
        <IconButton
          aria-label="Change Password"
          title="Change Password"
          variant="ghost"
          size="sm"
          onClick={changePassword}
        >
          <KeyIcon />
        </IconButton>
        <IconButton
          aria-label="Logout"
          title="Logout"
          variant="ghost"
          size="sm"
          loading={loggingOut}
          onClick={logout}
        >
          <LogoutIcon />
        </IconButton>
      </Stack>
    );
  }
  return (
    <Stack gap="3" p="3" borderTopWidth="1px">
      <HStack gap="3" minW="0">
        <UserAvatar fullName={fullName} />
        <Text fontSize="sm" lineClamp={2}>
          Welcome, {fullName}
        </Text>
      </HStack>
      <HStack gap="2">
        <Button variant="outline" size="xs" flex="1" onClick={changePassword}>
          <KeyIcon /> Change Password
        </Button>
        <Button variant="outline" size="xs" loading={loggingOut} onClick={logout}>
          <LogoutIcon /> Logout
        </Button>
      </HStack>
    </Stack>
  );
}

/** Brand header, the area's links (with the Pay group open by default), and the signed-in user. */
export function SidebarContent({ area, nav, collapsed, onNavigate }: SidebarProps) {
  const companyName = pageCompanyName();
  return (
    <Flex direction="column" height="full">
      <Box
        px={collapsed ? '2' : '4'}
        py="4"
        display="flex"
        justifyContent={collapsed ? 'center' : 'flex-start'}
      >
        <Brand
          compact={collapsed}
          name={companyName || PRODUCT_NAME}
          subtitle={companyName ? `${area} · ${PRODUCT_NAME}` : area}
        />
      </Box>
      <Box as="nav" aria-label={`${area} navigation`} flex="1" overflowY="auto" px="2" py="2">
        <Stack gap="1">
          {nav.map((item) =>
            item.kind === 'link' ? (
              <SidebarLink key={item.href} link={item} collapsed={collapsed} onNavigate={onNavigate} />
            ) : collapsed ? (
              item.links.map((link) => (
                <SidebarLink key={link.href} link={link} collapsed onNavigate={onNavigate} />
              ))
            ) : (
              <Collapsible.Root key={item.label} defaultOpen>
                <Collapsible.Trigger asChild>
                  {/* A plain button: the ghost Button recipe paints its expanded state, and this one starts expanded. */}
                  <Box
                    as="button"
                    display="flex"
                    alignItems="center"
                    width="full"
                    height="9"
                    px="3"
                    gap="3"
                    rounded="l2"
                    fontSize="sm"
                    fontWeight="medium"
                    color="fg.muted"
                    cursor="pointer"
                    className="group"
                    _hover={{ bg: 'bg.muted', color: 'fg' }}
                    _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
                  >
                    <item.icon />
                    {item.label}
                    <Box
                      ms="auto"
                      transition="transform 0.2s"
                      _groupExpanded={{ transform: 'rotate(180deg)' }}
                    >
                      <ChevronDownIcon />
                    </Box>
                  </Box>
                </Collapsible.Trigger>
                <Collapsible.Content>
                  <Stack gap="1" ms="5" ps="2" mt="1" borderStartWidth="1px">
                    {item.links.map((link) => (
                      <SidebarLink
                        key={link.href}
                        link={link}
                        collapsed={false}
                        nested
                        onNavigate={onNavigate}
                      />
                    ))}
                  </Stack>
                </Collapsible.Content>
              </Collapsible.Root>
            ),
          )}
        </Stack>
      </Box>
      <SidebarFooter collapsed={collapsed} onNavigate={onNavigate} />
    </Flex>
  );
}
