import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../../components/search-box';

/**
 * The console's project search box, the same in the personal and the team console (one label and placeholder);
 * what it searches and when is the console's own (the personal one searches on the server, the team one filters).
 */
export function ProjectSearchBox(props: { value: string; onChange: (value: string) => void; className: string }) {
  const { t } = useTranslation();
  return <SearchBox label={t('projects.search')} placeholder={t('projects.searchPlaceholder')} {...props} />;
}
