/** The project view's version switcher: the live project, or one of its releases (read only). */
import { TagOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReleaseView } from '@shared/schemas/share';

const LIVE = '';
/** The option that opens the compatibility report instead of a version. */
const CHANGES = '\u0000changes';

export function VersionSwitcher({
  releases,
  value,
  onChange,
  onCompare,
}: {
  releases: ReleaseView[];
  value: string | undefined;
  onChange: (version: string | undefined) => void;
  /** Opens the compatibility report (issue 35) from the version being read (the latest release when live). */
  onCompare: () => void;
}) {
  const { t } = useTranslation();
  // A version in the address that the list no longer holds still shows as what is being read.
  const listed = !value || releases.some((r) => r.version === value);
  return (
    <Select
      className="version-switcher"
      aria-label={t('releases.switcher')}
      prefix={<TagOutlined aria-hidden />}
      value={value ?? LIVE}
      popupMatchSelectWidth={false}
      onChange={(v: string) => (v === CHANGES ? onCompare() : onChange(v === LIVE ? undefined : v))}
      options={[
        { value: LIVE, label: t('releases.live') },
        ...(listed ? [] : [{ value: value, label: value }]),
        ...releases.map((r) => ({ value: r.version, label: r.version })),
        { value: CHANGES, label: t('releases.changes') },
      ]}
    />
  );
}
