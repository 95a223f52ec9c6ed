import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { readListParams, writeListParams, type CardListParams } from '../lib/list-params';

/** The list's filter and page from the URL; the typed search reaches it 300 ms after the typing stops, on page 1. */
export function useCardListParams() {
  const [params, setParams] = useSearchParams();
  const query = readListParams(params);
  const update = (change: Partial<CardListParams>) =>
    setParams((current) => writeListParams(current, change), { replace: true });

  const [text, setText] = useState(query.keyword);
  const typed = useDebouncedValue(text, 300);
  const applied = useRef(typed);
  useEffect(() => {
    if (applied.current === typed) return;
    applied.current = typed;
    setParams((current) => writeListParams(current, { keyword: typed, pageNum: 1 }), { replace: true });
  }, [typed, setParams]);

  return { query, update, text, setText };
}
