import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { system } from '../../src/ui/theme';
import { AppToasts, dismissToasts, removeToasts, showToast } from '../../src/ui/toasts';

/**
 * Toasts load on demand (src/ui/toasts.tsx): calls made while the code arrives keep their order, and from
 * then on a toast shows at once.
 */

describe('toasts on demand', () => {
  it('keep the order of the calls made while their code arrives, then show at once', async () => {
    render(
      <ChakraProvider value={system}>
        <AppToasts />
      </ChakraProvider>,
    );
    // Nothing to hide yet.
    dismissToasts();
    removeToasts();

    // Asked for before the code has arrived: the second replaces the first (one toast at a time).
    showToast({ type: 'error', title: 'First', description: 'one' });
    showToast({ type: 'success', title: 'Second', description: 'two' });
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(screen.queryByText('First')).not.toBeInTheDocument();

    // Loaded: the toast shows in the same render as the call, without waiting on a promise.
    act(() => showToast({ type: 'info', title: 'Third' }));
    expect(screen.getByText('Third')).toBeInTheDocument();
    act(() => removeToasts());
    await waitFor(() => expect(screen.queryByText('Third')).not.toBeInTheDocument());
  });
});
