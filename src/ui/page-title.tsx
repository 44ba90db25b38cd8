import { Heading, type HeadingProps } from '@chakra-ui/react';
import {
  createContext,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { PRODUCT_NAME } from './brand';

/** The last screen shown in this visit ('path|title'); null until the first screen has shown. */
interface Visit {
  lastScreen: string | null;
}

const VisitContext = createContext<Visit>({ lastScreen: null });

/** One visit of the app: its first screen keeps the browser's starting point, later ones take focus. */
export function VisitProvider({ children }: { children: ReactNode }) {
  const [visit] = useState<Visit>(() => ({ lastScreen: null }));
  return <VisitContext.Provider value={visit}>{children}</VisitContext.Provider>;
}

/**
 * Every screen names itself: the browser tab reads '<title> · HR Portal', and after a move to another screen
 * focus goes to its heading, so keyboard and screen-reader users start reading there. The first screen of a
 * page load keeps the browser's own starting point.
 */
export function usePageTitle<T extends HTMLElement>(title: string): RefObject<T | null> {
  const heading = useRef<T>(null);
  const visit = useContext(VisitContext);
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
    const screen = `${window.location.pathname}|${title}`;
    if (visit.lastScreen !== null && visit.lastScreen !== screen) heading.current?.focus();
    visit.lastScreen = screen;
  }, [title, visit]);
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
