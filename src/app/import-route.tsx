import { useSearch } from 'wouter';
import { provideDataImport } from '../actors/data-import.actors';
import { importsApi } from '../api/imports.api';
import { IMPORT_KINDS, type ImportKind } from '../domain/staff-import';
import { showToast } from '../ui/toasts';
import { ImportScreen } from '../views/imports/import-screen';
import type { AppServices } from './services';

// Composed here so that the statechart and its effects load with the screen.
const dataImport = provideDataImport({ imports: importsApi, notify: showToast });

const kindOf = (search: string): ImportKind | undefined => {
  const kind = new URLSearchParams(search).get('kind');
  return IMPORT_KINDS.find((k) => k === kind);
};

/** /admin/import, optionally `?kind=opening-ytd|opening-leave` (the setup checklist's links). */
export default function ImportRoute({ services }: { services: AppServices }) {
  const kind = kindOf(useSearch());
  return <ImportScreen key={kind ?? ''} logic={dataImport} kind={kind} inspect={services.inspect} />;
}
