/** The parameter table of the HTTP API editor: nested rows for object and array types, add, remove, reorder. */
import { useTranslation } from 'react-i18next';
import { PARAM_TYPES, type ParamItem } from '../../../../shared/schemas/document';
import { ParamHeader } from './viewer';

const newParam = (): ParamItem => ({ id: crypto.randomUUID().slice(0, 8), name: '', type: 'string', required: false, value: '', description: '', children: [] });
const nests = (type: ParamItem['type']) => type === 'object' || type === 'array[object]' || type === 'array' || type === 'array[array]';

function Rows({ items, depth, onChange, label }: { items: ParamItem[]; depth: number; onChange: (items: ParamItem[]) => void; label: string }) {
  const { t } = useTranslation();
  const set = (i: number, item: ParamItem) => onChange(items.map((x, j) => (j === i ? item : x)));
  const move = (i: number, by: number) => {
    const next = [...items];
    const [item] = next.splice(i, 1);
    next.splice(i + by, 0, item!);
    onChange(next);
  };
  return items.map((item, i) => (
    <FragmentRow key={item.id}>
      <tr>
        <td style={{ paddingLeft: 8 + depth * 18 }}>
          <input aria-label={`${label} ${t('docs.param.name')} ${depth}.${i}`} value={item.name} onChange={(e) => set(i, { ...item, name: e.target.value })} />
        </td>
        <td>
          <select aria-label={`${label} ${t('docs.param.type')} ${depth}.${i}`} value={item.type} onChange={(e) => set(i, { ...item, type: e.target.value as ParamItem['type'] })}>
            {PARAM_TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        </td>
        <td>
          <input type="checkbox" aria-label={t('docs.param.required')} checked={item.required} onChange={(e) => set(i, { ...item, required: e.target.checked })} />
        </td>
        <td>
          <input aria-label={t('docs.param.value')} value={item.value} onChange={(e) => set(i, { ...item, value: e.target.value })} />
        </td>
        <td>
          <input aria-label={t('docs.param.description')} value={item.description} onChange={(e) => set(i, { ...item, description: e.target.value })} />
        </td>
        <td className="row-actions">
          {nests(item.type) && (
            <button type="button" className="text-button" aria-label={`${t('docs.param.addChild')} ${item.name}`} onClick={() => set(i, { ...item, children: [...item.children, newParam()] })}>
              +
            </button>
          )}
          <button type="button" className="text-button" aria-label={t('docs.param.up')} disabled={i === 0} onClick={() => move(i, -1)}>
            ↑
          </button>
          <button type="button" className="text-button" aria-label={t('docs.param.down')} disabled={i === items.length - 1} onClick={() => move(i, 1)}>
            ↓
          </button>
          <button type="button" className="text-button danger" aria-label={t('docs.param.remove')} onClick={() => onChange(items.filter((_, j) => j !== i))}>
            ×
          </button>
        </td>
      </tr>
      <Rows items={item.children} depth={depth + 1} label={label} onChange={(children) => set(i, { ...item, children })} />
    </FragmentRow>
  ));
}

const FragmentRow = ({ children }: { children: React.ReactNode }) => <>{children}</>;

export function ParamEditor({ title, items, onChange }: { title: string; items: ParamItem[]; onChange: (items: ParamItem[]) => void }) {
  const { t } = useTranslation();
  return (
    <section className="doc-section">
      <h3>{title}</h3>
      <table className="table param-editor" aria-label={title}>
        <ParamHeader actions />
        <tbody>
          <Rows items={items} depth={0} onChange={onChange} label={title} />
        </tbody>
      </table>
      <button type="button" className="button" onClick={() => onChange([...items, newParam()])}>
        {t('docs.param.add')} · {title}
      </button>
    </section>
  );
}
