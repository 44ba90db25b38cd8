import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { system } from '../../src/ui/theme';
import { LeaverMarks } from '../../src/views/payroll/payroll-parts';

// Process Pay's rows, processed or not, say a leaver is leaving, when final pay is due, and that a
// work-pass holder's pay is withheld for IR21 (issue 35 items 4 and 5).

const show = (row: { finalPayDue?: string | null; withheldForIr21?: boolean }) =>
  render(
    <ChakraProvider value={system}>
      <LeaverMarks row={row} />
    </ChakraProvider>,
  ).container;

describe("a leaver's marks on Process Pay's rows", () => {
  it('names a leaver with the final pay date, and says the pay is withheld for IR21', () => {
    const marks = show({ finalPayDue: '2026-04-10', withheldForIr21: true });
    expect(marks).toHaveTextContent(/leaver/i);
    expect(marks).toHaveTextContent(/10\/04\/2026|10 apr(il)? 2026/i);
    expect(marks).toHaveTextContent(/withheld/i);
    expect(marks).toHaveTextContent(/IR21/);
  });

  it('says nothing for a stayer', () => {
    expect(show({ finalPayDue: null, withheldForIr21: false })).toHaveTextContent(/^$/);
  });
});
