import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWatch, useWatchChange } from '../api';
import '../../../i18n/comment-texts';

/** Watch or stop watching a project, folder or document; one watched from above says so. */
export function WatchButton({ targetId }: { targetId: string }) {
  const { t } = useTranslation();
  const state = useWatch(targetId, true);
  const add = useWatchChange('watch.add');
  const remove = useWatchChange('watch.remove');
  if (!state.data) return null;
  const { watching, inherited } = state.data;
  const change = watching ? remove : add;
  return (
    <Tooltip title={inherited && !watching ? t('comments.watchingFromAbove') : t('comments.watchTip')}>
      <Button
        icon={watching || inherited ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
        aria-pressed={watching}
        loading={change.isPending}
        onClick={() => change.mutate({ params: { id: targetId } })}
      >
        {watching ? t('comments.watching') : t('comments.watch')}
      </Button>
    </Tooltip>
  );
}
