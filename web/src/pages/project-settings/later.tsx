import { Card } from 'antd';
import { ComingLater } from '../../components/coming-later';

/** Settings whose features come with a later release (authority, export, numbering style, teams). */
export function Component() {
  return (
    <Card>
      <ComingLater />
    </Card>
  );
}
