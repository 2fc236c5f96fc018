import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../../lib/i18n';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Persistent modals ignore Escape and backdrop clicks (spec §2). */
  persistent?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
let openCount = 0;

/**
 * Where focus goes back when the modal closes: the element that opened it, or — when that was an item of a
 * menu that has closed meanwhile — the button that opens that menu (issue 33: focus fell to the page body).
 */
function returnTarget(previous: HTMLElement | null): () => HTMLElement | null {
  const menu = previous?.closest<HTMLElement>('[role="menu"]');
  let opener = menu?.id ? document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`) : null;
  // Else the nearest popup button around the menu (a toggle beside the menu's panel).
  for (let scope = menu?.parentElement, depth = 0; menu && !opener && scope && depth < 3; scope = scope.parentElement, depth++)
    opener = scope.querySelector<HTMLElement>('[aria-haspopup]');
  return () => {
    if (previous && previous !== document.body && previous.isConnected) return previous;
    return opener?.isConnected ? opener : null;
  };
}

function lockScroll() {
  if (openCount++ === 0) document.body.classList.add('scroll-locked');
}
function unlockScroll() {
  if (--openCount <= 0) {
    openCount = 0;
    document.body.classList.remove('scroll-locked');
  }
}

export function Modal({ open, onClose, title, children, footer, persistent = false, size = 'md' }: ModalProps) {
  const t = useT();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // Read while rendering the opening: the menu item that opened the modal is still in the page then (its menu closes in the same commit).
  const openerRef = useRef<(() => HTMLElement | null) | null>(null);
  if (!open) openerRef.current = null;
  else openerRef.current ??= returnTarget(document.activeElement as HTMLElement | null);

  useEffect(() => {
    if (!open) return;
    const previous = openerRef.current ?? returnTarget(document.activeElement as HTMLElement | null);
    lockScroll();
    const dialog = dialogRef.current;
    const first = dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !persistent) {
        event.stopPropagation();
        onCloseRef.current();
      }
      if (event.key !== 'Tab' || !dialog) return;
      const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const head = items[0]!;
      const tail = items[items.length - 1]!;
      if (event.shiftKey && (document.activeElement === head || !dialog.contains(document.activeElement))) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && (document.activeElement === tail || !dialog.contains(document.activeElement))) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      unlockScroll();
      previous()?.focus();
    };
  }, [open, persistent]);

  if (!open) return null;
  return createPortal(
    // A click outside closes a modal that allows it; Escape does the same from the keyboard (above).
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !persistent) onClose();
      }}
    >
      <div ref={dialogRef} className={`modal modal--${size}`} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="modal__header">
          <h2 className="modal__title" id={titleId}>
            {title}
          </h2>
          {!persistent && (
            <button type="button" className="modal__close" aria-label={t('common.close')} onClick={onClose}>
              ×
            </button>
          )}
        </div>
        <div className="modal__body">{children}</div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
