import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { i18nReady } from './i18n';
import './styles.css';

// At once in Chinese; a reader who chose English waits for its texts' chunk rather than seeing Chinese first.
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
