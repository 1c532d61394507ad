import './dashboard.css';
import { ROUTES } from '#contract/index.ts';
import type { CaseSummary, UserIdentity } from '#contract/schemas/index.ts';
import { LoadStatus } from '../../components/load/LoadStatus.tsx';
import { buildHref } from '../../lib/router/location.ts';
import type { ScreenProps } from '../../lib/router/router.ts';
import { identity as identityStore } from '../../lib/session/index.ts';
import { useIdentity } from '../../lib/session/useIdentity.ts';
import { BillsDue, isMasterUser, ProxyPanel } from '../../app/dashboardParts.ts';
import { EserviceShortcuts } from './EserviceShortcuts.tsx';
import { RecordsSummary } from './RecordsSummary.tsx';
import { useDashboardData } from './useDashboardData.ts';

/** Where a record opens: its e-service's screen, naming the record (the screen then opens it), or its answer to a request. */
export const recordHref = (record: CaseSummary, respond = false) =>
  buildHref(ROUTES.generic, { app: record.appCode, case: record.id, step: respond ? 'respond' : undefined });

function DashboardBody({ identity }: { identity: UserIdentity }) {
  const { catalogue, records, retry } = useDashboardData(identity.ptibProfileID);
  const eservices = catalogue.kind === 'ready' ? catalogue.value.groups.flatMap((g) => g.eservices) : [];
  return (
    <>
      <p className="greeting" data-testid="dashboard-greeting">
        Welcome, {identity.PTIBName}
      </p>
      {identity.dashboardMessage && (
        <section aria-labelledby="message-heading" className="dashboard-message">
          <h2 id="message-heading">Message</h2>
          <p>{identity.dashboardMessage}</p>
        </section>
      )}
      {isMasterUser(identity) && <ProxyPanel identity={identity} />}
      <LoadStatus
        state={records}
        loading="Loading your e-service records…"
        failed={`${catalogue.kind === 'failed' ? 'Your e-services and records' : 'Your e-service records'} could not be loaded.`}
        retry={retry}
      />
      {records.kind === 'ready' && (
        <RecordsSummary summary={records.value} eservices={eservices} recordHref={recordHref} />
      )}
      <BillsDue />
      {catalogue.kind === 'ready' && <EserviceShortcuts groups={catalogue.value.groups} />}
    </>
  );
}

/** #/dashboard: greeting, message, proxy selector (master users), records and e-service shortcuts. */
export default function DashboardScreen(_props: ScreenProps) {
  const identity = useIdentity(identityStore, { keepWhileReloading: true });
  return (
    <section aria-labelledby="page-heading" className="dashboard">
      <h1 id="page-heading" tabIndex={-1}>
        Dashboard
      </h1>
      {identity ? <DashboardBody identity={identity} /> : <p role="status">Loading your dashboard…</p>}
    </section>
  );
}
