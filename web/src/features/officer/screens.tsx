import './officer.css';

/** The back office's screens: one chunk, loaded only when an officer opens #/officer… (docs/decisions/0049). */
export { QueuesScreen } from './QueuesScreen.tsx';
export { CaseScreen } from './CaseScreen.tsx';
export { requireCaseRole, requireFinanceRole, requireOfficer } from './guard.ts';
export { OfficerHeader } from './OfficerHeader.tsx';
