import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import * as z from 'zod';
import { App } from './app/app';
import './styles.css';

// zod probes `new Function` for its fast path; our CSP forbids eval, so skip the probe and its console error.
z.config({ jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
