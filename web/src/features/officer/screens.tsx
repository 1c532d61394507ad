import './officer.css';
import { backOffice } from './backOffice.tsx';
import { CaseScreen as Case } from './CaseScreen.tsx';
import { QueuesScreen as Queues } from './QueuesScreen.tsx';

/** The back office's screens: one chunk, loaded only when an officer opens #/officer… (docs/decisions/0049). */
export const QueuesScreen = backOffice(Queues);
export const CaseScreen = backOffice(Case);
export { backOffice };
export { requireCaseRole, requireFinanceRole, requireOfficer } from './guard.ts';
