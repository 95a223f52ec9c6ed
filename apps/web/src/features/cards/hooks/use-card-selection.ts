import { useState } from 'react';
import type { Card } from '@plugboard/contract';

const none: ReadonlySet<number> = new Set();

/**
 * The ticked rows of the page on screen. Another page, filter or tab starts with nothing ticked, so that a bulk
 * action never touches a card the operator cannot see.
 */
export function useCardSelection(scope: string, rows: readonly Card[]) {
  const [selection, setSelection] = useState({ scope, ids: none });
  const ids = selection.scope === scope ? selection.ids : none;
  const cards = rows.filter((card) => ids.has(card.id));

  const select = (changed: readonly number[], selected: boolean) => {
    const next = new Set(ids);
    for (const id of changed) {
      if (selected) next.add(id);
      else next.delete(id);
    }
    setSelection({ scope, ids: next });
  };
  const clear = () => setSelection({ scope, ids: none });

  return { ids: new Set(cards.map((card) => card.id)) as ReadonlySet<number>, cards, select, clear };
}
