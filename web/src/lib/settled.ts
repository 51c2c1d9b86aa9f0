import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `ms` (what someone typing has paused on); `undefined` while it is still
 * changing. A request keyed by it is made once per pause, and leaves the page's attention as soon as typing resumes.
 */
export function useSettled<T>(value: T, ms: number): T | undefined {
  const [settled, setSettled] = useState<{ value: T }>();
  useEffect(() => {
    const timer = setTimeout(() => setSettled({ value }), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled && Object.is(settled.value, value) ? settled.value : undefined;
}
