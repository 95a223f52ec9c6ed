import { languages, startBySources, type Language, type StartBy } from '@plugboard/contract';
import { text, textLanguage } from '../../lib/texts.ts';

// The export's words in the language the console asked for (the server's locale files, `export`): the file is made
// on the server (it streams). Authorization values stay OCPP's words.

/** The columns, in the order of the file (export-files.ts `columnKinds`, export-lines.ts). */
const columnKeys = [
  'id',
  'charger',
  'productCode',
  'connector',
  'startBy',
  'cardId',
  'cardGroup',
  'startTime',
  'endTime',
  'energy',
  'cost',
  'currency',
  'status',
  'meterValue',
  'authorization',
] as const;

export type ExportLabels = {
  /** In the order of `columnKeys`. */
  columns: readonly string[];
  status: { ongoing: string; complete: string };
  startBy: Record<StartBy, string>;
};

const labelsOf = (language: Language): ExportLabels => ({
  columns: columnKeys.map((key) => text(language, `export.columns.${key}`)),
  status: {
    ongoing: text(language, 'export.status.ongoing'),
    complete: text(language, 'export.status.complete'),
  },
  startBy: Object.fromEntries(
    startBySources.map((key) => [key, text(language, `export.startBy.${key}`)]),
  ) as Record<StartBy, string>,
});

/** Built once per language, at start: an export only picks its language's. */
export const exportLabels = Object.fromEntries(
  languages.map((language) => [language, labelsOf(language)]),
) as Record<Language, ExportLabels>;

/** The labels of a console language; English for anything else. */
export const labelsFor = (language: string | undefined): ExportLabels => exportLabels[textLanguage(language)];
