import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';

/**
 * A list's search box, drawn the same everywhere (a search input with its icon and a clear button): the project
 * consoles and the document tree. Named by `label`; the placeholder says the same unless told otherwise.
 */
export function SearchBox(props: {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  className: string;
}) {
  return (
    <Input
      type="search"
      allowClear
      prefix={<SearchOutlined aria-hidden />}
      placeholder={props.placeholder ?? props.label}
      aria-label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      className={props.className}
    />
  );
}
