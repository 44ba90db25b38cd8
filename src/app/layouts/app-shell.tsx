import { Box, Drawer, Flex, IconButton, Portal, Separator, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { BrandMark } from '../../ui/brand';
import { SidebarIcon } from '../../ui/icons';
import { dismissToasts } from '../../ui/toasts';
import { useIsMobile } from '../../ui/use-is-mobile';
import type { NavItem } from './navigation';
import { SidebarContent } from './sidebar';
import { readSidebarOpen, writeSidebarOpen } from './sidebar-state';

/**
 * The signed-in frame: a sidebar that collapses to icons (16rem / 3rem) and, below 768px, an off-canvas drawer
 * (18rem) opened by the toggle. Which variant shows is pure CSS, so nothing here measures the window.
 */
export function AppShell({ area, nav, children }: { area: string; nav: NavItem[]; children: ReactNode }) {
  const [expanded, setExpanded] = useState(readSidebarOpen);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Closed by a choice (a link, Change Password), the drawer leaves focus to what comes next (the new page's
  // heading, the dialog); closed by Escape or the backdrop, it gives focus back to its toggle.
  const [restoreFocus, setRestoreFocus] = useState(true);
  const isMobile = useIsMobile();
  const toggleExpanded = () => {
    setExpanded(!expanded);
    writeSidebarOpen(!expanded);
  };

  return (
    <Flex minH="100dvh" bg="bg">
      {/* Rendered only on wide screens, so the drawer's copy is the only sidebar on a phone. */}
      {!isMobile && (
        <Box
          as="aside"
          aria-label="Sidebar"
          data-state={expanded ? 'expanded' : 'collapsed'}
          hideBelow="md"
          flexShrink={0}
          width={expanded ? '16rem' : '3rem'}
          transition="width 0.2s ease"
          borderEndWidth="1px"
          bg="bg.subtle"
          position="sticky"
          top="0"
          height="100dvh"
          overflow="hidden"
        >
          <SidebarContent area={area} nav={nav} collapsed={!expanded} />
        </Box>
      )}
      <Drawer.Root
        open={drawerOpen}
        placement="start"
        restoreFocus={restoreFocus}
        onOpenChange={({ open }) => setDrawerOpen(open)}
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxW="18rem" bg="bg.subtle">
              <Drawer.Title srOnly>{area} navigation</Drawer.Title>
              <SidebarContent
                area={area}
                nav={nav}
                collapsed={false}
                onNavigate={() => {
                  setRestoreFocus(false);
                  setDrawerOpen(false);
                }}
              />
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
      <Flex direction="column" flex="1" minW="0">
        <Flex
          as="header"
          height="14"
          align="center"
          gap="3"
          px={{ base: '3', md: '4' }}
          borderBottomWidth="1px"
          position="sticky"
          top="0"
          bg="bg"
          zIndex="docked"
        >
          <IconButton
            aria-label="Toggle Sidebar"
            aria-expanded={expanded}
            variant="ghost"
            size="sm"
            hideBelow="md"
            onClick={toggleExpanded}
          >
            <SidebarIcon />
          </IconButton>
          <IconButton
            aria-label="Toggle Sidebar"
            aria-expanded={drawerOpen}
            variant="ghost"
            size="sm"
            hideFrom="md"
            onClick={() => {
              // A toast spans a phone's width and would lie over the drawer's links: it has been read, so it goes.
              dismissToasts();
              setRestoreFocus(true);
              setDrawerOpen(true);
            }}
          >
            <SidebarIcon />
          </IconButton>
          <Separator orientation="vertical" height="5" />
          {/* Below 768px the sidebar is hidden, so the header carries the brand. */}
          <Box hideFrom="md">
            <BrandMark size={6} />
          </Box>
          <Text fontSize="sm" color="fg.muted">
            {area}
          </Text>
        </Flex>
        <Box as="main" flex="1" p={{ base: '4', md: '8' }}>
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}
