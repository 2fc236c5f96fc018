import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';
import { setThemeChoice, useThemeChoice, type ThemeChoice } from '../../lib/theme';

const options: { value: ThemeChoice; label: 'appUi.themeLight' | 'appUi.themeDark' | 'appUi.themeSystem' }[] = [
  { value: 'light', label: 'appUi.themeLight' },
  { value: 'dark', label: 'appUi.themeDark' },
  { value: 'system', label: 'appUi.themeSystem' },
];

/** The header's theme menu: light, dark or follow the system (issue 34 §4). */
export function ThemeMenu() {
  const t = useT();
  const choice = useThemeChoice();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onClick = (event: MouseEvent) => box.current && !box.current.contains(event.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  return (
    <div className="theme-menu" ref={box}>
      <button
        type="button"
        className="theme-menu__toggle"
        aria-label={t('appUi.theme')}
        aria-expanded={open}
        aria-controls="theme-menu-panel"
        onClick={() => setOpen((v) => !v)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 2v14a7 7 0 0 1 0-14z" />
        </svg>
      </button>
      {open && (
        <div className="theme-menu__panel" id="theme-menu-panel" role="group" aria-label={t('appUi.theme')}>
          {options.map((option) => (
            <button
              key={option.value}
              type="button"
              className="theme-menu__option"
              aria-pressed={choice === option.value}
              onClick={() => {
                setThemeChoice(option.value);
                setOpen(false);
              }}
            >
              {t(option.label)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
