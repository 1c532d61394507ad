import { ROUTES } from '#contract/index.ts';
import { identity } from '../../lib/session/index.ts';
import { useIdentity } from '../../lib/session/useIdentity.ts';
import { formatDateTime } from './format.ts';
import { listUnsaved } from './unsavedInput.ts';

/**
 * Input kept from an earlier visit (an expired session, a closed tab), so the user finds it again after
 * signing in: each links to its e-service, which offers to restore it.
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
          <li key={i.appCode}>
            <a href={`#${ROUTES.generic}?app=${encodeURIComponent(i.appCode)}`}>{i.title}</a>: changes from{' '}
            {formatDateTime(i.savedAt)}
          </li>
        ))}
      </ul>
    </section>
  );
}
