import { Box, type BoxProps } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/**
 * Fades an edge where more is hidden, so a row or a table reads as one to scroll sideways. The fade ends
 * in the surface behind it (`--hw-surface`, set in global.css: the page's gray, a card's white).
 */
const FADE = 'linear-gradient(to {side}, transparent, var(--hw-surface, var(--mantine-color-body)) 85%)';

interface ScrollEdges {
  before: boolean;
  after: boolean;
}

/**
 * Which sides of a sideways-scrolling element hide more of it, measured on scroll and again whenever the
 * element or its content changes size (rows arrive as data loads, a phone turns).
 */
function useScrollEdges(viewport: RefObject<HTMLElement | null>) {
  const [more, setMore] = useState<ScrollEdges>({ before: false, after: false });
  const measure = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const before = element.scrollLeft > 4;
    const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 4;
    setMore((state) => (state.before === before && state.after === after ? state : { before, after }));
  }, []);
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    measure(element);
    const observer = new ResizeObserver(() => measure(element));
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [measure, viewport]);
  return { more, measure };
}

/** The fade and arrow over one side of a scrolling element; its parent is positioned. */
function ScrollEdge({ side }: { side: 'left' | 'right' }) {
  return (
    <Box
      aria-hidden
      data-more={side === 'right' ? 'after' : 'before'}
      pos="absolute"
      top={0}
      bottom={0}
      w={36}
      style={{
        [side]: 0,
        pointerEvents: 'none',
        display: 'flex',
        alignItems: 'center',
        justifyContent: side === 'right' ? 'flex-end' : 'flex-start',
        background: FADE.replace('{side}', side),
        color: 'var(--mantine-color-navy-5)',
      }}
    >
      {side === 'right' ? <IconChevronRight size={16} /> : <IconChevronLeft size={16} />}
    </Box>
  );
}

/**
 * A table wider than the screen, scrolled sideways in a region the keyboard can reach, with a fade on
 * each side that hides more of it.
 */
export function ScrollRegion({
  label,
  labelledBy,
  children,
}: {
  label?: string;
  labelledBy?: string;
  children: ReactNode;
}) {
  const viewport = useRef<HTMLDivElement>(null);
  const { more, measure } = useScrollEdges(viewport);
  return (
    <Box pos="relative">
      <div
        ref={viewport}
        role="region"
        aria-label={label}
        aria-labelledby={labelledBy}
        // A tab stop only while there is something to scroll to.
        tabIndex={more.before || more.after ? 0 : undefined}
        onScroll={(event) => measure(event.currentTarget)}
        style={{ overflowX: 'auto' }}
      >
        {children}
      </div>
      {more.before && <ScrollEdge side="left" />}
      {more.after && <ScrollEdge side="right" />}
    </Box>
  );
}

/**
 * A row of links scrolled sideways with the browser's own scrolling, its bar hidden: the fades and
 * arrows say where more of it is. Its content should be as wide as itself (`w="max-content"`), so the
 * row is measured again as items appear. `viewport` is for a caller that scrolls the row itself.
 */
export function ScrollRow({
  label,
  viewport,
  children,
  ...box
}: BoxProps & {
  label: string;
  viewport?: RefObject<HTMLElement | null>;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const own = useRef<HTMLElement>(null);
  const row = viewport ?? own;
  const { more, measure } = useScrollEdges(row);
  return (
    <Box pos="relative" {...box}>
      <nav
        ref={row}
        className="hw-scroll-row"
        aria-label={label}
        onScroll={(event) => measure(event.currentTarget)}
      >
        {children}
      </nav>
      {more.before && <ScrollEdge side="left" />}
      {more.after && <ScrollEdge side="right" />}
    </Box>
  );
}
