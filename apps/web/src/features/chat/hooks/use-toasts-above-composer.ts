import { useLayoutEffect, type RefObject } from 'react';

/** Room left between the message box and the lowest toast. */
const GAP_PX = 12;

/**
 * Toasts sit bottom-right (spec §9); on a chat screen that is where the message box and Send are
 * (issue 33 #17). While the screen is open, the toasts are lifted above the composer: the toaster
 * reads `--toast-bottom`, kept equal to the space below the composer's top edge.
 */
export function useToastsAboveComposer(shell: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const el = shell.current;
    if (!el) return;
    const root = document.documentElement;
    const composerParts = () => [...el.querySelectorAll<HTMLElement>('.chat-input, .chat-shell__spending')];
    const place = () => {
      const tops = composerParts()
        .map((part) => part.getBoundingClientRect().top)
        .filter((top) => top > 0);
      if (tops.length === 0) return;
      root.style.setProperty('--toast-bottom', `${Math.max(0, Math.round(window.innerHeight - Math.min(...tops) + GAP_PX))}px`);
    };
    place();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    observer?.observe(el);
    for (const part of composerParts()) observer?.observe(part);
    window.addEventListener('resize', place);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', place);
      root.style.removeProperty('--toast-bottom');
    };
  }, [shell]);
}
