import { useEffect, useState } from 'react';

/**
 * A paged list's filter: the text as typed, the text to query (settled 300 ms after the last keystroke) and the
 * page, which goes back to 1 when the query changes (and only then).
 */
export function useListFilter() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    if (text === q) return undefined;
    const timer = setTimeout(() => {
      setQ(text);
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [text, q]);
  return { text, setText, q, page, setPage };
}
