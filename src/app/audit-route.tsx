import { useSearch } from 'wouter';
import { provideAuditTrail } from '../actors/audit.actors';
import { auditApi } from '../api/audit.api';
import { auditFiltersOf } from '../domain/audit';
import { showToast } from '../ui/toasts';
import { AuditScreen } from '../views/audit/audit-screen';
import type { AppServices } from './services';

// Composed here so that the statechart and its effects load with the screen.
const auditTrail = provideAuditTrail({ audit: auditApi, notify: showToast });

/** /admin/audit, optionally with filters in its address (a staff record's History, a payslip's). */
export default function AuditRoute({ services }: { services: AppServices }) {
  const filters = auditFiltersOf(useSearch());
  // A new address (another History link) is another screen with its own first query.
  return (
    <AuditScreen
      key={JSON.stringify(filters)}
      logic={auditTrail}
      filters={filters}
      inspect={services.inspect}
    />
  );
}
