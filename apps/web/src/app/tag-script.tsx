import { useEffect } from 'react';
import { useConsent } from '../lib/consent';
import { useSettings } from '../lib/reference';

/** Loads the settings tag script (served same-origin for the CSP) only after advertising consent. */
export function TagScript() {
  const consent = useConsent();
  const { data: settings } = useSettings();
  const enabled = Boolean(consent?.advertising && settings?.tag_script.trim());

  useEffect(() => {
    if (!enabled || document.getElementById('parley-tag-script')) return;
    const script = document.createElement('script');
    script.id = 'parley-tag-script';
    script.src = '/api/tag-script.js';
    script.async = true;
    document.head.appendChild(script);
  }, [enabled]);

  return null;
}
