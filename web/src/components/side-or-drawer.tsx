/**
 * The document tree's place: a side column on wide screens; on a phone a drawer opened by a button in the header
 * (`TreeButton`), so the document has the whole width. Choosing a document closes the drawer (the caller's `onClose`).
 */
import { UnorderedListOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout } from 'antd';
import type { ReactNode } from 'react';

export function SideOrDrawer(props: { narrow: boolean; open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  if (!props.narrow)
    return (
      <Layout.Sider width={300} theme="light" className="workspace-side">
        {props.children}
      </Layout.Sider>
    );
  return (
    <Drawer open={props.open} placement="left" size={320} title={props.title} onClose={props.onClose} rootClassName="tree-drawer">
      {props.children}
    </Drawer>
  );
}

export function TreeButton({ label, onClick }: { label: string; onClick: () => void }) {
  return <Button className="tree-button" icon={<UnorderedListOutlined aria-hidden />} aria-label={label} onClick={onClick} />;
}
