import { Button, type ButtonProps } from 'antd';
import { useHref, useLinkClickHandler } from 'react-router';

/** A router link that looks like a button: one element, one tab stop, still a link to assistive technology. */
export function LinkButton({ to, replace, ...props }: Omit<ButtonProps, 'href'> & { to: string; replace?: boolean }) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to, { replace });
  return <Button {...props} href={href} onClick={(e) => onClick(e as React.MouseEvent<HTMLAnchorElement>)} />;
}
