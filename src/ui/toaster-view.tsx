import { Portal, Spinner, Stack, Toast, Toaster } from '@chakra-ui/react';
import { toasters } from './toaster';
import { useIsMobile } from './use-is-mobile';

// null (not undefined) overrides the attribute the toast primitive sets, and React then leaves it out.
const withoutLabelLink = { 'aria-labelledby': null, 'aria-describedby': null } as unknown as Record<
  string,
  string
>;

/** The toasts on screen; loaded with the first toast (src/ui/toaster.tsx). */
export default function ToasterView() {
  const phone = useIsMobile();
  return (
    <Portal>
      <Toaster
        key={phone ? 'phone' : 'wide'}
        toaster={phone ? toasters.phone : toasters.wide}
        insetInline={{ mdDown: '4' }}
      >
        {(toast) => (
          // A toast is a live region announced by its text; without the label link, a toast titled
          // 'Password reset successful' is not taken for the label of the Password field beneath it.
          <Toast.Root width={{ md: 'sm' }} {...withoutLabelLink}>
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {/* Full opacity: the default dimmed text falls below 4.5:1 on the solid toast colours. */}
              {toast.description && <Toast.Description opacity={1}>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
