import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MultiSelectFilter } from '../../src/ui/multi-select-filter';
import { system } from '../../src/ui/theme';

const options = ['Annual Leave', 'Sick Leave', 'Childcare Leave', 'Unpaid Leave'].map((name) => ({
  value: name,
  label: name,
}));

function Harness({ changes }: { changes: string[][] }) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <MultiSelectFilter
      title="Leave Type"
      options={options}
      selected={selected}
      onChange={(next) => {
        changes.push(next);
        setSelected(next);
      }}
    />
  );
}

describe('multi-select filter popover (spec section 2, Reusable pieces)', () => {
  it('searches its options, sums up more than 2 choices and clears them', async () => {
    const user = userEvent.setup();
    const changes: string[][] = [];
    render(
      <ChakraProvider value={system}>
        <Harness changes={changes} />
      </ChakraProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'Leave Type' });
    await user.click(trigger);
    const group = await screen.findByRole('group', { name: 'Leave Type' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: 'Search Leave Type' }), 'zzz');
    expect(within(group).getByText('No results found.')).toBeVisible();
    await user.clear(screen.getByRole('searchbox', { name: 'Search Leave Type' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search Leave Type' }), 'sick');
    expect(within(group).getAllByRole('checkbox')).toHaveLength(1);
    await user.click(within(group).getByRole('checkbox', { name: 'Sick Leave' }));
    expect(changes.at(-1)).toEqual(['Sick Leave']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search Leave Type' }));

    // Chosen in another order, kept in the options' order.
    await user.click(within(group).getByRole('checkbox', { name: 'Unpaid Leave' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Annual Leave' }));
    expect(changes.at(-1)).toEqual(['Annual Leave', 'Sick Leave', 'Unpaid Leave']);
    expect(trigger).toHaveTextContent('3 selected');

    await user.click(within(group).getByRole('checkbox', { name: 'Unpaid Leave' }));
    expect(trigger).toHaveTextContent('Annual Leave');
    expect(trigger).toHaveTextContent('Sick Leave');
    expect(trigger).not.toHaveTextContent('selected');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(changes.at(-1)).toEqual([]);
    expect(trigger).toHaveTextContent(/^Leave Type$/);
  });
});
