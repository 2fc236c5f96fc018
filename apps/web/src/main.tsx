import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './lib/service-worker';
import { initTheme } from './lib/theme';
import './styles/base.css';
import './styles/components.css';
import './styles/pages.css';

// The saved theme is in force before the first render (CSS alone follows the system before this line).
initTheme();

// Installable app and Web Push (issue 34 §3): the built app only (Vite's dev server has no sw.js shell to keep).
if (import.meta.env.PROD) registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
