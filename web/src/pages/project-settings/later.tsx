import { Card } from 'antd';
import { ComingLater } from '../../components/coming-later';

/** Settings whose features come with a later release (numbering style). */
export function Component() {
  return (
    <Card>
      <ComingLater />
    </Card>
  );
}
