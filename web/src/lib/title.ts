import { useEffect } from 'react';

const APP = 'Apiloom';

/** The tab names the page, most specific first: "Document - Project - Apiloom". Empty parts are left out. */
/** The same, for a branch of a page that shows instead of its usual content. */
export function Title({ parts }: { parts: (string | null | undefined)[] }) {
  useTitle(...parts);
  return null;
}

export function useTitle(...parts: (string | null | undefined)[]) {
  const title = [...parts.filter((p): p is string => !!p), APP].join(' - ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
