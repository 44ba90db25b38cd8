import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { system } from '../../src/ui/theme';
import { ReleasedPayments, WithheldPayments } from '../../src/views/payroll/withheld-payments';

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

// The follow-up: after IRAS's clearance the released payments show with their own file, and the screen
// says plainly that the month's file now pays them too.
describe('the payments released by IR21 clearance', () => {
  const payment = {
    userId: 4,
    name: 'John Smith',
    netPay: 6123.45,
    clearedOn: '2026-04-20',
    reference: 'IRAS/IR21/0077',
    fileDownloadedOn: null as string | null,
  };
  const show = (released: (typeof payment)[]) =>
    render(
      <ChakraProvider value={system}>
        <ReleasedPayments released={released} download={<button type="button">the file</button>} />
      </ChakraProvider>,
    );

  it('lists each released payment, says its file is not made yet, and warns about the month file', () => {
    show([payment]);
    const region = screen.getByRole('region', { name: /released after iras clearance/i });
    const row = within(region).getByRole('row', { name: /john smith/i });
    expect(row).toHaveTextContent('6,123.45');
    expect(row).toHaveTextContent('20/04/2026');
    expect(row).toHaveTextContent('IRAS/IR21/0077');
    expect(row.textContent).not.toMatch(/downloaded on/);
    expect(region).toHaveTextContent(/month's bank file now includes/i);
    expect(within(region).getByRole('button', { name: 'the file' })).toBeInTheDocument();
  });

  it('says when the file of released payments was made', () => {
    show([{ ...payment, fileDownloadedOn: '2026-04-21' }]);
    const row = screen.getByRole('row', { name: /john smith/i });
    expect(row).toHaveTextContent(/released, file downloaded on 21\/04\/2026/i);
  });

  it('shows nothing when nothing is released', () => {
    show([]);
    expect(screen.queryByRole('region', { name: /released/i })).toBeNull();
  });
});
