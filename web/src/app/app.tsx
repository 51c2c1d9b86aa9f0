import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { Toaster } from '../components/toast';
import { i18n } from '../i18n';
import { queryClient } from '../lib/api';
import { createRouter } from './router';

const router = createRouter();

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
