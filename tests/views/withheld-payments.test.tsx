import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { system } from '../../src/ui/theme';
import { WithheldPayments } from '../../src/views/payroll/withheld-payments';

// Issue 35 item 5: the bank file's screen lists who is withheld, with the net pay and the reason.

describe('the withheld payments of the bank file', () => {
  it('lists each withheld employee with the net pay and the reason', () => {
    render(
      <ChakraProvider value={system}>
        <WithheldPayments
          withheld={[{ userId: 4, name: 'John Smith', netPay: 6000, reason: 'IR21 clearance pending' }]}
        />
      </ChakraProvider>,
    );
    const region = screen.getByRole('region', { name: /withheld/i });
    const row = within(region).getByRole('row', { name: /john smith/i });
    expect(row).toHaveTextContent('6,000.00');
    expect(row).toHaveTextContent('IR21 clearance pending');
  });

  it('shows nothing when no one is withheld', () => {
    render(
      <ChakraProvider value={system}>
        <WithheldPayments withheld={[]} />
      </ChakraProvider>,
    );
    expect(screen.queryByRole('region', { name: /withheld/i })).toBeNull();
  });
});
