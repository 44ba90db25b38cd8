import { chakra, useSlotRecipe } from '@chakra-ui/react';
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabItem<T extends string> {
  value: T;
  label: string;
}

/**
 * Tabs whose panel is the chosen one only, following the WAI-ARIA tabs pattern: a `tablist` of `tab` buttons
 * (the chosen one `aria-selected`, the only one in the Tab order), Left and Right arrows (round the ends), Home
 * and End move to a tab and choose it, and the `tabpanel` is labelled by its tab. Styled by Chakra's own tabs
 * recipe, so it looks as Chakra's Tabs do; Chakra's Tabs would bring Zag's tabs machine and its helpers,
 * about 10 KB gzip on /login, for two buttons.
 */
export function TabSet<T extends string>({
  tabs,
  value,
  onValueChange,
  variant = 'enclosed',
  fitted = false,
  mb,
  children,
}: {
  tabs: readonly TabItem<T>[];
  value: T;
  onValueChange: (value: T) => void;
  variant?: 'line' | 'subtle' | 'enclosed' | 'outline' | 'plain';
  fitted?: boolean;
  /** Space under the tab list. */
  mb?: string;
  /** The chosen tab's panel. */
  children: ReactNode;
}) {
  const recipe = useSlotRecipe({ key: 'tabs' });
  const styles = recipe({ variant, fitted, size: 'md' });
  const id = useId();
  const tabId = (tab: T) => `${id}-tab-${tab}`;
  const panelId = `${id}-panel`;
  const buttons = useRef(new Map<T, HTMLButtonElement>());

  const choose = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    buttons.current.get(tab.value)?.focus();
    onValueChange(tab.value);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const current = tabs.findIndex((tab) => tab.value === value);
    const moves: Record<string, () => void> = {
      ArrowLeft: () => choose(current - 1),
      ArrowRight: () => choose(current + 1),
      Home: () => choose(0),
      End: () => choose(tabs.length - 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  return (
    <chakra.div css={styles.root} data-orientation="horizontal">
      <chakra.div
        role="tablist"
        aria-orientation="horizontal"
        data-orientation="horizontal"
        css={styles.list}
        mb={mb}
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const selected = tab.value === value;
          return (
            <chakra.button
              key={tab.value}
              ref={(button: HTMLButtonElement | null) => {
                if (button) buttons.current.set(tab.value, button);
                else buttons.current.delete(tab.value);
              }}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              data-selected={selected ? '' : undefined}
              data-orientation="horizontal"
              tabIndex={selected ? 0 : -1}
              css={styles.trigger}
              onClick={() => onValueChange(tab.value)}
            >
              {tab.label}
            </chakra.button>
          );
        })}
      </chakra.div>
      <chakra.div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(value)}
        tabIndex={0}
        data-orientation="horizontal"
        css={styles.content}
      >
        {children}
      </chakra.div>
    </chakra.div>
  );
}
