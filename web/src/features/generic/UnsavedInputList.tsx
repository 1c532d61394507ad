import { ROUTES } from '#contract/index.ts';
import { buildHref } from '../../lib/router/location.ts';
import { identity } from '../../lib/session/index.ts';
import { useIdentity } from '../../lib/session/useIdentity.ts';
import { formatDateTime } from './format.ts';
import { entryOf, listUnsaved } from './unsavedInput.ts';

/**
 * Input kept from an earlier visit (an expired session, a closed tab), so the user finds it again after
 * signing in: each record's links to where it is offered (docs/decisions/0010), a saved record's to that
 * record, a new record's to the e-service's new form, named so that it offers that one.
 */
export function UnsavedInputList() {
  const user = useIdentity(identity, { load: false });
  if (!user) return null;
  const inputs = listUnsaved({ loginName: user.loginName, profileId: user.ptibProfileID });
  if (inputs.length === 0) return null;
  return (
    <section className="notice" aria-labelledby="unsaved-heading">
      <h2 id="unsaved-heading">Unsaved changes</h2>
      <ul>
        {inputs.map((i) => (
          <li key={`${i.appCode}.${entryOf(i)}`}>
            <a
              href={buildHref(
                ROUTES.generic,
                i.caseId ? { app: i.appCode, case: i.caseId } : { app: i.appCode, kept: entryOf(i) },
              )}
            >
              {i.title}
              {i.caseNumber ? `, record ${i.caseNumber}` : ', a new record'}
            </a>
            : changes from {formatDateTime(i.savedAt)}
          </li>
        ))}
      </ul>
    </section>
  );
}
