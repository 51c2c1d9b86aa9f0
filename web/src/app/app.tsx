import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { LanguageOffer } from '../components/language-offer';
import { i18n, kitLocale } from '../i18n';
import { queryClient } from '../lib/api';
import { NotifyHolder } from '../lib/notify';
import { createRouter } from './router';
import { theme } from './theme';

const router = createRouter();

/**
 * The kit's texts (pagination, empty states, confirm buttons) follow the app's language switch. Buttons keep their
 * text as written: antd would put a space between two Chinese characters, which also changes their accessible name.
 */
function Kit({ children }: { children: React.ReactNode }) {
  const { i18n: current } = useTranslation();
  return (
    <ConfigProvider theme={theme} locale={kitLocale(current.language)} button={{ autoInsertSpace: false }}>
      <NotifyHolder />
      {children}
      <LanguageOffer />
    </ConfigProvider>
  );
}

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Kit>
          <RouterProvider router={router} />
        </Kit>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
