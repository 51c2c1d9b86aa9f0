import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../components/ui';

const SECTIONS = ['start', 'projects', 'folders', 'recycle', 'account'] as const;

/** The user manual. */
export function Component() {
  const { t } = useTranslation();
  return (
    <div className="doc-page">
      <header className="console-header">
        <Link to="/">
          <Logo small />
        </Link>
      </header>
      <article className="help">
        <h1>{t('help.title')}</h1>
        {SECTIONS.map((key) => (
          <section key={key}>
            <h2>{t(`help.${key}.title`)}</h2>
            <p>{t(`help.${key}.text`)}</p>
          </section>
        ))}
      </article>
    </div>
  );
}
