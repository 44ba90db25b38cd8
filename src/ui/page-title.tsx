import { Heading, type HeadingProps } from '@chakra-ui/react';
import { type RefObject, useEffect, useRef } from 'react';
import { PRODUCT_NAME } from './brand';

/** The last screen whose heading took focus ('path|title'); null until the first screen has shown. */
let lastScreen: string | null = null;

/**
 * Every screen names itself: the browser tab reads '<title> · HR Portal', and after a move to another screen
 * focus goes to its heading, so keyboard and screen-reader users start reading there. The first screen of a
 * page load keeps the browser's own starting point.
 */
export function usePageTitle<T extends HTMLElement>(title: string): RefObject<T | null> {
  const heading = useRef<T>(null);
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
    const screen = `${window.location.pathname}|${title}`;
    if (lastScreen !== null && lastScreen !== screen) heading.current?.focus({ preventScroll: false });
    lastScreen = screen;
  }, [title]);
  return heading;
}

/** The focusable h1 of a screen; `title` names the browser tab and defaults to the heading text. */
export function ScreenHeading({
  children,
  title,
  ...props
}: { children: string; title?: string } & Omit<HeadingProps, 'children' | 'title'>) {
  const heading = usePageTitle<HTMLHeadingElement>(title ?? children);
  return (
    <Heading as="h1" ref={heading} tabIndex={-1} outline="none" {...props}>
      {children}
    </Heading>
  );
}

/** The heading of a screen inside a layout. */
export function PageTitle({ children }: { children: string }) {
  return (
    <ScreenHeading size="xl" mb="6">
      {children}
    </ScreenHeading>
  );
}
