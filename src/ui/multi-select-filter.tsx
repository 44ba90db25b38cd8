import {
  Badge,
  Box,
  Button,
  Checkbox,
  Input,
  Popover,
  Portal,
  Separator,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { PlusIcon } from './icons';

/**
 * Spec section 2, Reusable pieces: the multi-select filter popover. The trigger shows the title and what is
 * chosen (the labels, or 'N selected' once more than 2 are); the popover has a search box over the options,
 * a checkbox per option, 'No results found.' when the search matches none and 'Clear filters' once something
 * is chosen. It only draws: the chosen values come in and every change goes out through `onChange` (a list
 * screen connects it to its list statechart with `ListFilter`, src/views/list/list-view.tsx). The text typed
 * into the popover's search box narrows the options shown and nothing else, so it stays in the view.
 */

export interface FilterOption {
  value: string;
  label: string;
}

export interface MultiSelectFilterProps {
  /** The trigger's text and the group's name, e.g. 'Status'. */
  title: string;
  options: readonly FilterOption[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  disabled?: boolean;
}

/** Spec: more than 2 chosen values read 'N selected'. */
const SUMMARY_THRESHOLD = 2;

const matches = (option: FilterOption, search: string) =>
  option.label.toLowerCase().includes(search.trim().toLowerCase());

export function MultiSelectFilter({ title, options, selected, onChange, disabled }: MultiSelectFilterProps) {
  const [search, setSearch] = useState('');
  const shown = options.filter((option) => matches(option, search));
  const chosen = options.filter((option) => selected.includes(option.value));
  const toggle = (value: string, on: boolean) =>
    onChange(
      on
        ? // In the options' order, so the same choice is always the same query.
          options.map((o) => o.value).filter((v) => v === value || selected.includes(v))
        : selected.filter((v) => v !== value),
    );

  const summary =
    chosen.length > SUMMARY_THRESHOLD ? (
      <Badge variant="subtle" size="sm">
        {chosen.length} selected
      </Badge>
    ) : (
      chosen.map((option) => (
        <Badge key={option.value} variant="subtle" size="sm">
          {option.label}
        </Badge>
      ))
    );

  return (
    <Popover.Root
      positioning={{ placement: 'bottom-start' }}
      onOpenChange={(details) => {
        if (!details.open) setSearch('');
      }}
    >
      <Popover.Trigger asChild>
        <Button variant="outline" size="sm" borderStyle="dashed" disabled={disabled}>
          <PlusIcon />
          {title}
          {chosen.length > 0 && (
            <>
              <Separator orientation="vertical" height="4" />
              {summary}
            </>
          )}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="15rem">
            <Popover.Body p="2">
              <Stack gap="2">
                <Input
                  size="sm"
                  type="search"
                  aria-label={`Search ${title}`}
                  placeholder={title}
                  maxLength={100}
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
                <Box as="fieldset" maxH="15rem" overflowY="auto">
                  <Box as="legend" srOnly>
                    {title}
                  </Box>
                  {shown.length === 0 ? (
                    <Text fontSize="sm" color="fg.muted" py="4" textAlign="center">
                      No results found.
                    </Text>
                  ) : (
                    <Stack gap="0">
                      {shown.map((option) => (
                        <Checkbox.Root
                          key={option.value}
                          size="sm"
                          px="2"
                          py="1.5"
                          rounded="sm"
                          _hover={{ bg: 'bg.muted' }}
                          checked={selected.includes(option.value)}
                          onCheckedChange={(details) => toggle(option.value, details.checked === true)}
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label fontWeight="normal">{option.label}</Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </Stack>
                  )}
                </Box>
                {chosen.length > 0 && (
                  <>
                    <Separator />
                    <Button variant="ghost" size="sm" onClick={() => onChange([])}>
                      Clear filters
                    </Button>
                  </>
                )}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
