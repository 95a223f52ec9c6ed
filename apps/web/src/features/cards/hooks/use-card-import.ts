import { useRef, useState } from 'react';
import { useImportCards } from '../api/import-cards';
import {
  mergeProblems,
  readCardFile,
  type CardFile,
  type CardFileError,
  type ImportProblem,
} from '../lib/card-csv';
import { readTextFile } from '../lib/read-text-file';

export type ReadyFile = Extract<CardFile, { ok: true }>;

/** Where an import stands: no file yet, a file that cannot be read, being checked, checked (with its problems). */
export type ImportState =
  | { step: 'empty' }
  | { step: 'invalid'; name: string; error: CardFileError }
  | { step: 'checking'; name: string; file: ReadyFile }
  | { step: 'checked'; name: string; file: ReadyFile; problems: ImportProblem[] }
  | { step: 'failed'; name: string; file: ReadyFile };

/**
 * Reads a chosen file, has the server check every row (a dry run) and imports only a file without problems. A
 * file chosen again replaces the previous one and its report.
 */
export function useCardImport(onImported: (count: number) => void) {
  const importCards = useImportCards();
  const [state, setState] = useState<ImportState>({ step: 'empty' });
  const latest = useRef(0);

  const choose = async (chosen: File) => {
    const attempt = ++latest.current;
    const name = chosen.name;
    const file = readCardFile(await readTextFile(chosen));
    if (attempt !== latest.current) return;
    if (!file.ok) {
      setState({ step: 'invalid', name, error: file.error });
      return;
    }
    setState({ step: 'checking', name, file });
    importCards.mutate(
      { dryRun: true, rows: file.rows },
      {
        onSuccess: (result) => {
          if (attempt !== latest.current) return;
          setState({ step: 'checked', name, file, problems: mergeProblems(file.problems, result.errors) });
        },
        onError: () => {
          if (attempt === latest.current) setState({ step: 'failed', name, file });
        },
      },
    );
  };

  const importAll = () => {
    if (state.step !== 'checked' || state.problems.length > 0) return;
    const { name, file } = state;
    const attempt = ++latest.current;
    importCards.mutate(
      { dryRun: false, rows: file.rows },
      {
        onSuccess: (result) => {
          if (attempt !== latest.current) return;
          // Someone added one of these card IDs since the check: nothing was imported, and the report says why.
          if (result.imported === 0) setState({ step: 'checked', name, file, problems: result.errors });
          else onImported(result.imported);
        },
      },
    );
  };

  const canImport = state.step === 'checked' && state.problems.length === 0 && !importCards.isPending;
  return {
    state,
    choose,
    importAll,
    canImport,
    importing: importCards.isPending && state.step === 'checked',
  };
}
