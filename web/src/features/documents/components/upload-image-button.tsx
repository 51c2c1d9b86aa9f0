import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { useChooseAndUpload, type UploadTarget } from '../lib/uploads';

/**
 * Chooses an image and uploads it (into a project, the team's own for its logo, or the account's own for its
 * avatar), then hands back its /files/ address. The size limit and the type (by the file's bytes) are checked in the browser first, with the
 * localised message, and again by the service; a refusal is shown to the user and hands back nothing.
 * Used for a team's logo and a person's avatar.
 */
export function UploadImageButton({
  to,
  disabled,
  onUploaded,
  children,
}: {
  /** Where the image is kept; none disables the button. */
  to: UploadTarget | undefined;
  disabled?: boolean;
  onUploaded: (url: string) => void;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const chooseAndUpload = useChooseAndUpload();
  async function upload() {
    if (!to) return;
    setBusy(true);
    try {
      const file = await chooseAndUpload(to, 'image');
      if (file) onUploaded(file.url);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button icon={<UploadOutlined aria-hidden />} loading={busy} disabled={disabled || !to} onClick={() => void upload()}>
      {children}
    </Button>
  );
}
