import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initTheme } from './lib/theme';
import './styles/base.css';
import './styles/components.css';
import './styles/pages.css';

// The saved theme is in force before the first render (CSS alone follows the system before this line).
initTheme();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
