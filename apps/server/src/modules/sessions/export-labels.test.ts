import { describe, expect, it } from 'vitest';
import { languages, startBySources } from '@plugboard/contract';
import { exportLabels, labelsFor } from './export-labels.ts';

describe('the export labels', () => {
  it('exist in every console language, translated, for every column, start-by source and status', () => {
    for (const language of languages) {
      const labels = exportLabels[language];
      expect(labels.columns).toHaveLength(15);
      expect(Object.keys(labels.startBy).sort()).toEqual([...startBySources].sort());
      for (const text of [
        ...labels.columns,
        ...Object.values(labels.startBy),
        ...Object.values(labels.status),
      ]) {
        expect(text.trim()).not.toBe('');
      }
      if (language !== 'en_US') expect(labels.columns).not.toEqual(exportLabels.en_US.columns);
    }
    expect(labelsFor('xx_XX')).toBe(exportLabels.en_US);
  });

  it('go into a CSV cell as they are (the writer does not quote them)', () => {
    for (const labels of Object.values(exportLabels)) {
      for (const text of [...Object.values(labels.startBy), ...Object.values(labels.status)]) {
        expect(text).not.toMatch(/^[=+\-@\t\r]|[",\r\n]/);
      }
    }
  });
});
