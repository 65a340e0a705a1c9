import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app.tsx';
import { pageLocale } from './i18n/format.ts';
import { I18nProvider } from './i18n/i18n.tsx';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <I18nProvider locale={pageLocale()}>
    <BrowserRouter basename="/console">
      <App />
    </BrowserRouter>
  </I18nProvider>,
);
